import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/raw-rows';
import {
  businesses,
  curatedLists,
  productImages,
  products,
  stockLevels,
  sustainabilityNotes,
  variantImages,
  variants,
} from '../../src/db/schema/index';

/**
 * A small catalogue written straight to the database, for the catalogue and search tests
 * (the demo seed draws images and takes far too long for a test).
 */

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

export type BusinessValues = Partial<typeof businesses.$inferInsert>;

export async function addBusiness(db: Db, values: BusinessValues = {}) {
  const [row] = await db
    .insert(businesses)
    .values({
      name: `Brand ${tag()}`,
      email: 'hello@brand.example',
      ...values,
    })
    .returning();
  return row!;
}

export interface VariantFixture extends Partial<Omit<typeof variants.$inferInsert, 'productId'>> {
  /** Media keys of the variant's images, in order. */
  images?: string[];
  /** Units in stock (issue 26); absent: not counted. */
  stock?: number;
}

export interface ProductFixture
  extends Partial<Omit<typeof products.$inferInsert, 'businessId' | 'searchVector'>> {
  /** Media keys of the product's images, in order. */
  images?: string[];
  variants?: VariantFixture[];
  /** Units in stock of the product itself (issue 26); absent: not counted. */
  stock?: number;
}

export async function addProduct(db: Db, businessId: number, values: ProductFixture = {}) {
  const { images = [], variants: variantFixtures = [], stock, ...fields } = values;
  const [product] = await db
    .insert(products)
    .values({
      businessId,
      name: `Product ${tag()}`,
      priceCents: 1000,
      productCategory: 'Apparel',
      ...fields,
    })
    .returning();
  if (stock !== undefined) {
    await db.insert(stockLevels).values({ productId: product!.id, variantId: null, stock });
  }
  if (images.length) {
    await db.insert(productImages).values(
      images.map((image, position) => ({
        productId: product!.id,
        image,
        altText: `${product!.name} ${position + 1}`,
        position,
      })),
    );
  }
  const variantRows = [];
  for (const [position, v] of variantFixtures.entries()) {
    const { images: vImages = [], stock: vStock, ...vFields } = v;
    const [variant] = await db
      .insert(variants)
      .values({ productId: product!.id, position, ...vFields })
      .returning();
    if (vStock !== undefined) {
      await db
        .insert(stockLevels)
        .values({ productId: product!.id, variantId: variant!.id, stock: vStock });
    }
    if (vImages.length) {
      await db.insert(variantImages).values(
        vImages.map((image, p) => ({
          variantId: variant!.id,
          image,
          altText: `${variant!.option1} ${p + 1}`,
          position: p,
        })),
      );
    }
    variantRows.push(variant!);
  }
  return { ...product!, variants: variantRows };
}

/** Many products of one business at once (one insert), created a minute apart, oldest first. */
export async function addProducts(
  db: Db,
  businessId: number,
  n: number,
  make: (i: number) => Partial<typeof products.$inferInsert> = () => ({}),
) {
  const start = Date.UTC(2026, 0, 1);
  return db
    .insert(products)
    .values(
      Array.from({ length: n }, (_, i) => ({
        businessId,
        name: `Product ${tag()}`,
        priceCents: 1000 + i,
        productCategory: 'Apparel',
        createdAt: new Date(start + i * 60_000),
        ...make(i),
      })),
    )
    .returning();
}

export async function addNote(
  db: Db,
  businessId: number,
  title: string,
  explanation: string,
  position = 0,
) {
  const [row] = await db
    .insert(sustainabilityNotes)
    .values({ businessId, title, explanation, position })
    .returning();
  return row!;
}

export async function setCuratedList(db: Db, key: string, itemIds: number[]) {
  await db
    .insert(curatedLists)
    .values({ key, itemIds })
    .onConflictDoUpdate({ target: curatedLists.key, set: { itemIds } });
}

/**
 * Waits until the app's search index has applied every catalogue change committed so far: it
 * applies the change log on each change's notice (decision 0041), a few milliseconds after the
 * commit. For tests that change the catalogue through the database and then search.
 */
export async function searchCaughtUp(app: FastifyInstance, db: Db): Promise<void> {
  const [row] = await rowsOf<{ head: string | number }>(
    db,
    sql`select coalesce(max(seq), 0) as head from search_changes`,
  );
  const head = Number(row?.head ?? 0);
  const engine = app.deps.searchEngine;
  await engine.ready;
  await vi.waitFor(() => expect(engine.applied).toBeGreaterThanOrEqual(head), {
    timeout: 2000,
    interval: 10,
  });
}
