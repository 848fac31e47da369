import type { ProductStatus } from '@leafline/contract/constants';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  businesses,
  orderItems,
  productImages,
  products,
  variantImages,
  variants,
} from '../../db/schema/index';
import { type ProductDetailRow, productDetailFields } from '../catalog';
import type { ImageTie } from './image-ties';

/**
 * Drizzle queries of the seller's products (SPEC §2 dashboard add/products, §7). The business
 * id always comes from the seller guard (DESIGN 2.16), never from the form.
 */

export interface SellerProductRow extends ProductDetailRow {
  status: ProductStatus;
  createdAt: Date;
  updatedAt: Date;
}

const sellerProductFields = {
  ...productDetailFields,
  status: products.status,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/**
 * The fewest units left of a product's counted units: its own count without live variants,
 * else the lowest of its counted live variants; null when nothing of it is counted.
 */
const fewestLeft = sql<number | null>`(case
  when exists (select 1 from ${variants} v where v.product_id = ${products.id} and not v.deleted)
  then (select min(s.stock - s.reserved) from ${variants} v
    join stock_levels s on s.product_id = v.product_id and s.variant_id = v.id
    where v.product_id = ${products.id} and not v.deleted)
  else (select s.stock - s.reserved from stock_levels s
    where s.product_id = ${products.id} and s.variant_id is null) end)`;

/** One page of a business's products, newest first (products_business_created_idx). */
export async function pageSellerProducts(
  db: Db,
  businessId: number,
  limit: number,
  offset: number,
  narrow: {
    /** The "Low stock" view: only products with a counted unit at this many left or fewer. */
    lowStockAt?: number | undefined;
    /** One status only (issue 29, point 5). */
    status?: ProductStatus | undefined;
    /** Part of the name or of a SKU (its own or a live variant's), any case. */
    q?: string | undefined;
  } = {},
): Promise<{ rows: SellerProductRow[]; total: number }> {
  const { lowStockAt, status, q } = narrow;
  const low = lowStockAt === undefined ? undefined : fewestLeft;
  const like = q === undefined ? undefined : containsPattern(q);
  const where = and(
    eq(products.businessId, businessId),
    lowStockAt === undefined ? undefined : sql`${fewestLeft} <= ${lowStockAt}`,
    status === undefined ? undefined : eq(products.status, status),
    like === undefined
      ? undefined
      : sql`(${products.name} ilike ${like} or ${products.sku} ilike ${like} or exists (
          select 1 from ${variants} v where v.product_id = ${products.id} and not v.deleted
            and v.sku ilike ${like}))`,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(sellerProductFields)
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.businessId))
      .where(where)
      .orderBy(...(low ? [asc(low)] : []), desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findSellerProduct(
  db: Db,
  businessId: number,
  productId: number,
): Promise<SellerProductRow | undefined> {
  const [row] = await db
    .select(sellerProductFields)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(products.id, productId), eq(products.businessId, businessId)));
  return row;
}

export interface ProductValues {
  name: string;
  description: string;
  priceCents: number;
  condition: 'new' | 'second_hand';
  category: string;
  productCategory: string;
  optionNames?: string[];
  /** Issue 29, point 6 (absent: unchanged, as a Shopify sync leaves them). */
  compareAtCents?: number | null;
  sku?: string | null;
  /** Issue 29, point 5 (absent: active on add, unchanged on edit). */
  status?: ProductStatus;
}

export async function insertProduct(
  db: Db,
  businessId: number,
  values: ProductValues,
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ businessId, ...values })
    .returning({ id: products.id });
  return row!.id;
}

/**
 * Locks the product of the business for the rest of the transaction (two edits at once are
 * applied one after the other); undefined when it is gone.
 */
export async function lockProduct(
  db: Db,
  businessId: number,
  productId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.businessId, businessId)))
    .for('update');
  return row;
}

