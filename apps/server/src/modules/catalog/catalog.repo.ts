import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { perDb, preparedSql } from '../../db/prepared';
import { rowsOf } from '../../db/raw-rows';
import {
  businesses,
  curatedLists,
  productImages,
  products,
  stockLevels,
  sustainabilityNotes,
  variantImages,
  variants,
} from '../../db/schema/index';
import { productStockSql, unitCountSql } from '../stock';
import { ratingAverageSql, ratingCountSql } from './ratings-sql';

/** Drizzle queries of the catalogue (SPEC §2 product page, storefront, home; §7). */

/** The fields of a product in a list (search, storefront, curated lists). */
export const summaryFields = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  businessId: products.businessId,
  businessName: businesses.name,
  condition: products.condition,
  productCategory: products.productCategory,
  // One index probe a row, in the same query: no second round trip for a page of products.
  primaryImage: sql<string | null>`(select ${productImages.image} from ${productImages}
    where ${productImages.productId} = ${products.id}
    order by ${productImages.position}, ${productImages.id} limit 1)`,
  // What can be bought (issue 26): the product's own count, or its live variants' sum.
  stock: productStockSql('"products"'),
  // Its buyers' ratings (issue 27).
  ratingAverage: ratingAverageSql('"products"'),
  ratingCount: ratingCountSql('"products"'),
};

/**
 * The picture of a product's variant, for a cart line or an order item (docs/decisions/0024):
 * the variant's own first picture, else the product's first picture tied to the variant's
 * option1 or option2 value ("Navy"), else its first picture of every variant, else its first.
 * With a null variant: the product's first picture of every variant, else its first. Pass
 * columns qualified by their table (the aliases inside are vi, pi and v).
 */
export const variantPicture = (variantId: SQL | AnyPgColumn, productId: SQL | AnyPgColumn) => sql<
  string | null
>`coalesce(
        (select vi.image from ${variantImages} vi
          where vi.variant_id = ${variantId}
          order by vi.position, vi.id limit 1),
        (select pi.image from ${productImages} pi
          left join ${variants} v on v.id = ${variantId}
          where pi.product_id = ${productId}
          order by case
              when pi.option_index = 1 and pi.option_value = v.option1 then 0
              when pi.option_index = 2 and pi.option_value = v.option2 then 0
              when pi.option_index is null then 1
              else 2
            end, pi.position, pi.id
          limit 1))`;

export interface SummaryRow {
  id: number;
  name: string;
  priceCents: number;
  businessId: number;
  businessName: string;
  condition: 'new' | 'second_hand';
  productCategory: string;
  primaryImage: string | null;
  /** What can be bought; null: not counted (docs/decisions/0042). */
  stock: number | null;
  /** Its buyers' ratings (issue 27): the average to one decimal (null with none), how many. */
  ratingAverage: number | null;
  ratingCount: number;
}

/**
 * Active products (issue 29, point 5: not a draft, not archived) whose business is open: the
 * only ones the shop shows.
 */
export const activeProductsJoin = and(
  eq(businesses.id, products.businessId),
  eq(businesses.isActive, true),
  eq(products.status, 'active'),
) as SQL;

/** The fields of a product's detail (product page, the seller's list). */
export const productDetailFields = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  condition: products.condition,
  category: products.category,
  productCategory: products.productCategory,
  optionNames: products.optionNames,
  compareAtCents: products.compareAtCents,
  sku: products.sku,
  businessId: products.businessId,
  businessName: businesses.name,
  stock: unitCountSql('stock', products.id, sql`null::int`),
  reserved: sql<number>`coalesce(${unitCountSql('reserved', products.id, sql`null::int`)}, 0)`,
  ratingAverage: ratingAverageSql('"products"'),
  ratingCount: ratingCountSql('"products"'),
};

export interface ProductDetailRow {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  condition: 'new' | 'second_hand';
  category: string;
  productCategory: string;
  optionNames: string[];
  /** What it sold for before and the brand's code (issue 29, point 6); null for none. */
  compareAtCents: number | null;
  sku: string | null;
  businessId: number;
  businessName: string;
  /** The product's own count (without variants; null: not counted) and what checkouts hold. */
  stock: number | null;
  reserved: number;
  /** Its buyers' ratings (issue 27): the average to one decimal (null with none), how many. */
  ratingAverage: number | null;
  ratingCount: number;
}

export interface ImageRow {
  id: number;
  image: string;
  altText: string;
  /**
   * A product picture's option value (docs/decisions/0024): 1 or 2 with `optionValue`, null
   * for a picture of every variant; absent on a variant's own pictures.
   */
  optionIndex?: number | null;
  optionValue?: string | null;
}

