import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  curatedLists,
  productImages,
  products,
  sustainabilityNotes,
  variantImages,
  variants,
} from '../../db/schema/index';

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
};

export interface SummaryRow {
  id: number;
  name: string;
  priceCents: number;
  businessId: number;
  businessName: string;
  condition: 'new' | 'second_hand';
  productCategory: string;
  primaryImage: string | null;
}

/** Products whose business is open: the only ones the shop shows. */
export const activeProductsJoin = and(
  eq(businesses.id, products.businessId),
  eq(businesses.isActive, true),
) as SQL;

export async function findProduct(db: Db, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      condition: products.condition,
      category: products.category,
      productCategory: products.productCategory,
      optionNames: products.optionNames,
      businessId: products.businessId,
      businessName: businesses.name,
    })
    .from(products)
    .innerJoin(businesses, activeProductsJoin)
    .where(eq(products.id, productId));
  return row;
}

export async function listProductImages(db: Db, productId: number) {
  return db
    .select({ id: productImages.id, image: productImages.image, altText: productImages.altText })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/** Live variants of a product with their images, in two queries. */
export async function listLiveVariants(db: Db, productId: number) {
  const rows = await db
    .select({
      id: variants.id,
      option1: variants.option1,
      option2: variants.option2,
      priceCents: variants.priceCents,
      deleted: variants.deleted,
    })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.deleted, false)))
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
  return rows.map((row) => ({ ...row, images: images.filter((i) => i.variantId === row.id) }));
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

/** One page of a business's products, newest first, and how many there are. */
export async function pageBusinessProducts(
  db: Db,
  businessId: number,
  limit: number,
  offset: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = eq(products.businessId, businessId);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryFields)
      .from(products)
      .innerJoin(businesses, activeProductsJoin)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Summaries of the given products whose business is open, in no particular order. */
export async function summariesByIds(db: Db, ids: number[]): Promise<SummaryRow[]> {
  if (!ids.length) return [];
  return db
    .select(summaryFields)
    .from(products)
    .innerJoin(businesses, activeProductsJoin)
    .where(inArray(products.id, ids));
}

export async function findCuratedList(db: Db, key: string): Promise<number[] | undefined> {
  const [row] = await db
    .select({ itemIds: curatedLists.itemIds })
    .from(curatedLists)
    .where(eq(curatedLists.key, key));
  return row?.itemIds;
}
