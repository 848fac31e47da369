import {
  BUSINESS_MESSAGES,
  centsToPrice,
  LOW_STOCK_THRESHOLD,
  PRODUCT_BULK_MESSAGES,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductBulkBody,
  priceAfterPercent,
  SELLER_PAGE_SIZE,
  type SellerProduct,
  type StockUpdateBody,
} from '@leafline/contract';
import type { ProductStatus } from '@leafline/contract/constants';
import type { MediaStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { badRequest, fieldError, notFound } from '../../lib/errors';
import type { MultipartForm } from '../../lib/multipart-form';
import type { ResponseCache } from '../catalog';
import { listImagesOfProducts, listLiveVariantsOfProducts, toProductDetail } from '../catalog';
import { ImageBatch } from '../media';
import { setCount } from '../stock';
import { type ImageTie, type ParsedImageTies, parseImageTies } from './image-ties';
import { type ListPositions, parseImagePositions, placePictures } from './picture-order';
import { type ParsedProductForm, parseProductForm } from './product-form';
import {
  copyProductAsDraft,
  deleteProduct,
  findSellerProduct,
  findTakenSku,
  flagVariantsDeleted,
  type ImageList,
  imagesStillUsed,
  insertProduct,
  insertVariant,
  listImagesOfProduct,
  listVariantsOfProduct,
  lockProduct,
  lockProductsForBulk,
  type ProductValues,
  pageSellerProducts,
  type SellerProductRow,
  type StoredImage,
  setPrices,
  setProductStatus,
  setProductsStatus,
  updateProduct,
  updateVariant,
  writeProductImages,
  writeVariantImages,
} from './seller-products.repo';

/**
 * The seller's products (SPEC §2 dashboard add/products, §3 Product form, §5, §7; DESIGN 2.10,
 * 2.16; docs/decisions/0013-seller-products.md). Every call gets its business (and product)
 * from the seller guard. Uploads are decoded and stored before the one transaction of a save and
 * removed again when it fails; pictures a save or delete no longer uses are removed after it
 * committed. The catalogue's cached answers are cleared here at once (the NOTIFY of the triggers
 * clears the other instances').
 */

export interface SellerProductsDeps {
  db: Db;
  storage: MediaStorage;
  catalogCache: ResponseCache;
}

/** Where product and variant uploads are stored, under /media/. */
export const PRODUCT_MEDIA_FOLDER = 'products';

const productGone = () => notFound(BUSINESS_MESSAGES.productNotFound);

/** A stored media key this app wrote (not an outside address such as a Shopify picture). */
const isOwnMediaKey = (key: string) => !/^https?:\/\//i.test(key) && !key.startsWith('/');

// ---- reading ----

async function toSellerProducts(db: Db, rows: SellerProductRow[]): Promise<SellerProduct[]> {
  const ids = rows.map((r) => r.id);
  const [images, liveVariants] = await Promise.all([
    listImagesOfProducts(db, ids),
    listLiveVariantsOfProducts(db, ids),
  ]);
  return rows.map((row) => {
    const variants = liveVariants.get(row.id) ?? [];
    const detail = toProductDetail(row, images.get(row.id) ?? [], variants);
    return {
      ...detail,
      // For its brand: the counts the form edits, and what open checkouts hold (issue 26).
      stock: variants.length ? sumCounted(variants) : row.stock,
      reserved: variants.length ? variants.reduce((n, v) => n + v.reserved, 0) : row.reserved,
      // What the form edits (issue 29, point 6): as saved.
      compare_at_price: centsOrNull(row.compareAtCents),
      sku: row.sku,
      status: row.status,
      variants: detail.variants.map((v, i) => ({
        ...v,
        stock: variants[i]!.stock,
        reserved: variants[i]!.reserved,
        compare_at_price: centsOrNull(variants[i]!.compareAtCents),
        sku: variants[i]!.sku,
      })),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

const centsOrNull = (cents: number | null) => (cents === null ? null : centsToPrice(cents));

/** The sum of the variants' counts when every one is counted, else null. */
function sumCounted(variants: readonly { stock: number | null }[]): number | null {
  let sum = 0;
  for (const v of variants) {
    if (v.stock === null) return null;
    sum += v.stock;
  }
  return sum;
}

/** SPEC §7 `GET api/business/products/{businessId}/`: newest first, a page at a time. */
export async function listSellerProducts(
  deps: SellerProductsDeps,
  businessId: number,
  page: number,
  view: { lowStock?: boolean; status?: ProductStatus | undefined; q?: string | undefined } = {},
): Promise<{ products: SellerProduct[]; total: number }> {
  const { rows, total } = await pageSellerProducts(
    deps.db,
    businessId,
    SELLER_PAGE_SIZE,
    (page - 1) * SELLER_PAGE_SIZE,
    {
      lowStockAt: view.lowStock ? LOW_STOCK_THRESHOLD : undefined,
      status: view.status,
      q: view.q,
    },
  );
  return { products: await toSellerProducts(deps.db, rows), total };
}

async function sellerProduct(
  deps: SellerProductsDeps,
  businessId: number,
  productId: number,
): Promise<SellerProduct> {
  const row = await findSellerProduct(deps.db, businessId, productId);
  if (!row) throw productGone();
  const [product] = await toSellerProducts(deps.db, [row]);
  return product!;
}

// ---- saving ----

interface StoredUploads {
  product: string[];
  variants: string[][];
}

/** Decodes and stores every upload of the form, in order; on a refusal nothing stays. */
async function storeUploads(batch: ImageBatch, form: ParsedProductForm): Promise<StoredUploads> {
  const product: string[] = [];
  for (const file of form.files) product.push((await batch.save(PRODUCT_MEDIA_FOLDER, file)).key);
  const variants: string[][] = [];
  for (const variant of form.variants) {
    const keys: string[] = [];
    for (const file of variant.files) keys.push((await batch.save(PRODUCT_MEDIA_FOLDER, file)).key);
    variants.push(keys);
  }
  return { product, variants };
}

const productValues = (form: ParsedProductForm): ProductValues => ({
  name: form.fields.name,
  description: form.fields.description,
  priceCents: form.fields.price,
  condition: form.fields.condition,
  category: form.fields.category,
  productCategory: form.fields.product_category,
  compareAtCents: form.fields.compare_at_price,
  sku: form.fields.sku,
  ...(form.fields.status ? { status: form.fields.status } : {}),
  // Trailing empty names say nothing; an edit without option_names keeps the stored ones.
  ...(form.optionNamesSent ? { optionNames: trimTrailingEmpty(form.fields.option_names) } : {}),
});

function trimTrailingEmpty(names: readonly string[]): string[] {
  const list = [...names];
  while (list.length && list.at(-1) === '') list.pop();
  return list;
}

const variantAlt = (name: string, option1: string, option2: string | null) =>
  [name, [option1, option2].filter(Boolean).join(' / ')].filter(Boolean).join(' – ');

/**
 * Reads an `existingImages` entry as the payloads give it: an id ("12"), a `/media/…` address,
 * an absolute address of it, or the stored key itself.
 */
function matchExisting(entry: string, images: readonly StoredImage[]): StoredImage | undefined {
  if (/^\d{1,10}$/.test(entry)) return images.find((i) => i.id === Number(entry));
  let address = entry;
  if (/^https?:\/\//i.test(address)) {
    const stored = images.find((i) => i.image === address);
    if (stored) return stored;
    try {
      address = new URL(address).pathname;
    } catch {
      return undefined;
    }
  }
  const key = address.startsWith('/media/') ? address.slice('/media/'.length) : address;
  return images.find((i) => i.image === key || i.image === address);
}

/**
 * The pictures after a save: the listed ones (in that order) when `existingImages` is sent,
 * else none with clear_images, else all; then the uploads. At most PRODUCT_LIMITS.images.
 * With position keys (docs/decisions/0028) each picture takes the place they give it instead.
 */
function planImages(
  current: readonly StoredImage[],
  existing: readonly string[],
  clear: boolean,
  uploads: readonly string[],
  field: string,
  altText: string,
  options: {
    /** Product pictures: the option value sent for each `existing` entry and each upload. */
    ties?: ParsedImageTies;
    /** A variant's: entries that name one of these (its tied product pictures) are skipped. */
    skip?: readonly StoredImage[];
    /** The list's position keys, when it sent any. */
    positions?: ListPositions | undefined;
  } = {},
): ImageList {
  let kept: StoredImage[];
  /** By kept picture: the `existing` entry that named it first (none when all are kept). */
  const keptEntries: (number | undefined)[] = [];
  const keptTies = new Map<StoredImage, ImageTie | null | undefined>();
  if (existing.length) {
    kept = [];
    for (const [i, entry] of existing.entries()) {
      const image = matchExisting(entry, current);
      if (!image) {
        // A variant's tied product picture, as the payloads list it: not the variant's own.
        if (options.skip && matchExisting(entry, options.skip)) continue;
        throw fieldError(`${field}existingImages[${i}]`, PRODUCT_MESSAGES.unknownImage);
      }
      if (!kept.includes(image)) {
        kept.push(image);
        keptEntries.push(i);
      }
      const tie = options.ties?.existing[i];
      if (tie !== undefined) keptTies.set(image, tie);
    }
  } else {
    kept = clear ? [] : [...current];
    keptEntries.push(...kept.map(() => undefined));
  }
  if (kept.length + uploads.length > PRODUCT_LIMITS.images) {
    throw fieldError(`${field}images`, PRODUCT_MESSAGES.tooManyImages);
  }
  const positions = placePictures(options.positions, keptEntries, uploads.length, field);
  return {
    keep: kept.map((i) => i.id),
    add: [...uploads],
    drop: current.filter((i) => !kept.includes(i)).map((i) => i.id),
    altText,
    ...(positions ? { positions } : {}),
    ...(options.ties
      ? {
          keepTies: kept.map((i) => keptTies.get(i)),
          addTies: uploads.map((_, i) => options.ties?.uploads[i] ?? null),
        }
      : {}),
  };
}

/**
 * The product's pictures after the save tied to option1 / option2 values (docs/decisions/0024):
 * kept ones by id and key, uploads by key.
 */
function tiedAfterSave(current: readonly StoredImage[], list: ImageList): StoredImage[] {
  const tied: StoredImage[] = [];
  for (const [position, id] of list.keep.entries()) {
    const image = current.find((i) => i.id === id);
    const sent = list.keepTies?.[position];
    const tie = sent === undefined ? image?.tie : sent;
    if (image && tie) tied.push({ ...image, tie });
  }
  for (const [i, key] of list.add.entries()) {
    const tie = list.addTies?.[i];
    if (tie) tied.push({ id: -1, image: key, tie });
  }
  return tied;
}

const showsVariant = (image: StoredImage, option1: string, option2: string | null) =>
  (image.tie?.option === 1 && image.tie.value === option1) ||
  (image.tie?.option === 2 && image.tie.value === option2);

/** The media keys of the pictures a list drops. */
const droppedKeys = (current: readonly StoredImage[], list: ImageList) =>
  current.filter((i) => list.drop.includes(i.id)).map((i) => i.image);

/**
 * After the writes, inside the transaction: the dropped files no picture uses any more (demo
 * products share pictures) are removed once it has committed.
 */
export async function removeUnusedLater(db: Db, batch: ImageBatch, keys: readonly string[]) {
  const own = [...new Set(keys.filter(isOwnMediaKey))];
  const used = await imagesStillUsed(db, own);
  for (const key of own) if (!used.has(key)) batch.removeLater(key);
}

/**
 * A SKU names one thing the brand sells (issue 29, point 6): one another of its products has
 * already is a 400 on the field that gives it (the form's own repeats are the contract's).
 */
async function refuseTakenSku(
  db: Db,
  businessId: number,
  productId: number | null,
  form: ParsedProductForm,
): Promise<void> {
  const given = [
    { field: 'sku', sku: form.fields.sku },
    ...form.variants.map((v) => ({ field: `${v.key}.sku`, sku: v.fields.sku })),
  ].filter((g): g is { field: string; sku: string } => g.sku !== null);
  const taken = await findTakenSku(
    db,
    businessId,
    productId,
    given.map((g) => g.sku),
  );
  if (taken === undefined) return;
  const field = given.find((g) => g.sku.toLowerCase() === taken.toLowerCase())!.field;
  throw fieldError(field, PRODUCT_MESSAGES.skuTaken(taken));
}

/** The writes of add (productId null) and edit, in the caller's transaction. */
async function writeProduct(
  db: Db,
  businessId: number,
  productId: number | null,
  form: ParsedProductForm & {
    ties: ParsedImageTies;
    positions: ReturnType<typeof parseImagePositions>;
  },
  uploads: StoredUploads,
  batch: ImageBatch,
): Promise<number> {
  const values = productValues(form);
  const name = values.name;
  // A new second-hand product is one of a kind unless the form says otherwise (issue 26).
  const newCount = form.fields.condition === 'second_hand' ? 1 : null;
  /** The counts the form sets (not sent: unchanged; on add, the default), after the writes. */
  const counts: Array<[number | null, number | null]> = [];
  const productCount =
    form.fields.stock !== undefined ? form.fields.stock : productId === null ? newCount : undefined;
  await refuseTakenSku(db, businessId, productId, form);
  let id: number;
  let currentImages: StoredImage[] = [];
  let currentVariants: Awaited<ReturnType<typeof listVariantsOfProduct>> = [];
  if (productId === null) {
    id = await insertProduct(db, businessId, values);
  } else {
    if (!(await lockProduct(db, businessId, productId))) throw productGone();
    id = productId;
    [currentImages, currentVariants] = await Promise.all([
      listImagesOfProduct(db, id),
      listVariantsOfProduct(db, id),
    ]);
    await updateProduct(db, id, values);
  }
  const dropped: string[] = [];

  const images = planImages(
    currentImages,
    form.fields.existingImages,
    form.fields.clear_images,
    uploads.product,
    '',
    name,
    { ties: form.ties, positions: form.positions.get('') },
  );
  dropped.push(...droppedKeys(currentImages, images));
  await writeProductImages(db, id, images);
  const tied = tiedAfterSave(currentImages, images);

  const live = new Map(currentVariants.filter((v) => !v.deleted).map((v) => [v.id, v]));
  const seen = new Set<number>();
  for (const [position, variant] of form.variants.entries()) {
    const { fields } = variant;
    const field = `${variant.key}.`;
    const existing = fields.id === undefined ? undefined : live.get(fields.id);
    if (fields.id !== undefined && !existing) {
      throw fieldError(`${field}id`, PRODUCT_MESSAGES.unknownVariant);
    }
    if (existing && seen.has(existing.id)) {
      throw fieldError(`${field}id`, PRODUCT_MESSAGES.duplicateVariant);
    }
    const values = {
      option1: fields.option1,
      option2: fields.option2,
      priceCents: fields.price,
      compareAtCents: fields.compare_at_price,
      sku: fields.sku,
      position,
    };
    // Not sent: an existing variant keeps its count, a new one takes the product's default.
    const variantCount =
      fields.stock !== undefined ? fields.stock : existing ? undefined : newCount;
    const current = existing?.images ?? [];
    const list = planImages(
      current,
      fields.existingImages,
      fields.clear_images,
      uploads.variants[position] ?? [],
      field,
      variantAlt(name, fields.option1, fields.option2),
      {
        skip: tied.filter((i) => showsVariant(i, fields.option1, fields.option2)),
        positions: form.positions.get(field),
      },
    );
    let variantId: number;
    if (existing) {
      seen.add(existing.id);
      variantId = existing.id;
      await updateVariant(db, id, variantId, values);
    } else {
      variantId = await insertVariant(db, id, values);
    }
    if (variantCount !== undefined) counts.push([variantId, variantCount]);
    dropped.push(...droppedKeys(current, list));
    await writeVariantImages(db, variantId, list);
  }
  // Live variants the form no longer lists: flagged, kept with their pictures for old orders.
  await flagVariantsDeleted(
    db,
    id,
    [...live.keys()].filter((v) => !seen.has(v)),
  );
  // The counts (issue 26): the stock module's rows, each change a movement of the brand's.
  if (productCount !== undefined)
    await setCount(db, { productId: id, variantId: null }, productCount);
  for (const [variantId, count] of counts) {
    await setCount(db, { productId: id, variantId }, count);
  }
  await removeUnusedLater(db, batch, dropped);
  return id;
}

async function save(
  deps: SellerProductsDeps,
  businessId: number,
  productId: number | null,
  multipart: MultipartForm,
): Promise<SellerProduct> {
  const form = {
    ...parseProductForm(multipart),
    ties: parseImageTies(multipart),
    positions: parseImagePositions(multipart),
  };
  const batch = new ImageBatch(deps.storage);
  const uploads = await storeUploads(batch, form);
  const id = await batch.commit(() =>
    deps.db.transaction((tx) => writeProduct(tx, businessId, productId, form, uploads, batch)),
  );
  deps.catalogCache.clear();
  return sellerProduct(deps, businessId, id);
}

/** SPEC §7 `POST api/add-product/{businessId}/`. */
export const addProduct = (deps: SellerProductsDeps, businessId: number, form: MultipartForm) =>
  save(deps, businessId, null, form);

/** SPEC §7 `PUT api/products/{productId}/edit/`. */
export const editProduct = (
  deps: SellerProductsDeps,
  businessId: number,
  productId: number,
  form: MultipartForm,
) => save(deps, businessId, productId, form);

/**
 * The dashboard's quick stock edit (issue 26): the product's own count and its live variants'
 * counts, in one transaction, each change a `set` movement. A variant id not of the product's
 * live ones is a 400 naming it.
 */
/**
 * Issue 29, point 5: the product into the shop (active) or out of it (draft, archived); the
 * shop's answers and its search follow at once (the catalogue cache is cleared, the search
 * engine follows the products' change log).
 */
export async function updateStatus(
  deps: SellerProductsDeps,
  businessId: number,
  productId: number,
  status: ProductStatus,
): Promise<SellerProduct> {
  if (!(await setProductStatus(deps.db, businessId, productId, status))) throw productGone();
  deps.catalogCache.clear();
  return sellerProduct(deps, businessId, productId);
}

/** Issue 29, point 5: a copy of the brand's product, as a draft ("Copy of …"). */
export async function duplicateProduct(
  deps: SellerProductsDeps,
  businessId: number,
  productId: number,
): Promise<SellerProduct> {
  const copyId = await deps.db.transaction((tx) =>
    copyProductAsDraft(tx, businessId, productId, (name) =>
      PRODUCT_MESSAGES.copyName(name).slice(0, PRODUCT_LIMITS.name),
    ),
  );
  if (copyId === undefined) throw productGone();
  return sellerProduct(deps, businessId, copyId);
}

/**
 * Issue 29, point 7: the products picked made active, drafts or archived, or their prices
 * changed by a percentage (the product's, and each live variant's own price; compare-at prices
 * stay, so a lowered price shows its former one). All or nothing: a product that is not the
 * brand's, or a price that would leave the range, changes none. Answers how many changed.
 */
export async function bulkChange(
  deps: SellerProductsDeps,
  businessId: number,
  body: ProductBulkBody,
): Promise<{ message: string; updated: number }> {
  const ids = [...new Set(body.ids)];
  const result = await deps.db.transaction(async (tx) => {
    const picked = await lockProductsForBulk(tx, businessId, ids, body.action === 'price');
    if (picked.length !== ids.length) {
      throw notFound(PRODUCT_BULK_MESSAGES.unknownProduct);
    }
    if (body.action !== 'price') {
      const updated = await setProductsStatus(tx, businessId, ids, body.action);
      return { message: PRODUCT_BULK_MESSAGES.statusSaved(updated, body.action), updated };
    }
    const percent = body.percent!;
    const inRange = (cents: number) => cents >= 1 && cents <= PRODUCT_LIMITS.maxPriceCents;
    const changes = {
      products: [] as Array<{ id: number; priceCents: number }>,
      variants: [] as Array<{ id: number; priceCents: number }>,
    };
    for (const product of picked) {
      const priceCents = priceAfterPercent(product.priceCents, percent);
      const own = product.variants.map((v) => ({
        id: v.id,
        priceCents: priceAfterPercent(v.priceCents, percent),
      }));
      if (!inRange(priceCents) || own.some((v) => !inRange(v.priceCents))) {
        throw badRequest(PRODUCT_BULK_MESSAGES.priceOutOfRange(product.name));
      }
      changes.products.push({ id: product.id, priceCents });
      changes.variants.push(...own);
    }
    await setPrices(tx, changes);
    return {
      message: PRODUCT_BULK_MESSAGES.priceSaved(picked.length, percent),
      updated: picked.length,
    };
  });
  deps.catalogCache.clear();
  return result;
}

export async function updateStock(
  deps: SellerProductsDeps,
  businessId: number,
  productId: number,
  body: StockUpdateBody,
): Promise<SellerProduct> {
  await deps.db.transaction(async (tx) => {
    if (!(await lockProduct(tx, businessId, productId))) throw productGone();
    if (body.stock !== undefined) {
      await setCount(tx, { productId, variantId: null }, body.stock);
    }
    const live = new Set(
      (await listVariantsOfProduct(tx, productId)).filter((v) => !v.deleted).map((v) => v.id),
    );
    for (const [i, change] of (body.variants ?? []).entries()) {
      if (!live.has(change.id)) {
        throw fieldError(`variants.${i}.id`, PRODUCT_MESSAGES.unknownVariant);
      }
      await setCount(tx, { productId, variantId: change.id }, change.stock);
    }
  });
  deps.catalogCache.clear();
  return sellerProduct(deps, businessId, productId);
}

/**
 * Deletes one product of the business inside the caller's transaction (its pictures, variants
 * and cart lines go with it; order lines keep their copy); the files no other picture uses are
 * removed through `batch` once the transaction committed. false when it is gone already.
 * Also the Shopify sync's removal path (issue 13).
 */
export async function deleteProductInTransaction(
  tx: Db,
  batch: ImageBatch,
  businessId: number,
  productId: number,
): Promise<boolean> {
  if (!(await lockProduct(tx, businessId, productId))) return false;
  const [images, variants] = await Promise.all([
    listImagesOfProduct(tx, productId),
    listVariantsOfProduct(tx, productId),
  ]);
  await deleteProduct(tx, businessId, productId);
  await removeUnusedLater(tx, batch, [
    ...images.map((i) => i.image),
    ...variants.flatMap((v) => v.images.map((i) => i.image)),
  ]);
  return true;
}

/**
 * SPEC §7 `DELETE api/products/{productId}/delete/`: the product row goes (decision 0013), with
 * its pictures, variants and cart lines; order lines keep their copy of name, price and options.
 */
export async function removeProduct(
  deps: SellerProductsDeps,
  businessId: number,
  productId: number,
): Promise<void> {
  const batch = new ImageBatch(deps.storage);
  await batch.commit(() =>
    deps.db.transaction(async (tx) => {
      if (!(await deleteProductInTransaction(tx, batch, businessId, productId))) {
        throw productGone();
      }
    }),
  );
  deps.catalogCache.clear();
}
