import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refunds } from '../../db/schema/index';

/**
 * Drizzle queries of the refunds of paid orders (DESIGN 2.7, decision 0011): the one writer of
 * the `refunds` table. A row per order at most (unique order id): the refund is claimed by
 * writing it in a short transaction, the provider is called outside any transaction, and its
 * answer is recorded in another.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type RefundTarget = RefundRow['targetStatus'];

export async function findRefund(db: Db, orderId: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return row;
}

/** A new pending refund (attempt 1); undefined when the order has one already. */
export async function insertRefund(
  tx: Db,
  values: {
    orderId: number;
    businessId: number;
    amountCents: number;
    targetStatus: RefundTarget;
    trackingNumber?: string;
    sellerNotes?: string;
    restock?: boolean;
    reason?: string;
    requestKey?: string;
  },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.orderId })
    .returning();
  return row;
}

/**
 * A refund that failed is tried again: pending, its attempt counted when `newAttempt` (a new
 * idempotency key), the status (and tracking number/notes) asked for now, and its time renewed.
 */
export async function restartRefund(
  tx: Db,
  refundId: number,
  values: {
    targetStatus: RefundTarget;
    newAttempt: boolean;
    /** What is left to refund now (partial refunds may have gone through since). */
    amountCents: number;
    reason: string;
    requestKey?: string;
    /** The seller's PATCH asking again (absent: the ones kept stay). */
    trackingNumber?: string;
    sellerNotes?: string;
    restock?: boolean;
  },
): Promise<RefundRow> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: 'pending',
      targetStatus: values.targetStatus,
      amountCents: values.amountCents,
      reason: values.reason,
      requestKey: values.requestKey ?? null,
      ...(values.trackingNumber !== undefined ? { trackingNumber: values.trackingNumber } : {}),
      ...(values.sellerNotes !== undefined ? { sellerNotes: values.sellerNotes } : {}),
      ...(values.restock !== undefined ? { restock: values.restock } : {}),
      ...(values.newAttempt ? { attempts: sql`${refunds.attempts} + 1` } : {}),
      lastError: null,
      updatedAt: new Date(),
    })
    .where(eq(refunds.id, refundId))
    .returning();
  return row!;
}

/**
 * The provider refunded the payment (the payout may still be under way): its refund id, kept
 * whatever else happened to the row meanwhile, so the money is never refunded a second time.
 */
export async function recordProviderRefund(
  db: Db,
  refundId: number,
  providerRefundId: string,
): Promise<void> {
  await db
    .update(refunds)
    .set({ providerRefundId, updatedAt: new Date() })
    .where(and(eq(refunds.id, refundId), isNull(refunds.providerRefundId)));
}

/** The provider refused or could not be reached: failed with its reason (this attempt only). */
export async function recordRefundFailed(
  db: Db,
  refundId: number,
  attempts: number,
  error: string,
): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'failed', lastError: error.slice(0, 1000), updatedAt: new Date() })
    .where(
      and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), eq(refunds.attempts, attempts)),
    );
}

/**
 * The money is back with the buyer and the payout settled: succeeded (once). Answers the row,
 * with `emailed` true when this call is the one that queued the buyer's e-mail.
 */
export async function recordRefundSucceeded(
  tx: Db,
  refundId: number,
  attempts: number,
): Promise<{ row: RefundRow; emailed: boolean } | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
    .where(
      and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), eq(refunds.attempts, attempts)),
    )
    .returning();
  if (!row) return undefined;
  const mailed = await tx
    .update(refunds)
    .set({ emailedAt: new Date() })
    .where(and(eq(refunds.id, refundId), isNull(refunds.emailedAt)))
    .returning({ id: refunds.id });
  return { row, emailed: mailed.length > 0 };
}
