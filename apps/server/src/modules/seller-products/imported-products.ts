import type { ProductCategory } from '@leafline/contract';
import type { Db } from '../../db/client';
import type { ImageBatch } from '../media';
import {
  deleteProductPictures,
  deleteVariantPictures,
  findImportedProductId,
  type ImportedProductStatus,
  type ImportedProductValues,
  insertImportedProduct,
  insertProductPicture,
  insertVariantPicture,
  listImportedVariants,
  listProductPictures,
  listVariantPictures,
  placeProductPicture,
  updateImportedProduct,
} from './imported-products.repo';
import { flagVariantsDeleted, insertVariant, updateVariant } from './seller-products.repo';
import { deleteProductInTransaction, removeUnusedLater } from './seller-products.service';

/**
 * Writing the products a business imports from its Shopify store (issue 13 Build 2; SPEC §2
 * Shopify section). The shopify module reads the store and maps each Shopify product to an
 * ImportedProduct, stores its pictures, and calls these in its transaction: products, their
 * pictures and variants are written only by this module (issue 25).
 */

/** A picture of an imported product, by Shopify image id. */
export interface ImportedPicture {
  shopifyImageId: string;
  /** Where the importer fetches it (the writer stores the media key it is handed instead). */
  url: string;
  altText: string;
}

export interface ImportedVariant {
  shopifyVariantId: string;
  option1: string;
  option2: string | null;
  /** Null when it is the product's price. */
  priceCents: number | null;
  image: ImportedPicture | null;
}

/** One product as we store it, from a Shopify product. */
export interface ImportedProduct {
  shopifyProductId: string;
  name: string;
  description: string;
  priceCents: number;
  productCategory: ProductCategory;
  optionNames: string[];
  /**
   * The gid of Shopify's one default variant of a product without options (it has no row in
   * `variants` here); null when the product has options (its variants carry theirs).
   */
  shopifyVariantId: string | null;
  images: ImportedPicture[];
  variants: ImportedVariant[];
  /** What was imported, summed up: the same digest next time leaves the product unwritten. */
  digest: string;
}

/** The stored media keys of an import's pictures, by Shopify image id. */
export type ImportedPictureKeys = ReadonlyMap<string, string>;

/**
 * The product row: inserted with `newStatus` (or taken over on the unique key) or updated, its
 * status left as the brand set it. Returns its id.
 */
async function writeProductRow(
  tx: Db,
  businessId: number,
  item: ImportedProduct,
  existingId: number | undefined,
  digest: string | null,
  newStatus: ImportedProductStatus,
): Promise<number> {
  const values: ImportedProductValues = {
    name: item.name,
    description: item.description,
    priceCents: item.priceCents,
    productCategory: item.productCategory,
    optionNames: item.optionNames,
    shopifyVariantId: item.shopifyVariantId,
    shopifySyncDigest: digest,
  };
  if (existingId === undefined) {
    return insertImportedProduct(tx, businessId, item.shopifyProductId, values, newStatus);
  }
  await updateImportedProduct(tx, existingId, values);
  return existingId;
}

/**
 * Product pictures, by Shopify image id, in Shopify's order: the ones no longer there (or whose
 * picture could not be had) go, the kept ones are placed again, the new ones added. Returns the
 * media keys of the ones that went.
 */
async function writeProductPictures(
  tx: Db,
  productId: number,
  images: readonly ImportedPicture[],
  pictures: ImportedPictureKeys,
): Promise<string[]> {
  const wanted = images.filter((i) => pictures.has(i.shopifyImageId));
  const current = await listProductPictures(tx, productId);
  const gone = current.filter((c) => !wanted.some((w) => w.shopifyImageId === c.shopifyImageId));
  await deleteProductPictures(
    tx,
    gone.map((g) => g.id),
  );
  for (const [position, w] of wanted.entries()) {
    const stored = current.find((c) => c.shopifyImageId === w.shopifyImageId);
    if (stored) {
      await placeProductPicture(tx, stored.id, position, w.altText);
    } else {
      await insertProductPicture(tx, productId, {
        image: pictures.get(w.shopifyImageId)!,
        altText: w.altText,
        position,
        shopifyImageId: w.shopifyImageId,
      });
    }
  }
  return gone.map((g) => g.image);
}

