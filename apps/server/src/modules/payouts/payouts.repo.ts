import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
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