export async function updateProduct(
  db: Db,
  productId: number,
  values: Partial<ProductValues>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** Deletes the product (its pictures, variants and cart lines go with it). */
export async function deleteProduct(db: Db, businessId: number, productId: number): Promise<void> {
  await db
    .delete(products)
    .where(and(eq(products.id, productId), eq(products.businessId, businessId)));
}

export interface StoredImage {
  id: number;
  image: string;
  /** A product picture's option value (docs/decisions/0024); absent on a variant's. */
  tie?: ImageTie | null;
}

export async function listImagesOfProduct(db: Db, productId: number): Promise<StoredImage[]> {
  const rows = await db
    .select({
      id: productImages.id,
      image: productImages.image,
      optionIndex: productImages.optionIndex,
      optionValue: productImages.optionValue,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map(({ optionIndex, optionValue, ...image }) => ({
    ...image,
    tie:
      (optionIndex === 1 || optionIndex === 2) && optionValue
        ? { option: optionIndex, value: optionValue }
        : null,
  }));
}

/** Every variant of the product, deleted ones too, with its pictures' ids and keys. */
export async function listVariantsOfProduct(
  db: Db,
  productId: number,
): Promise<{ id: number; deleted: boolean; images: StoredImage[] }[]> {
  const rows = await db
    .select({ id: variants.id, deleted: variants.deleted })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  if (!rows.length) return [];
  const images = await db
    .select({
      id: variantImages.id,
      variantId: variantImages.variantId,
      image: variantImages.image,
    })
    .from(variantImages)
    .where(
      inArray(
        variantImages.variantId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(variantImages.position), asc(variantImages.id));
  return rows.map((row) => ({
    ...row,
    images: images.filter((i) => i.variantId === row.id).map(({ id, image }) => ({ id, image })),
  }));
}

/** The pictures of a product or a variant after a save: kept ones (by id) and new keys. */
export interface ImageList {
  keep: number[];
  add: string[];
  drop: number[];
  altText: string;
  /**
   * Product pictures only (docs/decisions/0024): the option value of each kept picture (by
   * position in `keep`; undefined keeps the stored one, null unties) and of each upload.
   */
  keepTies?: (ImageTie | null | undefined)[];
  addTies?: (ImageTie | null)[];
  /**
   * The place of each kept picture and each upload when the form sent position keys
   * (docs/decisions/0028); without it, kept pictures get 0..k-1 and uploads k.. .
   */
  positions?: { keep: number[]; add: number[] };
}

/** Where each kept picture and each upload of a list is written. */
const positionsOf = (list: ImageList): { keep: number[]; add: number[] } =>
  list.positions ?? {
    keep: list.keep.map((_, i) => i),
    add: list.add.map((_, i) => list.keep.length + i),
  };

const tieColumns = (tie: ImageTie | null | undefined) =>
  tie === undefined ? {} : { optionIndex: tie?.option ?? null, optionValue: tie?.value ?? null };

export async function writeProductImages(
  db: Db,
  productId: number,
  list: ImageList,
): Promise<void> {
  if (list.drop.length) {
    await db
      .delete(productImages)
      .where(and(eq(productImages.productId, productId), inArray(productImages.id, list.drop)));
  }
  const positions = positionsOf(list);
  for (const [i, id] of list.keep.entries()) {
    await db
      .update(productImages)
      .set({
        position: positions.keep[i]!,
        altText: list.altText,
        ...tieColumns(list.keepTies?.[i]),
      })
      .where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
  }
  if (list.add.length) {
    await db.insert(productImages).values(
      list.add.map((image, i) => ({
        productId,
        image,
        altText: list.altText,
        position: positions.add[i]!,
        ...tieColumns(list.addTies?.[i] ?? null),
      })),
    );
  }
}

export async function writeVariantImages(
  db: Db,
  variantId: number,
  list: ImageList,
): Promise<void> {
  if (list.drop.length) {
    await db
      .delete(variantImages)
      .where(and(eq(variantImages.variantId, variantId), inArray(variantImages.id, list.drop)));
  }
  const positions = positionsOf(list);
  for (const [i, id] of list.keep.entries()) {
    await db
      .update(variantImages)
      .set({ position: positions.keep[i]!, altText: list.altText })
      .where(and(eq(variantImages.id, id), eq(variantImages.variantId, variantId)));
  }
  if (list.add.length) {
    await db.insert(variantImages).values(
      list.add.map((image, i) => ({
        variantId,
        image,
        altText: list.altText,
        position: positions.add[i]!,
      })),
    );
  }
}

export interface VariantValues {
  option1: string;
  option2: string | null;
  priceCents: number | null;
  /** Its place among the product's variants (absent on an update: kept). */
  position?: number;
  /** Issue 29, point 6 (absent: unchanged, as a Shopify sync leaves them). */
  compareAtCents?: number | null;
  sku?: string | null;
  /** An imported variant's Shopify id (set when inserted). */
  shopifyVariantId?: string;
  /** false brings back a variant the store has again. */
  deleted?: boolean;
}

export async function insertVariant(
  db: Db,
  productId: number,
  values: VariantValues,
): Promise<number> {
  const [row] = await db
    .insert(variants)
    .values({ productId, ...values })
    .returning({ id: variants.id });
  return row!.id;
}

export async function updateVariant(
  db: Db,
  productId: number,
  variantId: number,
  values: VariantValues,
): Promise<void> {
  await db
    .update(variants)
    .set(values)
    .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
}

/**
 * Flags variants deleted (never erased: orders and carts point at them; the cart leaves a line
 * of a deleted variant out of what it shows and checks out).
 */
export async function flagVariantsDeleted(
  db: Db,
  productId: number,
  variantIds: readonly number[],
): Promise<void> {
  if (!variantIds.length) return;
  await db
    .update(variants)
    .set({ deleted: true })
    .where(and(eq(variants.productId, productId), inArray(variants.id, [...variantIds])));
}

/** Of these media keys, those a product or variant picture still uses. */
export async function imagesStillUsed(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const list = [...keys];
  const rows = await db
    .select({ image: productImages.image })
    .from(productImages)
    .where(inArray(productImages.image, list))
    .union(
      db
        .select({ image: variantImages.image })
        .from(variantImages)
        .where(inArray(variantImages.image, list)),
    )
    .union(
      // An order line shows the picture it was bought with (docs/decisions/0024).
      db
        .select({ image: sql<string>`${orderItems.image}` })
        .from(orderItems)
        .where(inArray(orderItems.image, list)),
    );
  return new Set(rows.map((r) => r.image));
}

/**
 * The first of `skus` another product of the brand already has (its own code, or a live
 * variant's), any case; undefined when none is taken. `productId`: the product being saved
 * (its own codes are not "another's"), null on add.
 */
export async function findTakenSku(
  db: Db,
  businessId: number,
  productId: number | null,
  skus: readonly string[],
): Promise<string | undefined> {
  if (!skus.length) return undefined;
  const lower = skus.map((sku) => sku.toLowerCase());
  const others = productId === null ? undefined : sql`${products.id} <> ${productId}`;
  const [own] = await db
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(eq(products.businessId, businessId), others, inArray(sql`lower(${products.sku})`, lower)),
    )
    .limit(1);
  const [ofVariant] = own
    ? []
    : await db
        .select({ sku: variants.sku })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          and(
            eq(products.businessId, businessId),
            others,
            eq(variants.deleted, false),
            inArray(sql`lower(${variants.sku})`, lower),
          ),
        )
        .limit(1);
  const taken = (own ?? ofVariant)?.sku?.toLowerCase();
  return taken === undefined ? undefined : skus.find((sku) => sku.toLowerCase() === taken);
}

/** Issue 29, point 5: a product's status (the brand's own product: the guard checked it). */
export async function setProductStatus(
  db: Db,
  businessId: number,
  productId: number,
  status: ProductStatus,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.businessId, businessId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * A copy of the brand's product as a draft named `nameOf(its name)` (issue 29, point 5): its fields, its
 * pictures (the same stored files: a file is removed only when no picture uses it) and its live
 * variants with theirs, in their order. Not copied: SKUs (each names one thing), stock (a
 * new thing is not counted yet), Shopify ids (the copy is not the store's product). Undefined
 * when the product is not the brand's.
 */
export async function copyProductAsDraft(
  tx: Db,
  businessId: number,
  productId: number,
  nameOf: (name: string) => string,
): Promise<number | undefined> {
  const [source] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.businessId, businessId)));
  if (!source) return undefined;
  const [copy] = await tx
    .insert(products)
    .values({
      businessId,
      name: nameOf(source.name),
      description: source.description,
      priceCents: source.priceCents,
      condition: source.condition,
      category: source.category,
      productCategory: source.productCategory,
      optionNames: source.optionNames,
      compareAtCents: source.compareAtCents,
      status: 'draft',
    })
    .returning({ id: products.id });
  const copyId = copy!.id;
  const pictures = await tx
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId));
  if (pictures.length) {
    await tx.insert(productImages).values(
      pictures.map(({ id: _id, shopifyImageId: _shopify, ...picture }) => ({
        ...picture,
        productId: copyId,
      })),
    );
  }
  const live = await tx
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.deleted, false)))
    .orderBy(asc(variants.position), asc(variants.id));
  for (const variant of live) {
    const [made] = await tx
      .insert(variants)
      .values({
        productId: copyId,
        option1: variant.option1,
        option2: variant.option2,
        priceCents: variant.priceCents,
        compareAtCents: variant.compareAtCents,
        position: variant.position,
      })
      .returning({ id: variants.id });
    const own = await tx
      .select()
      .from(variantImages)
      .where(eq(variantImages.variantId, variant.id));
    if (own.length) {
      await tx.insert(variantImages).values(
        own.map(({ id: _id, shopifyImageId: _shopify, ...picture }) => ({
          ...picture,
          variantId: made!.id,
        })),
      );
    }
  }
  return copyId;
}

