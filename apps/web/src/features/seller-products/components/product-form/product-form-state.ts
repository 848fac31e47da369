import type { ProductImage } from '@leafline/contract/catalog';
import {
  DEFAULT_PRODUCT_CATEGORY,
  type ProductCondition,
  type ProductStatus,
} from '@leafline/contract/constants';
import { PRODUCT_LIMITS, type SellerProduct } from '@leafline/contract/seller-products';

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

/**
 * One picture of a product or a variant in the form: a stored one (kept, sent as
 * existingImages[i]) or a picked one (sent as images[i].image). The list's order is the order
 * the shop shows them in, stored and picked mixed (issue 24 point 13, docs/decisions/0028).
 */
export type PictureDraft = ProductImage | NewImage;

export const isNewPicture = (picture: PictureDraft): picture is NewImage => 'file' in picture;

/** The stored pictures of a list, in its order. */
export const storedPictures = (pictures: readonly PictureDraft[]): ProductImage[] =>
  pictures.filter((picture): picture is ProductImage => !isNewPicture(picture));

/** The picked pictures of a list, in its order. */
export const newPictures = (pictures: readonly PictureDraft[]): NewImage[] =>
  pictures.filter(isNewPicture);

/** A key React and the option photos follow a picture by. */
export const pictureKey = (picture: PictureDraft): string =>
  isNewPicture(picture) ? picture.key : `existing-${picture.id}-${picture.image}`;

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
  /** What it sold for before, struck through in the shop (issue 29, point 6); '' for none. */
  compare_at_price: string;
  /** The brand's own code; '' for none. */
  sku: string;
  /**
   * Units in stock (issue 26): '' for not counted; undefined while a new row's field was never
   * touched, so it follows the condition (`stockOf`).
   */
  stock: string | undefined;
  /** Its own pictures, stored ones still kept and picked ones, in their order. */
  pictures: PictureDraft[];
  /** How many stored pictures the variant had when the form opened. */
  initialImageCount: number;
}

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  /** What it sold for before (issue 29, point 6); '' for none. */
  compare_at_price: string;
  /** The brand's own code of a product without variants; '' for none. */
  sku: string;
  /** Issue 29, point 5: active (the shop), draft or archived (only the brand). */
  status: ProductStatus;
  condition: ProductCondition;
  /**
   * Units in stock of a product without variants (issue 26): '' for not counted; undefined on
   * add while the field was never touched, so it follows the condition (`stockOf`).
   */
  stock: string | undefined;
  category: string;
  product_category: string;
  optionNames: [string, string];
  /**
   * Each option's values as typed, comma separated (issue 29, point 6): what "Make every
   * combination" makes rows of; never sent themselves.
   */
  optionValues: [string, string];
  /** Whether the product had option names when the form opened (so clearing them is sent). */
  hadOptionNames: boolean;
  /** Stored pictures still kept and picked ones, in their order. */
  pictures: PictureDraft[];
  initialImageCount: number;
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
    compare_at_price: '',
    sku: '',
    stock: undefined,
    pictures: [],
    initialImageCount: 0,
  };
}

/** Option values as typed ("S, M, L"): trimmed, each once whatever its case, empty ones left out. */
export function optionValuesOf(text: string): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const part of text.split(',')) {
    const value = part.trim();
    const key = value.toLowerCase();
    if (value && !seen.has(key)) {
      seen.add(key);
      values.push(value);
    }
  }
  return values;
}

/** The distinct values of one option among live variants, in their order, as the field shows them. */
const valuesText = (
  variants: readonly { option1: string; option2: string | null; deleted: boolean }[],
  option: 'option1' | 'option2',
) =>
  optionValuesOf(
    variants
      .filter((v) => !v.deleted)
      .map((v) => v[option] ?? '')
      .join(','),
  ).join(', ');

/** What making every combination did to the rows, or how many there would have been. */
export type Combinations =
  | { rows: VariantDraft[]; added: number; kept: number }
  | { tooMany: number };

const sameValue = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Every combination of the options' values as variant rows (issue 29, point 6), first option's
 * values outermost: Size S, M × Colour Sand, Navy → S/Sand, S/Navy, M/Sand, M/Navy. A row the
 * form already has for a combination (any case) is kept as it is, price, stock and pictures
 * included, in the combination's place; a new one has the product's price and default stock.
 * Rows of other values stay after them, for the seller to remove. Without second values the
 * rows have no option 2.
 */
