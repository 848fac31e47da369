import type { ProductImage } from '@leafline/contract/catalog';
import { DEFAULT_PRODUCT_CATEGORY, type ProductCondition } from '@leafline/contract/constants';
import type { SellerProduct } from '@leafline/contract/seller-products';

/** A picture picked in the form, not yet sent. */
export interface NewImage {
  key: string;
  file: File;
  /** A product picture's option value, as on a stored one (docs/decisions/0024). */
  option1?: string;
  option2?: string;
}

/**
 * The option value a product picture shows (docs/decisions/0024): option 1 or 2 of the
 * variants with its value ("Navy"); null for a picture of every variant.
 */
export type PhotoTie = { option: 1 | 2; value: string } | null;

/** The tie of a stored or a picked product picture. */
export function tieOf(image: {
  option1?: string | undefined;
  option2?: string | undefined;
}): PhotoTie {
  if (image.option1) return { option: 1, value: image.option1 };
  if (image.option2) return { option: 2, value: image.option2 };
  return null;
}

/** The picture with another tie. */
export function withTie<T extends object>(image: T, tie: PhotoTie): T {
  const {
    option1: _one,
    option2: _two,
    ...rest
  } = image as T & {
    option1?: string;
    option2?: string;
  };
  if (!tie) return rest as T;
  return { ...rest, [tie.option === 1 ? 'option1' : 'option2']: tie.value } as T;
}

/** A variant's own pictures: the payload also lists the product pictures tied to it. */
const ownImages = (images: readonly ProductImage[]) => images.filter((image) => !tieOf(image));

export interface VariantDraft {
  key: string;
  /** An existing variant of the product (edit); undefined for a new row. */
  id: number | undefined;
  option1: string;
  option2: string;
  /** '' → the product's price. */
  price: string;
  /** Stored pictures still kept. */
  existingImages: ProductImage[];
  /** How many stored pictures the variant had when the form opened. */
  initialImageCount: number;
  newImages: NewImage[];
}

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  condition: ProductCondition;
  category: string;
  product_category: string;
  optionNames: [string, string];
  /** Whether the product had option names when the form opened (so clearing them is sent). */
  hadOptionNames: boolean;
  existingImages: ProductImage[];
  initialImageCount: number;
  newImages: NewImage[];
  variants: VariantDraft[];
}

let nextKey = 1;
/** A key for a row or a picture that React and the error map can follow. */
export function newKey(prefix: string): string {
  return `${prefix}-${nextKey++}`;
}

export function emptyVariant(): VariantDraft {
  return {
    key: newKey('variant'),
    id: undefined,
    option1: '',
    option2: '',
    price: '',
    existingImages: [],
    initialImageCount: 0,
    newImages: [],
  };
}

/** SPEC §4 Product form defaults: condition new, category 'Eco-Friendly Business', empty. */
export function emptyDraft(): ProductDraft {
  return {
    name: '',
    description: '',
    price: '',
    condition: 'new',
    category: DEFAULT_PRODUCT_CATEGORY,
    product_category: '',
    optionNames: ['', ''],
    hadOptionNames: false,
    existingImages: [],
    initialImageCount: 0,
    newImages: [],
    variants: [],
  };
}

/** The form filled from a product (edit mode). */
export function draftFromProduct(product: SellerProduct): ProductDraft {
  const names = product.option_names ?? [];
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    condition: product.condition,
    category: product.category || DEFAULT_PRODUCT_CATEGORY,
    product_category: product.product_category,
    optionNames: [names[0] ?? '', names[1] ?? ''],
    hadOptionNames: names.some((name) => name.trim() !== ''),
    existingImages: [...product.images],
    initialImageCount: product.images.length,
    newImages: [],
    variants: product.variants
      .filter((variant) => !variant.deleted)
      .map((variant) => ({
        key: newKey('variant'),
        id: variant.id,
        option1: variant.option1,
        option2: variant.option2 ?? '',
        // The payload gives the product's price to a variant without its own: keep it
        // following the product's price rather than pinning it. A variant without option1
        // keeps its price shown, else it would not be sent and so be removed (SPEC §5).
        price:
          variant.price === product.price && variant.option1.trim() !== '' ? '' : variant.price,
        existingImages: ownImages(variant.images),
        initialImageCount: ownImages(variant.images).length,
        newImages: [],
      })),
  };
}