/**
 * The brand's products of `ids` locked for a bulk change (issue 29, point 7), with their price
 * and (`withVariants`, for a price change) their live variants' own prices; fewer than asked
 * when some are not the brand's.
 */
export async function lockProductsForBulk(
  tx: Db,
  businessId: number,
  ids: readonly number[],
  withVariants: boolean,
): Promise<
  Array<{
    id: number;
    name: string;
    priceCents: number;
    variants: Array<{ id: number; priceCents: number }>;
  }>
> {
  const rows = await tx
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])))
    .orderBy(asc(products.id))
    .for('update');
  if (!rows.length || !withVariants) return rows.map((row) => ({ ...row, variants: [] }));
  const own = await tx
    .select({ id: variants.id, productId: variants.productId, priceCents: variants.priceCents })
    .from(variants)
    .where(
      and(
        inArray(
          variants.productId,
          rows.map((r) => r.id),
        ),
        eq(variants.deleted, false),
        sql`${variants.priceCents} is not null`,
      ),
    );
  return rows.map((row) => ({
    ...row,
    variants: own
      .filter((v) => v.productId === row.id)
      .map((v) => ({ id: v.id, priceCents: v.priceCents! })),
  }));
}

/** Issue 29, point 7: the status of several of the brand's products. */
export async function setProductsStatus(
  tx: Db,
  businessId: number,
  ids: readonly number[],
  status: ProductStatus,
): Promise<number> {
  const rows = await tx
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])))
    .returning({ id: products.id });
  return rows.length;
}