export function withEveryCombination(
  rows: readonly VariantDraft[],
  firstValues: readonly string[],
  secondValues: readonly string[],
): Combinations {
  const pairs = firstValues.flatMap((one) =>
    (secondValues.length ? secondValues : ['']).map((two) => [one, two] as const),
  );
  const left = [...rows];
  let kept = 0;
  const made = pairs.map(([one, two]) => {
    const at = left.findIndex((row) => sameValue(row.option1, one) && sameValue(row.option2, two));
    if (at === -1) return { ...emptyVariant(), option1: one, option2: two };
    kept += 1;
    return left.splice(at, 1)[0]!;
  });
  const all = [...made, ...left];
  if (all.length > PRODUCT_LIMITS.variants) return { tooMany: all.length };
  return { rows: all, added: made.length - kept, kept };
}

/** A stored count as the form shows it: '' for not counted. */
const stockText = (stock: number | null): string => (stock === null ? '' : String(stock));

/**
 * What a stock field holds before the seller touches it (issue 26), as the server would take
 * a count not sent on add: 1 for a second-hand product (one of a kind), else not counted.
 * The form sends it explicitly, so what the seller sees is what is saved.
 */
export const stockDefault = (condition: ProductCondition): string =>
  condition === 'second_hand' ? '1' : '';

/** The count a stock field stands for: what was typed, else the condition's default. */
export const stockOf = (stock: string | undefined, condition: ProductCondition): string =>
  stock ?? stockDefault(condition);

/**
 * Whether the product's own count is part of the form: only without variant rows (with them,
 * each row has its count; the product's is their sum).
 */
export const sendsProductStock = (draft: Pick<ProductDraft, 'variants'>): boolean =>
  draft.variants.length === 0;

/** SPEC §4 Product form defaults: condition new, category 'Eco-Friendly Business', empty. */
export function emptyDraft(): ProductDraft {
  return {
    name: '',
    description: '',
    price: '',
    compare_at_price: '',
    sku: '',
    status: 'active',
    condition: 'new',
    stock: undefined,
    category: DEFAULT_PRODUCT_CATEGORY,
    product_category: '',
    optionNames: ['', ''],
    optionValues: ['', ''],
    hadOptionNames: false,
    pictures: [],
    initialImageCount: 0,
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
    compare_at_price: product.compare_at_price ?? '',
    sku: product.sku ?? '',
    status: product.status,
    condition: product.condition,
    // With variants this is their sum: what the product's own count starts from if every
    // variant row is removed.
    stock: stockText(product.stock),
    category: product.category || DEFAULT_PRODUCT_CATEGORY,
    product_category: product.product_category,
    optionNames: [names[0] ?? '', names[1] ?? ''],
    optionValues: [
      valuesText(product.variants, 'option1'),
      valuesText(product.variants, 'option2'),
    ],
    hadOptionNames: names.some((name) => name.trim() !== ''),
    pictures: [...product.images],
    initialImageCount: product.images.length,
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
        compare_at_price: variant.compare_at_price ?? '',
        sku: variant.sku ?? '',
        stock: stockText(variant.stock),
        pictures: ownImages(variant.images),
        initialImageCount: ownImages(variant.images).length,
      })),
  };
}

/**
 * The list with the item at `from` moved to `to` (issue 24: pictures are reordered, stored and
 * picked ones alike; docs/decisions/0028).
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
    compare_at_price: draft.compare_at_price,
    // With variant rows, each row has its code (as its stock).
    sku: sendsProductStock(draft) ? draft.sku : '',
    status: draft.status,
    condition: draft.condition,
    category: draft.category,
    product_category: draft.product_category,
    stock: sendsProductStock(draft) ? stockOf(draft.stock, draft.condition) : undefined,
    clear_images: clearsAll(draft.initialImageCount, draft.pictures) ? 'true' : undefined,
    existingImages: storedPictures(draft.pictures).map((image) => image.image),
    option_names: optionNamesSent(draft),
    variants: sent.map((variant) => ({
      id: variant.id === undefined ? undefined : String(variant.id),
      option1: variant.option1,
      option2: variant.option2,
      price: variant.price,
      compare_at_price: variant.compare_at_price,
      sku: variant.sku,
      stock: stockOf(variant.stock, draft.condition),
      clear_images: clearsAll(variant.initialImageCount, variant.pictures) ? 'true' : undefined,
      existingImages: storedPictures(variant.pictures).map((image) => image.image),
    })),
  };
}

function clearsAll(initialCount: number, pictures: readonly PictureDraft[]): boolean {
  return initialCount > 0 && storedPictures(pictures).length === 0;
}

/** Both names when either is given, or when names existed (so an emptied name is cleared). */
function optionNamesSent(draft: ProductDraft): string[] {
  const any = draft.optionNames.some((name) => name.trim() !== '');
  return any || draft.hadOptionNames ? [...draft.optionNames] : [];
}

