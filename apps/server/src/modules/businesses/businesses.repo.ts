import type { StripeStatus } from '@leafline/contract/business';
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, orders, payouts, products } from '../../db/schema/index';
import { paidOrLater } from '../orders';

/** Drizzle queries of the seller's business (SPEC §3 Business; DESIGN 2.8, 2.16). */

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusiness = Pick<
  typeof businesses.$inferInsert,
  | 'ownerId'
  | 'name'
  | 'description'
  | 'email'
  | 'website'
  | 'businessType'
  | 'shippingStrategy'
  | 'priceRange'
  | 'production'
  | 'logo'
  | 'banner'
  | 'processingDays'
  | 'returnsAccepted'
  | 'returnsDays'
>;
export type BusinessChanges = Partial<
  Pick<
    typeof businesses.$inferInsert,
    | 'name'
    | 'description'
    | 'email'
    | 'website'
    | 'shippingStrategy'
    | 'priceRange'
    | 'production'
    | 'logo'
    | 'banner'
    | 'orderEmail'
    | 'processingDays'
    | 'returnsAccepted'
    | 'returnsDays'
  >
>;

/** A new business: unverified, payouts pending (the column defaults). */
export async function insertBusiness(tx: Db, values: NewBusiness): Promise<BusinessRow> {
  const [row] = await tx.insert(businesses).values(values).returning();
  return row!;
}

export async function findBusiness(db: Db, businessId: number): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  return row;
}

/** The business, locked until the transaction ends (an edit reads its old images here). */
export async function lockBusiness(tx: Db, businessId: number): Promise<BusinessRow | undefined> {
  const [row] = await tx
    .select()
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
  return row;
}

export async function updateBusiness(
  tx: Db,
  businessId: number,
  changes: BusinessChanges & { shopifyOrderSync?: boolean },
): Promise<void> {
  await tx
    .update(businesses)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(businesses.id, businessId));
}

/** The owner's open businesses, oldest first. */
export async function listOwnedBusinesses(db: Db, userId: number): Promise<BusinessRow[]> {
  return db
    .select()
    .from(businesses)
    .where(and(eq(businesses.ownerId, userId), eq(businesses.isActive, true)))
    .orderBy(asc(businesses.createdAt), asc(businesses.id));
}

/**
 * The caller's open business named by its id and/or its connected account (the onboarding
 * link's body); undefined when the caller owns no such business.
 */
export async function findOwnedBusinessBy(
  db: Db,
  userId: number,
  by: { businessId?: number; accountId?: string },
): Promise<BusinessRow | undefined> {
  const conditions = [eq(businesses.ownerId, userId), eq(businesses.isActive, true)];
  if (by.businessId !== undefined) conditions.push(eq(businesses.id, by.businessId));
  if (by.accountId !== undefined) conditions.push(eq(businesses.stripeAccountId, by.accountId));
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(...conditions))
    .orderBy(asc(businesses.id))
    .limit(1);
  return row;
}

/**
 * Stores a new connected account unless the business got one meanwhile (two requests at
 * once); answers the account the business has now.
 */
export async function storeStripeAccount(
  db: Db,
  businessId: number,
  accountId: string,
): Promise<string | null> {
  const [row] = await db
    .update(businesses)
    .set({ stripeAccountId: accountId, updatedAt: new Date() })
    .where(and(eq(businesses.id, businessId), isNull(businesses.stripeAccountId)))
    .returning({ accountId: businesses.stripeAccountId });
  if (row) return row.accountId;
  return (await findBusiness(db, businessId))?.stripeAccountId ?? null;
}

/**
 * Sets the payout status of the businesses with this connected account from a snapshot made
 * at `at` (an older snapshot than the one applied changes nothing). Answers the businesses
 * whose status changed.
 */
export async function applyStripeStatus(
  tx: Db,
  accountId: string,
  status: StripeStatus,
  at: Date,
): Promise<{ id: number }[]> {
  const before = await tx
    .select({ id: businesses.id, status: businesses.stripeStatus })
    .from(businesses)
    .where(
      and(
        eq(businesses.stripeAccountId, accountId),
        or(isNull(businesses.stripeStatusAt), lte(businesses.stripeStatusAt, at)),
      ),
    )
    .for('update');
  if (!before.length) return [];
  await tx
    .update(businesses)
    .set({ stripeStatus: status, stripeStatusAt: at, updatedAt: new Date() })
    .where(
      inArray(
        businesses.id,
        before.map((b) => b.id),
      ),
    );
  return before.filter((b) => b.status !== status).map((b) => ({ id: b.id }));
}

export interface BusinessStats {
  productCount: number;
  orderCount: number;
  toShipCount: number;
  payoutsTotalCents: number;
  payoutsWaitingCents: number;
}

/** The overview panel's figures, straight from the rows. */
export async function businessStats(db: Db, businessId: number): Promise<BusinessStats> {
  const [productRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.businessId, businessId));
  const [orderRow] = await db
    .select({
      n: sql<number>`count(*)::int`,
      toShip: sql<number>`count(*) filter (where ${orders.status} = 'Paid')::int`,
    })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), paidOrLater));
  // The brand's money for its orders that were not refunded (canceled and reversed payouts
  // are not the brand's): paid, or still owed (pending, or failed and waiting for someone).
  const [payoutRow] = await db
    .select({
      total: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::bigint`.mapWith(Number),
      waiting:
        sql<number>`coalesce(sum(${payouts.amountCents}) filter (where ${ne(payouts.status, 'paid')}), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.businessId, businessId),
        inArray(payouts.status, ['pending', 'paid', 'failed']),
      ),
    );
  return {
    productCount: productRow?.n ?? 0,
    orderCount: orderRow?.n ?? 0,
    toShipCount: orderRow?.toShip ?? 0,
    payoutsTotalCents: payoutRow?.total ?? 0,
    payoutsWaitingCents: payoutRow?.waiting ?? 0,
  };
}

/**
 * Closes every business the user owns (DESIGN 2 / decision 0004): hidden from the shop, no
 * owner, and the outside-store credentials dropped since nobody may use them any more.
 */
export async function closeOwnedBusinesses(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .update(businesses)
    .set({
      isActive: false,
      ownerId: null,
      shopifyAccessToken: null,
      shopifyOrderSync: false,
      updatedAt: sql`now()`,
    })
    .where(eq(businesses.ownerId, userId))
    .returning({ id: businesses.id });
  return rows.map((r) => r.id);
}

/** The Verified badge given (issue 29, point 10: an operator approved the brand's notes). */
export async function markBusinessVerified(tx: Db, businessId: number): Promise<void> {
  await tx.update(businesses).set({ verified: true }).where(eq(businesses.id, businessId));
}