/** The pictures of several products in one query, in order, by product. */
export async function listImagesOfProducts(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, ImageRow[]>> {
  const byProduct = new Map<number, ImageRow[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .select({
      productId: productImages.productId,
      id: productImages.id,
      image: productImages.image,
      altText: productImages.altText,
      optionIndex: productImages.optionIndex,
      optionValue: productImages.optionValue,
    })
    .from(productImages)
    .where(inArray(productImages.productId, [...productIds]))
    .orderBy(asc(productImages.position), asc(productImages.id));
  for (const { productId, ...image } of rows) {
    const list = byProduct.get(productId);
    if (list) list.push(image);
    else byProduct.set(productId, [image]);
  }
  return byProduct;
}

export interface VariantRow {
  id: number;
  option1: string;
  option2: string | null;
  priceCents: number | null;
  compareAtCents: number | null;
  sku: string | null;
  deleted: boolean;
  images: ImageRow[];
  /** The variant's count (null: not counted) and what open checkouts hold of it. */
  stock: number | null;
  reserved: number;
}

/** Live variants of several products with their images, in two queries, by product. */
export async function listLiveVariantsOfProducts(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .select({
      productId: variants.productId,
      id: variants.id,
      option1: variants.option1,
      option2: variants.option2,
      priceCents: variants.priceCents,
      compareAtCents: variants.compareAtCents,
      sku: variants.sku,
      deleted: variants.deleted,
      stock: stockLevels.stock,
      reserved: sql<number>`coalesce(${stockLevels.reserved}, 0)`,
    })
    .from(variants)
    .leftJoin(
      stockLevels,
      and(eq(stockLevels.productId, variants.productId), eq(stockLevels.variantId, variants.id)),
    )
    .where(and(inArray(variants.productId, [...productIds]), eq(variants.deleted, false)))
    .orderBy(asc(variants.position), asc(variants.id));
  const images = rows.length
    ? await db
        .select({
          id: variantImages.id,
          variantId: variantImages.variantId,
          image: variantImages.image,
          altText: variantImages.altText,
        })
        .from(variantImages)
        .where(
          inArray(
            variantImages.variantId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(variantImages.position), asc(variantImages.id))
    : [];
  const imagesOf = new Map<number, ImageRow[]>();
  for (const { variantId, ...image } of images) {
    const list = imagesOf.get(variantId);
    if (list) list.push(image);
    else imagesOf.set(variantId, [image]);
  }
  for (const { productId, ...row } of rows) {
    const variant = { ...row, images: imagesOf.get(row.id) ?? [] };
    const list = byProduct.get(productId);
    if (list) list.push(variant);
    else byProduct.set(productId, [variant]);
  }
  return byProduct;
}

/** A product's detail as one row: its fields, its pictures, its live variants with theirs. */
export interface ProductDetailRead {
  product: ProductDetailRow;
  images: ImageRow[];
  variants: VariantRow[];
}

/** A picture as the detail query builds it: [id, image, alt text, option index, option value]. */
type ImageTuple = [number, string, string, number | null, string | null];
/**
 * A variant as the detail query builds it: [id, option1, option2, price, its pictures, stock,
 * reserved, compare-at price, SKU].
 */
type VariantTuple = [
  number,
  string,
  string | null,
  number | null,
  ImageTuple[],
  number | null,
  number,
  number | null,
  string | null,
];

/**
 * The product page's read (`GET api/products/{id}/`) in one round trip, planned once per
 * connection: the product of an open business, its pictures and its live variants with their
 * own pictures, the lists built by PostgreSQL as JSON arrays in their page order. Before, four
 * queries in three round trips (the product, then its pictures beside its variants, then the
 * variants' pictures).
 */
const productDetailStatement = preparedSql<
  ProductDetailRow & { images: ImageTuple[]; variants: VariantTuple[] }
>(
  'catalog_product_detail',
  sql`select p.id, p.name, p.description, p.price_cents as "priceCents", p.condition,
      p.category, p.product_category as "productCategory", p.option_names as "optionNames",
      p.compare_at_cents as "compareAtCents", p.sku, p.business_id as "businessId", b.name as "businessName", own.stock,
      coalesce(own.reserved, 0) as reserved,
      ${ratingAverageSql('p')} as "ratingAverage", ${ratingCountSql('p')} as "ratingCount",
      coalesce((select json_agg(json_build_array(pi.id, pi.image, pi.alt_text, pi.option_index,
            pi.option_value) order by pi.position, pi.id)
          from product_images pi where pi.product_id = p.id), '[]') as images,
      coalesce((select json_agg(json_build_array(v.id, v.option1, v.option2, v.price_cents,
            coalesce((select json_agg(json_build_array(vi.id, vi.image, vi.alt_text)
                order by vi.position, vi.id)
              from variant_images vi where vi.variant_id = v.id), '[]'), s.stock,
              coalesce(s.reserved, 0), v.compare_at_cents, v.sku)
            order by v.position, v.id)
          from variants v
          left join stock_levels s on s.product_id = v.product_id and s.variant_id = v.id
          where v.product_id = p.id and not v.deleted), '[]') as variants
    from products p join businesses b on b.id = p.business_id and b.is_active
    left join stock_levels own on own.product_id = p.id and own.variant_id is null
    where p.id = ${sql.placeholder('id')}::int and p.status = 'active'`,
);

const imageOf = ([id, image, altText, optionIndex, optionValue]: ImageTuple): ImageRow => ({
  id,
  image,
  altText,
  optionIndex,
  optionValue,
});

export async function findProductDetail(
  db: Db,
  productId: number,
): Promise<ProductDetailRead | undefined> {
  const [row] = await productDetailStatement(db, { id: productId });
  if (!row) return undefined;
  const { images, variants: liveVariants, ...product } = row;
  return {
    product,
    images: images.map(imageOf),
    variants: liveVariants.map(
      ([id, option1, option2, priceCents, own, stock, reserved, compareAtCents, sku]) => ({
        id,
        option1,
        option2,
        priceCents,
        compareAtCents,
        sku,
        deleted: false,
        images: own.map(([imageId, image, altText]) => ({ id: imageId, image, altText })),
        stock,
        reserved,
      }),
    ),
  };
}

export async function findActiveBusiness(db: Db, businessId: number) {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.isActive, true)));
  return row;
}