/** Whether the stored pictures of a list all come before the picked ones (the §7 order). */
function inSevenOrder(pictures: readonly PictureDraft[]): boolean {
  const firstNew = pictures.findIndex(isNewPicture);
  return firstNew === -1 || pictures.slice(firstNew).every(isNewPicture);
}

/**
 * A list's pictures under `prefix` ('' or 'variants[2].'): images[i].image for the picked ones,
 * then existingImages[i] for the stored ones, each in the list's order; with `ties`, the option
 * value of each (docs/decisions/0024). When a picked picture comes before a stored one, each
 * picture's place in the list too, images[i].position and existingImages[i].position
 * (docs/decisions/0028); otherwise the §7 order says it all and none is sent.
 */
function appendPictures(
  form: FormData,
  prefix: string,
  pictures: readonly PictureDraft[],
  ties: boolean,
) {
  const placed = !inSevenOrder(pictures);
  const place = (key: string, picture: PictureDraft) => {
    if (placed) form.append(`${key}.position`, String(pictures.indexOf(picture)));
  };
  newPictures(pictures).forEach((image, i) => {
    const key = `${prefix}images[${i}]`;
    form.append(`${key}.image`, image.file, image.file.name);
    const tie = ties ? tieOf(image) : null;
    if (tie) form.append(`${key}.option${tie.option}`, tie.value);
    place(key, image);
  });
  storedPictures(pictures).forEach((image, i) => {
    const key = `${prefix}existingImages[${i}]`;
    form.append(key, image.image);
    if (ties) {
      // Always sent for a kept picture: '' unties it (docs/decisions/0024).
      const tie = tieOf(image);
      form.append(`${key}.option${tie?.option ?? 1}`, tie?.value ?? '');
    }
    place(key, image);
  });
}

/**
 * The multipart body of add and edit, with SPEC §7's names exactly:
 * name, description, price, condition, category, product_category, clear_images,
 * images[i].image, existingImages[i], option_names[i], and per sent variant
 * variants[i].option1/option2/price/id/clear_images/images[j].image/existingImages[j];
 * compare_at_price and sku of the product and of each variant (issue 29, point 6); the
 * counts of issue 26, `stock` (without variant rows) and variants[i].stock, always sent ('' for
 * not counted) so the server never applies a default the seller did not see; beside
 * them the option value of each product picture, images[i].option1|option2 and
 * existingImages[i].option1|option2 (docs/decisions/0024), and, when the order needs them, the
 * place of each picture, [variants[i].]images[j].position and existingImages[j].position
 * (docs/decisions/0028).
 * `clear_images` is sent (as 'true') only when every stored picture was removed.
 */
export function buildProductFormData(draft: ProductDraft): FormData {
  const fields = draftToFields(draft);
  const form = new FormData();
  form.append('name', fields.name.trim());
  form.append('description', fields.description.trim());
  form.append('price', fields.price.trim());
  // Always sent: an emptied field clears what was saved (issue 29, point 6).
  form.append('compare_at_price', fields.compare_at_price.trim());
  form.append('sku', fields.sku.trim());
  form.append('status', fields.status);
  form.append('condition', fields.condition);
  form.append('category', fields.category.trim());
  form.append('product_category', fields.product_category);
  if (fields.stock !== undefined) form.append('stock', fields.stock.trim());
  if (fields.clear_images) form.append('clear_images', 'true');
  appendPictures(form, '', draft.pictures, true);
  fields.option_names.forEach((name, i) => {
    form.append(`option_names[${i}]`, name.trim());
  });
  draft.variants.filter(isVariantSent).forEach((variant, i) => {
    const prefix = `variants[${i}]`;
    form.append(`${prefix}.option1`, variant.option1.trim());
    form.append(`${prefix}.option2`, variant.option2.trim());
    form.append(`${prefix}.price`, variant.price.trim());
    form.append(`${prefix}.compare_at_price`, variant.compare_at_price.trim());
    form.append(`${prefix}.sku`, variant.sku.trim());
    form.append(`${prefix}.stock`, stockOf(variant.stock, draft.condition).trim());
    if (variant.id !== undefined) form.append(`${prefix}.id`, String(variant.id));
    if (clearsAll(variant.initialImageCount, variant.pictures)) {
      form.append(`${prefix}.clear_images`, 'true');
    }
    appendPictures(form, `${prefix}.`, variant.pictures, false);
  });
  return form;
}