/** Issue 29, point 7: new prices, of products and of variants with their own. */
export async function setPrices(
  tx: Db,
  changes: {
    products: Array<{ id: number; priceCents: number }>;
    variants: Array<{ id: number; priceCents: number }>;
  },
): Promise<void> {
  const now = new Date();
  for (const p of changes.products) {
    await tx
      .update(products)
      .set({ priceCents: p.priceCents, updatedAt: now })
      .where(eq(products.id, p.id));
  }
  for (const v of changes.variants) {
    await tx.update(variants).set({ priceCents: v.priceCents }).where(eq(variants.id, v.id));
  }
}

/** Issue 29, point 7: every product of the brand for its CSV, oldest first. */
export async function listBrandProducts(db: Db, businessId: number): Promise<SellerProductRow[]> {
  return db
    .select(sellerProductFields)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(eq(products.businessId, businessId))
    .orderBy(asc(products.id));
}

/** What a SKU names among the brand's products: a product without variants, or a variant. */
export interface SkuOwner {
  productId: number;
  variantId: number | null;
}

/**
 * Issue 29, point 7: the brand's SKUs (lower case) and what each names (its products' own, its
 * live variants'), and the ids of its products.
 */
export async function listSkuOwners(
  db: Db,
  businessId: number,
): Promise<{ owners: Map<string, SkuOwner>; productIds: Set<number> }> {
  const [own, ofVariants] = await Promise.all([
    db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(products.businessId, businessId)),
    db
      .select({ productId: variants.productId, variantId: variants.id, sku: variants.sku })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(
        and(
          eq(products.businessId, businessId),
          eq(variants.deleted, false),
          sql`${variants.sku} is not null`,
        ),
      ),
  ]);
  const owners = new Map<string, SkuOwner>();
  for (const p of own) {
    if (p.sku) owners.set(p.sku.toLowerCase(), { productId: p.id, variantId: null });
  }
  for (const v of ofVariants) {
    owners.set(v.sku!.toLowerCase(), { productId: v.productId, variantId: v.variantId });
  }
  return { owners, productIds: new Set(own.map((p) => p.id)) };
}
