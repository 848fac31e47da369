import type { ProductImage, ProductVariant } from '@leafline/contract/catalog';

/** 'Large / Oat', or just 'Large' when the variant has one option. */
export function variantLabel(variant: Pick<ProductVariant, 'option1' | 'option2'>): string {
  const first = variant.option1.trim();
  const second = variant.option2?.trim();
  if (!first) return second || 'Default';
  return second ? `${first} / ${second}` : first;
}

/** The variants a shopper can pick: deleted ones are kept only for old orders. */
export function liveVariants(variants: readonly ProductVariant[]): ProductVariant[] {
  return variants.filter((variant) => !variant.deleted);
}

/**
 * The pictures the gallery shows: the picked variant's own first (so the main picture is
 * the variant), then the product's, each address once; without any, the primary image alone.
 */
export function galleryImages(
  product: { name: string; images: readonly ProductImage[]; primary_image: string | null },
  variant: ProductVariant | undefined,
): ProductImage[] {
  const images = [...(variant?.images ?? []), ...product.images];
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