/**
 * The list with the item at `from` moved to `to` (issue 24: pictures are reordered; their
 * order is the order of their §7 keys, existingImages[i] and images[i].image).
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) {
    return [...list];
  }
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** SPEC §5: a variant is sent only if it has option1 or a price. */
export function isVariantSent(variant: VariantDraft): boolean {
  return variant.option1.trim() !== '' || variant.price.trim() !== '';
}

/**
 * The text fields as the server reads them (`productFormFields` of the contract), for the
 * same checks on the client before anything is sent.
 */
export function draftToFields(draft: ProductDraft) {
  const sent = draft.variants.filter(isVariantSent);
  return {
    name: draft.name,
    description: draft.description,
    price: draft.price,
    condition: draft.condition,
    category: draft.category,
    product_category: draft.product_category,
    clear_images: clearsAll(draft.initialImageCount, draft.existingImages) ? 'true' : undefined,
    existingImages: draft.existingImages.map((image) => image.image),
    option_names: optionNamesSent(draft),
    variants: sent.map((variant) => ({
      id: variant.id === undefined ? undefined : String(variant.id),
      option1: variant.option1,
      option2: variant.option2,
      price: variant.price,
      clear_images: clearsAll(variant.initialImageCount, variant.existingImages)
        ? 'true'
        : undefined,
      existingImages: variant.existingImages.map((image) => image.image),
    })),
  };
}

function clearsAll(initialCount: number, kept: readonly ProductImage[]): boolean {
  return initialCount > 0 && kept.length === 0;
}

/** Both names when either is given, or when names existed (so an emptied name is cleared). */
function optionNamesSent(draft: ProductDraft): string[] {
  const any = draft.optionNames.some((name) => name.trim() !== '');
  return any || draft.hadOptionNames ? [...draft.optionNames] : [];
}

/**
 * The multipart body of add and edit, with SPEC §7's names exactly:
 * name, description, price, condition, category, product_category, clear_images,
 * images[i].image, existingImages[i], option_names[i], and per sent variant
 * variants[i].option1/option2/price/id/clear_images/images[j].image/existingImages[j]; beside
 * them the option value of each product picture, images[i].option1|option2 and
 * existingImages[i].option1|option2 (docs/decisions/0024).
 * `clear_images` is sent (as 'true') only when every stored picture was removed.
 */
export function buildProductFormData(draft: ProductDraft): FormData {
  const fields = draftToFields(draft);
  const form = new FormData();
  form.append('name', fields.name.trim());
  form.append('description', fields.description.trim());
  form.append('price', fields.price.trim());
  form.append('condition', fields.condition);
  form.append('category', fields.category.trim());
  form.append('product_category', fields.product_category);
  if (fields.clear_images) form.append('clear_images', 'true');
  draft.newImages.forEach((image, i) => {
    form.append(`images[${i}].image`, image.file, image.file.name);
    const tie = tieOf(image);
    if (tie) form.append(`images[${i}].option${tie.option}`, tie.value);
  });
  fields.existingImages.forEach((address, i) => {
    form.append(`existingImages[${i}]`, address);
    // Always sent for a kept picture: '' unties it (docs/decisions/0024).
    const tie = tieOf(draft.existingImages[i] ?? {});
    form.append(`existingImages[${i}].option${tie?.option ?? 1}`, tie?.value ?? '');
  });
  fields.option_names.forEach((name, i) => {
    form.append(`option_names[${i}]`, name.trim());
  });
  draft.variants.filter(isVariantSent).forEach((variant, i) => {
    const prefix = `variants[${i}]`;
    form.append(`${prefix}.option1`, variant.option1.trim());
    form.append(`${prefix}.option2`, variant.option2.trim());
    form.append(`${prefix}.price`, variant.price.trim());
    if (variant.id !== undefined) form.append(`${prefix}.id`, String(variant.id));
    if (clearsAll(variant.initialImageCount, variant.existingImages)) {
      form.append(`${prefix}.clear_images`, 'true');
    }
    variant.newImages.forEach((image, j) => {
      form.append(`${prefix}.images[${j}].image`, image.file, image.file.name);
    });
    variant.existingImages.forEach((image, j) => {
      form.append(`${prefix}.existingImages[${j}]`, image.image);
    });
  });
  return form;
}
