import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, favorites, products } from '../../db/schema/index';
import { activeProductsJoin, type SummaryRow, summaryFields } from '../catalog';

/**
 * Drizzle queries of the favourites (docs/decisions/0050): one row per account and product.
 * Every query takes the account's id from the session (the routes' guard), never from a body.
 * This module is the only writer of `favorites`.
 */

/**
 * The account's favourites that the shop shows (active product, open brand), newest first, as
 * the shop's product summaries. Those hidden meanwhile stay saved and come back with it.
 */
export async function listFavoriteSummaries(db: Db, userId: number): Promise<SummaryRow[]> {
  return db
    .select(summaryFields)
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .innerJoin(businesses, activeProductsJoin)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
}

/**
 * Holds the account's favourites until the transaction ends, so that the count and the
 * inserts after it (the cap) cannot interleave with another request's. A transaction advisory
 * lock: no row of another module's table is locked for it.
 */
export async function lockFavorites(tx: Db, userId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('leafline.favorites'), ${userId}::int)`,
  );
}

export async function countFavorites(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/** Which of `productIds` the account has saved already. */
export async function savedAmong(db: Db, userId: number, productIds: number[]): Promise<number[]> {
  if (!productIds.length) return [];
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.productId, productIds)));
  return rows.map((r) => r.productId);
}

/**
 * Saves the products, the last of `productIds` first (so that the first is the newest: ids
 * and times rise in insert order); those already saved keep their row and time. Answers how
 * many rows were added.
 */
export async function insertFavorites(
  db: Db,
  userId: number,
  productIds: number[],
): Promise<number> {
  if (!productIds.length) return 0;
  const rows = await db
    .insert(favorites)
    .values([...productIds].reverse().map((productId) => ({ userId, productId })))
    .onConflictDoNothing({ target: [favorites.userId, favorites.productId] })
    .returning({ id: favorites.id });
  return rows.length;
}

/** Removes one favourite of the account's; none is fine (idempotent). */
export async function deleteFavorite(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
}