/**
 * A variant's one picture: a stored one that is not the variant's Shopify image (or whose
 * picture could not be had) goes, the variant's is added when missing. Returns the media keys
 * of the ones that went.
 */
async function writeVariantPicture(
  tx: Db,
  variantId: number,
  image: ImportedPicture | null,
  pictures: ImportedPictureKeys,
): Promise<string[]> {
  const key = image ? pictures.get(image.shopifyImageId) : undefined;
  const current = await listVariantPictures(tx, variantId);
  const stale = current.filter((c) => !key || c.shopifyImageId !== image!.shopifyImageId);
  await deleteVariantPictures(
    tx,
    stale.map((s) => s.id),
  );
  if (key && !current.some((c) => c.shopifyImageId === image!.shopifyImageId)) {
    await insertVariantPicture(tx, variantId, {
      image: key,
      altText: image!.altText,
      position: 0,
      shopifyImageId: image!.shopifyImageId,
    });
  }
  return stale.map((s) => s.image);
}

/**
 * Variants, by Shopify variant id, in Shopify's order, each with its picture; the ones no longer
 * in the store are flagged deleted (kept for old orders). Returns the media keys of the
 * pictures that went.
 */
async function writeVariants(
  tx: Db,
  productId: number,
  imported: readonly ImportedVariant[],
  pictures: ImportedPictureKeys,
): Promise<string[]> {
  const current = await listImportedVariants(tx, productId);
  const dropped: string[] = [];
  const keptIds: number[] = [];
  for (const [position, v] of imported.entries()) {
    const stored = current.find((c) => c.shopifyVariantId === v.shopifyVariantId);
    const values = {
      option1: v.option1,
      option2: v.option2,
      priceCents: v.priceCents,
      position,
      deleted: false,
    };
    let variantId: number;
    if (stored) {
      variantId = stored.id;
      await updateVariant(tx, productId, variantId, values);
    } else {
      variantId = await insertVariant(tx, productId, {
        ...values,
        shopifyVariantId: v.shopifyVariantId,
      });
    }
    keptIds.push(variantId);
    dropped.push(...(await writeVariantPicture(tx, variantId, v.image, pictures)));
  }
  await flagVariantsDeleted(
    tx,
    productId,
    current.filter((c) => !c.deleted && !keptIds.includes(c.id)).map((c) => c.id),
  );
  return dropped;
}

/**
 * Writes one imported product (insert or update) in the caller's transaction: the row, its
 * pictures (by their stored keys in `pictures`) and its variants. Files no picture uses any more
 * are removed through `batch` once the transaction committed. A new product gets `newStatus`
 * (the brand's Shopify import choice: active, or a draft); an update never changes the status,
 * so a product the brand made a draft, archived or made active stays so.
 */
export async function writeImportedProduct(
  tx: Db,
  batch: ImageBatch,
  businessId: number,
  item: ImportedProduct,
  existingId: number | undefined,
  pictures: ImportedPictureKeys,
  newStatus: ImportedProductStatus,
): Promise<void> {
  // A picture that could not be had (Shopify's CDN failing, the time limit): no digest, so the
  // next sync or refresh writes the product again and asks for the picture again.
  const allPictures =
    item.images.every((i) => pictures.has(i.shopifyImageId)) &&
    item.variants.every((v) => !v.image || pictures.has(v.image.shopifyImageId));
  const productId = await writeProductRow(
    tx,
    businessId,
    item,
    existingId,
    allPictures ? item.digest : null,
    newStatus,
  );
  const dropped = await writeProductPictures(tx, productId, item.images, pictures);
  dropped.push(...(await writeVariants(tx, productId, item.variants, pictures)));
  await removeUnusedLater(tx, batch, dropped);
}

/**
 * Deletes the business's product imported from that Shopify product gid, in the caller's
 * transaction, through the seller's delete path (orders keep their lines). false when there was
 * none.
 */
export async function deleteImportedProduct(
  tx: Db,
  batch: ImageBatch,
  businessId: number,
  shopifyProductId: string,
): Promise<boolean> {
  const id = await findImportedProductId(tx, businessId, shopifyProductId);
  return id === undefined ? false : deleteProductInTransaction(tx, batch, businessId, id);
}
