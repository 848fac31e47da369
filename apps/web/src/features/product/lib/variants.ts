import type { ProductImage, ProductVariant } from '@leafline/contract/catalog';

/** The variants a shopper can pick: deleted ones are kept only for old orders. */
export function liveVariants(variants: readonly ProductVariant[]): ProductVariant[] {
  return variants.filter((variant) => !variant.deleted);
}

/** A product picture tied to an option value ("Navy"; docs/decisions/0024). */
const isTied = (image: ProductImage) => !!(image.option1 || image.option2);

/**
 * The pictures the gallery shows: the picked variant's first (its own and the product's tied
 * to its option value, "Navy", so the main picture is the variant), then the product's
 * pictures of every variant, each address once; pictures tied to another value ("Sage") are
 * left out unless nothing else is left. Without any, the primary image alone.
 */
export function galleryImages(
  product: { name: string; images: readonly ProductImage[]; primary_image: string | null },
  variant: ProductVariant | undefined,
): ProductImage[] {
  const ofEveryVariant = variant ? product.images.filter((image) => !isTied(image)) : [];
  const picked = [...(variant?.images ?? []), ...ofEveryVariant];
  const images = picked.length > 0 ? picked : product.images;
  const seen = new Set<string>();
  const unique = images.filter((image) => {
    if (!image.image || seen.has(image.image)) return false;
    seen.add(image.image);
    return true;
  });
  if (unique.length > 0) return unique;
  if (product.primary_image) return [{ id: 0, image: product.primary_image, alt_text: '' }];
  return [];
}

/** One of a product's options ("Size") with its values in the order the variants give them. */
export interface VariantOption {
  name: string;
  values: string[];
}

/** A variant's value for option `index` (0 = option1); an unnamed single variant is 'Default'. */
export function optionValue(
  variant: Pick<ProductVariant, 'option1' | 'option2'>,
  index: number,
): string {
  const raw = index === 0 ? variant.option1 : variant.option2;
  return raw?.trim() || (index === 0 ? 'Default' : '');
}

/**
 * The product's options as the picker shows them: one per option the variants use, named by
 * the product's option names (Shopify's product options), else 'Options' / 'Option 2'.
 */
export function variantOptions(
  variants: readonly ProductVariant[],
  optionNames: readonly string[] = [],
): VariantOption[] {
  if (variants.length === 0) return [];
  const count = variants.some((v) => optionValue(v, 1) !== '') ? 2 : 1;
  return Array.from({ length: count }, (_, index) => ({
    name:
      optionNames[index]?.trim() ||
      (count === 1 ? 'Options' : index === 0 ? 'Option' : `Option ${index + 1}`),
    values: [
      ...new Set(variants.map((v) => optionValue(v, index)).filter((value) => value !== '')),
    ],
  }));
}

/**
 * Whether `value` of option `index` can be chosen with the current variant's earlier options
 * (the first option's values always can: every variant stays reachable from it).
 */
export function isValueAvailable(
  variants: readonly ProductVariant[],
  current: ProductVariant | undefined,
  index: number,
  value: string,
): boolean {
  return variants.some(
    (v) =>
      optionValue(v, index) === value &&
      (index === 0 || !current || optionValue(v, 0) === optionValue(current, 0)),
  );
}

/**
 * The variant picked when option `index` is set to `value`: the one that keeps the other
 * options as they are, else the first one with that value.
 */
export function variantWith(
  variants: readonly ProductVariant[],
  current: ProductVariant | undefined,
  index: number,
  value: string,
): ProductVariant | undefined {
  const withValue = variants.filter((v) => optionValue(v, index) === value);
  const other = index === 0 ? 1 : 0;
  const keeps = (v: ProductVariant) =>
    !current || optionValue(v, other) === optionValue(current, other);
  // The one keeping the other option, else one that can be bought, else any.
  return (
    withValue.find((v) => keeps(v) && !isSoldOut(v)) ??
    withValue.find((v) => !isSoldOut(v)) ??
    withValue.find(keeps) ??
    withValue[0]
  );
}

/** Sold out: counted, and none left (issue 26). */
export const isSoldOut = (unit: { stock: number | null }) => unit.stock === 0;

/**
 * Whether every variant with `value` for option `index` (and the current variant's earlier
 * options) is sold out: the value exists, but nothing of it can be bought.
 */
export function isValueSoldOut(
  variants: readonly ProductVariant[],
  current: ProductVariant | undefined,
  index: number,
  value: string,
): boolean {
  const matching = variants.filter(
    (v) =>
      optionValue(v, index) === value &&
      (index === 0 || !current || optionValue(v, 0) === optionValue(current, 0)),
  );
  return matching.length > 0 && matching.every(isSoldOut);
}

/** The variant a product page starts with: the first that can be bought, else the first. */
export const firstVariant = (variants: readonly ProductVariant[]): ProductVariant | undefined =>
  variants.find((v) => !isSoldOut(v)) ?? variants[0];
