import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, follows, products } from '../../db/schema/index';
import { activeProductsJoin, type SummaryRow, summaryFields } from '../catalog';

/**
 * Drizzle queries of the followed brands (docs/decisions/0050): one row per account and brand.
 * Every query takes the account's id from the session (the routes' guard), never from a body.
 * This module is the only writer of `follows`.
 */

export interface FollowedBusinessRow {
  id: number;
  name: string;
  logo: string | null;
  verified: boolean;
}

const businessFields = {
  id: businesses.id,
  name: businesses.name,
  logo: businesses.logo,
  verified: businesses.verified,
};

/** An open brand, as the home carousel lists it. */
export async function findOpenBusiness(
  db: Db,
  businessId: number,
): Promise<FollowedBusinessRow | undefined> {
  const [row] = await db
    .select(businessFields)
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.isActive, true)));
  return row;
}

/** The open brands the account follows, newest follow first. */
export async function listFollowedBusinesses(
  db: Db,
  userId: number,
): Promise<FollowedBusinessRow[]> {
  return db
    .select(businessFields)
    .from(follows)
    .innerJoin(businesses, eq(businesses.id, follows.businessId))
    .where(and(eq(follows.userId, userId), eq(businesses.isActive, true)))
    .orderBy(desc(follows.createdAt), desc(follows.id));
}

/**
 * The followed brands' products that the shop shows, added since `since`, newest first: the
 * home row "From brands you follow".
 */
export async function listFollowedNewProducts(
  db: Db,
  userId: number,
  since: Date,
  limit: number,
): Promise<SummaryRow[]> {
  return db
    .select(summaryFields)
    .from(follows)
    .innerJoin(products, eq(products.businessId, follows.businessId))
    .innerJoin(businesses, activeProductsJoin)
    .where(and(eq(follows.userId, userId), gt(products.createdAt, since)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** Holds the account's follows until the transaction ends (the cap's count and the insert). */
export async function lockFollows(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leafline.follows'), ${userId}::int)`);
}

export async function countFollows(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.userId, userId));
  return row?.n ?? 0;
}

export async function isFollowing(db: Db, userId: number, businessId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.businessId, businessId)));
  return row !== undefined;
}

/** Follows the brand; false when it was followed already. */
export async function insertFollow(db: Db, userId: number, businessId: number): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ userId, businessId })
    .onConflictDoNothing({ target: [follows.userId, follows.businessId] })
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** Stops following; not following is fine (idempotent). */
export async function deleteFollow(db: Db, userId: number, businessId: number): Promise<void> {
  await db
    .delete(follows)
    .where(and(eq(follows.userId, userId), eq(follows.businessId, businessId)));
}
