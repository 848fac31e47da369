import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, payouts } from '../../db/schema/index';

/** Drizzle queries of the payouts to the brands (DESIGN 2.7, decision 0011). */

export interface NewPayout {
  orderId: number;
  businessId: number;
  amountCents: number;
  commissionCents: number;
  transferGroup: string;
  /** Only the demo seed writes a payout that is already settled (and when). */
  status?: (typeof payouts.$inferSelect)['status'];
  transferId?: string;
  reversalId?: string;
  reversedAt?: Date;
  attempts?: number;
  paidAt?: Date;
  nextAttemptAt?: Date;
  createdAt?: Date;
  updatedAt?: Date;
}

/** The payout rows of newly paid orders; part of the transaction that marks them Paid. */
export async function insertPayouts(tx: Db, rows: readonly NewPayout[]): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(payouts)
    .values([...rows])
    .onConflictDoNothing({ target: payouts.orderId });
}

export interface DuePayout {
  id: number;
  orderId: number;
  amountCents: number;
  transferGroup: string;
  attempts: number;
  accountId: string | null;
  stripeStatus: string | null;
}

/**
 * Locks up to `limit` pending payouts that are due (of `orderIds` only, when given), skipping
 * rows another instance holds. Only inside the short claiming transaction.
 */
export async function lockDuePayouts(
  tx: Db,
  limit: number,
  orderIds?: readonly number[],
): Promise<DuePayout[]> {
  const conditions = [eq(payouts.status, 'pending'), lte(payouts.nextAttemptAt, sql`now()`)];
  if (orderIds) conditions.push(inArray(payouts.orderId, [...orderIds]));
  return tx
    .select({
      id: payouts.id,
      orderId: payouts.orderId,
      amountCents: payouts.amountCents,
      transferGroup: payouts.transferGroup,
      attempts: payouts.attempts,
      accountId: businesses.stripeAccountId,
      stripeStatus: businesses.stripeStatus,
    })
    .from(payouts)
    .innerJoin(businesses, eq(businesses.id, payouts.businessId))
    .where(and(...conditions))
    .orderBy(asc(payouts.nextAttemptAt), asc(payouts.id))
    .limit(limit)
    .for('update', { of: payouts, skipLocked: true });
}

/**
 * Moves a pending payout's next attempt to `at`: a claim (nobody else takes it until then), or
 * a wait (the brand has no connected account yet, `note` says so).
 */
export async function postponePayout(
  tx: Db,
  payoutId: number,
  at: Date,
  note?: string,
): Promise<void> {
  await tx
    .update(payouts)
    .set({ nextAttemptAt: at, ...(note ? { lastError: note } : {}), updatedAt: new Date() })
    .where(eq(payouts.id, payoutId));
}

/** A transfer was made: the payout is paid (once; a second answer for the same key is a no-op). */
export async function recordPayoutPaid(
  tx: Db,
  payoutId: number,
  transferId: string,
  attempts: number,
): Promise<boolean> {
  const rows = await tx
    .update(payouts)
    .set({
      status: 'paid',
      transferId,
      attempts,
      lastError: null,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** A transfer failed: counted, with its error and the next attempt (or given up: `failed`). */
export async function recordPayoutFailure(
  db: Db,
  payoutId: number,
  values: { attempts: number; error: string; nextAttemptAt: Date; gaveUp: boolean },
): Promise<void> {
  await db
    .update(payouts)
    .set({
      status: values.gaveUp ? 'failed' : 'pending',
      attempts: values.attempts,
      lastError: values.error.slice(0, 500),
      nextAttemptAt: values.nextAttemptAt,
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')));
}

export interface OrderPayout {
  id: number;
  status: (typeof payouts.$inferSelect)['status'];
  amountCents: number;
  transferId: string | null;
  reversalId: string | null;
}

const orderPayoutColumns = {
  id: payouts.id,
  status: payouts.status,
  amountCents: payouts.amountCents,
  transferId: payouts.transferId,
  reversalId: payouts.reversalId,
};

/** The payout row of an order (none: the order was never paid). */
export async function findOrderPayout(db: Db, orderId: number): Promise<OrderPayout | undefined> {
  const [row] = await db
    .select(orderPayoutColumns)
    .from(payouts)
    .where(eq(payouts.orderId, orderId));
  return row;
}

/**
 * The order was refunded: a payout never transferred (pending, or failed for good) becomes
 * `canceled`, so the worker never sends it. A transfer the worker has in flight meanwhile is
 * reversed when its answer comes back (`recordTransferOfCanceled`). Answers the row after.
 */
export async function cancelPayout(tx: Db, orderId: number): Promise<OrderPayout | undefined> {
  await tx
    .update(payouts)
    .set({ status: 'canceled', nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(payouts.orderId, orderId), inArray(payouts.status, ['pending', 'failed', 'paid'])),
    );
  return findOrderPayout(tx, orderId);
}

/** The transfer was taken back: `reversed`, with the reversal id and time (once). */
export async function recordPayoutReversed(
  db: Db,
  payoutId: number,
  reversalId: string,
): Promise<void> {
  await db
    .update(payouts)
    .set({ status: 'reversed', reversalId, reversedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['paid', 'canceled'])));
}

/**
 * A transfer came back for a payout that was canceled while it was on its way (the order was
 * refunded meanwhile): its id is kept, so that it is reversed (and found again after a crash).
 */
export async function recordTransferOfCanceled(
  db: Db,
  payoutId: number,
  transferId: string,
  attempts: number,
): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ transferId, attempts, paidAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(payouts.id, payoutId), eq(payouts.status, 'canceled'), isNull(payouts.transferId)),
    )
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** Canceled payouts whose transfer went out anyway and is not taken back yet. */
export function listTransfersToReverse(db: Db, limit = 50) {
  return db
    .select({ ...orderPayoutColumns, orderId: payouts.orderId })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'canceled'),
        isNotNull(payouts.transferId),
        isNull(payouts.reversalId),
      ),
    )
    .orderBy(asc(payouts.updatedAt))
    .limit(limit);
}
