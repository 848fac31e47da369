import {
  DEFAULT_PRODUCT_CATEGORY,
  type ProductCategory,
  type ProductStatus,
} from '@leafline/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages, products, variantImages, variants } from '../../db/schema/index';

/**
 * Drizzle queries of the products a business imported from its Shopify store (issue 13): the
 * product keyed by (business, Shopify product id), its variants by Shopify variant id, its
 * pictures by Shopify image id. Written only through imported-products.ts (issue 25: products
 * are written only by this module; the shopify module maps its nodes and calls it).
 */

/** A product already imported: its id and the digest of what was imported last (null: redo). */
export interface ImportedProductRef {
  id: number;
  digest: string | null;
}

/** The business's products imported from these Shopify product ids, by Shopify product id. */
export async function importedProductsOf(
  db: Db,
  businessId: number,
  shopifyProductIds: readonly string[],
): Promise<Map<string, ImportedProductRef>> {
  if (!shopifyProductIds.length) return new Map();
  const rows = await db
    .select({
      id: products.id,
      shopifyProductId: products.shopifyProductId,
      digest: products.shopifySyncDigest,
    })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        inArray(products.shopifyProductId, [...shopifyProductIds]),
      ),
    );
  return new Map(rows.map((r) => [r.shopifyProductId!, { id: r.id, digest: r.digest }]));
}

/** The id of the business's product imported from that Shopify product gid, if any. */
export async function findImportedProductId(
  db: Db,
  businessId: number,
  shopifyProductId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.businessId, businessId), eq(products.shopifyProductId, shopifyProductId)),
    );
  return row?.id;
}

/**
 * The stored media keys of pictures the business already has from Shopify, by Shopify image id
 * (product and variant pictures alike), among these ids.
 */
export async function storedShopifyPictures(
  db: Db,
  businessId: number,
  shopifyImageIds: readonly string[],
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  if (!shopifyImageIds.length) return keys;
  const ids = [...shopifyImageIds];
  const known = await db
    .select({ shopifyImageId: productImages.shopifyImageId, image: productImages.image })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(products.businessId, businessId), inArray(productImages.shopifyImageId, ids)))
    .union(
      db
        .select({ shopifyImageId: variantImages.shopifyImageId, image: variantImages.image })
        .from(variantImages)
        .innerJoin(variants, eq(variants.id, variantImages.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          and(eq(products.businessId, businessId), inArray(variantImages.shopifyImageId, ids)),
        ),
    );
  for (const row of known) if (row.shopifyImageId) keys.set(row.shopifyImageId, row.image);
  return keys;
}

// ---- the product row ----

/** The status an imported product is created with: in the shop, or a draft for the brand. */
export type ImportedProductStatus = Extract<ProductStatus, 'active' | 'draft'>;

/** What an import writes on the product row (never its status: see insertImportedProduct). */
export interface ImportedProductValues {
  name: string;
  description: string;
  priceCents: number;
  productCategory: ProductCategory;
  optionNames: string[];
  shopifyVariantId: string | null;
  shopifySyncDigest: string | null;
}

/**
 * Inserts the imported product with `status` (the brand's choice for new products, issue 29
 * point 8); when a concurrent import of the same Shopify product (the sync and a webhook's
 * refresh) inserted it first, updates that row instead — its status then stays as it is, like
 * any update's. Returns its id.
 */
export async function insertImportedProduct(
  db: Db,
  businessId: number,
  shopifyProductId: string,
  values: ImportedProductValues,
  status: ImportedProductStatus,
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      businessId,
      ...values,
      category: DEFAULT_PRODUCT_CATEGORY,
      shopifyProductId,
      status,
    })
    .onConflictDoUpdate({
      target: [products.businessId, products.shopifyProductId],
      targetWhere: isNotNull(products.shopifyProductId),
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function updateImportedProduct(
  db: Db,
  productId: number,
  values: ImportedProductValues,
): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

// ---- pictures (product and variant) ----

/** A stored picture with the Shopify image it came from (null: the seller's own upload). */
export interface ShopifyPictureRow {
  id: number;
  image: string;
  shopifyImageId: string | null;
}

export interface NewImportedPicture {
  image: string;
  altText: string;
  position: number;
  shopifyImageId: string;
}

export async function listProductPictures(db: Db, productId: number): Promise<ShopifyPictureRow[]> {
  return db
    .select({
      id: productImages.id,
      image: productImages.image,
      shopifyImageId: productImages.shopifyImageId,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId));
}

export async function deleteProductPictures(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(productImages).where(inArray(productImages.id, [...ids]));
}

export async function placeProductPicture(
  db: Db,
  pictureId: number,
  position: number,
  altText: string,
): Promise<void> {
  await db.update(productImages).set({ position, altText }).where(eq(productImages.id, pictureId));
}

export async function insertProductPicture(
  db: Db,
  productId: number,
  picture: NewImportedPicture,
): Promise<void> {
  await db.insert(productImages).values({ productId, ...picture });
}

export async function listVariantPictures(db: Db, variantId: number): Promise<ShopifyPictureRow[]> {
  return db
    .select({
      id: variantImages.id,
      image: variantImages.image,
      shopifyImageId: variantImages.shopifyImageId,
    })
    .from(variantImages)
    .where(eq(variantImages.variantId, variantId));
}

export async function deleteVariantPictures(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(variantImages).where(inArray(variantImages.id, [...ids]));
}

export async function insertVariantPicture(
  db: Db,
  variantId: number,
  picture: NewImportedPicture,
): Promise<void> {
  await db.insert(variantImages).values({ variantId, ...picture });
}

// ---- variants ----

export interface ImportedVariantRow {
  id: number;
  shopifyVariantId: string | null;
  deleted: boolean;
}

/** Every variant of the product, deleted ones too, with its Shopify variant id. */
export async function listImportedVariants(
  db: Db,
  productId: number,
): Promise<ImportedVariantRow[]> {
  return db
    .select({
      id: variants.id,
      shopifyVariantId: variants.shopifyVariantId,
      deleted: variants.deleted,
    })
    .from(variants)
    .where(eq(variants.productId, productId));
}