export async function listActiveBusinesses(db: Db) {
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      logo: businesses.logo,
      verified: businesses.verified,
    })
    .from(businesses)
    .where(eq(businesses.isActive, true))
    .orderBy(asc(sql`lower(${businesses.name})`), asc(businesses.id));
}

export async function listSustainabilityNotes(db: Db, businessId: number) {
  return db
    .select({
      id: sustainabilityNotes.id,
      title: sustainabilityNotes.title,
      explanation: sustainabilityNotes.explanation,
    })
    .from(sustainabilityNotes)
    .where(eq(sustainabilityNotes.businessId, businessId))
    .orderBy(asc(sustainabilityNotes.position), asc(sustainabilityNotes.id));
}

/**
 * 1 for a product sold out (issue 26, rule 4: listed after the others), else 0. A product
 * with no unit at or below what checkouts hold is not (one index probe); only one with such a
 * unit has its count summed (productStockSql).
 */
const soldOutLast = sql`case when exists (select 1 from stock_levels s
    where s.product_id = ${products.id} and s.stock <= s.reserved)
  then (case when ${productStockSql('"products"')} = 0 then 1 else 0 end) else 0 end`;

/**
 * A business's products for its storefront, and their count: named prepared statements (planned
 * once per connection — planning this one cost three times its run on every request).
 */
const businessPage = perDb((db) =>
  db
    .select(summaryFields)
    .from(products)
    .innerJoin(businesses, activeProductsJoin)
    .where(eq(products.businessId, sql.placeholder('businessId')))
    .orderBy(soldOutLast, desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog_business_page'),
);
const businessProductCount = perDb((db) =>
  db
    .select({ total: count() })
    .from(products)
    .where(
      and(eq(products.businessId, sql.placeholder('businessId')), eq(products.status, 'active')),
    )
    .prepare('catalog_business_product_count'),
);

/** One page of a business's products, newest first (sold-out ones last), and how many there are. */
export async function pageBusinessProducts(
  db: Db,
  businessId: number,
  limit: number,
  offset: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    businessPage(db).execute({ businessId, limit, offset }),
    businessProductCount(db).execute({ businessId }),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

const summariesOf = perDb((db) =>
  db
    .select(summaryFields)
    .from(products)
    .innerJoin(businesses, activeProductsJoin)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('catalog_summaries_by_ids'),
);

/** Summaries of the given products whose business is open, in no particular order. */
export async function summariesByIds(db: Db, ids: number[]): Promise<SummaryRow[]> {
  if (!ids.length) return [];
  return summariesOf(db).execute({ ids });
}

export async function findCuratedList(db: Db, key: string): Promise<number[] | undefined> {
  const [row] = await db
    .select({ itemIds: curatedLists.itemIds })
    .from(curatedLists)
    .where(eq(curatedLists.key, key));
  return row?.itemIds;
}

/** A brand's ratings over its products' shown reviews: how many and their sum (issue 27). */
export async function findBusinessRatings(
  db: Db,
  businessId: number,
): Promise<{ count: number; sum: number }> {
  const [row] = await rowsOf<{ count: number; sum: number }>(
    db,
    sql`select coalesce(sum(r.count), 0)::int as count, coalesce(sum(r.sum), 0)::int as sum
      from product_ratings r join products p on p.id = r.product_id
      where p.business_id = ${businessId} and p.status = 'active'`,
  );
  return row ?? { count: 0, sum: 0 };
}
