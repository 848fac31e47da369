import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PartialRefundLine, partialRefunds } from '../../db/schema/index';

/**
 * Drizzle queries of the partial refunds of paid orders (issue 29 point 3, decision 0047): the
 * one writer of `partial_refunds`. A row per (order, request key): claimed in a short
 * transaction under the order's lock, the provider called outside any transaction, its answer
 * recorded in another.
 */

export type PartialRefundRow = typeof partialRefunds.$inferSelect;
export type PartialReversalStatus = PartialRefundRow['reversalStatus'];

/** Every partial refund of the order, oldest first (the claim's sums, under the order's lock). */
export function listOrderPartialRefunds(db: Db, orderId: number): Promise<PartialRefundRow[]> {
  return db
    .select()
    .from(partialRefunds)
    .where(eq(partialRefunds.orderId, orderId))
    .orderBy(asc(partialRefunds.id));
}

export async function findPartialRefund(db: Db, id: number): Promise<PartialRefundRow | undefined> {
  const [row] = await db.select().from(partialRefunds).where(eq(partialRefunds.id, id));
  return row;
}

/** A new pending partial refund; undefined when the order has one with this key already. */
export async function insertPartialRefund(
  tx: Db,
  values: {
    orderId: number;
    businessId: number;
    requestKey: string;
    amountCents: number;
    reversalCents: number;
    reason: string;
    lines: PartialRefundLine[] | null;
  },
): Promise<PartialRefundRow | undefined> {
  const [row] = await tx
    .insert(partialRefunds)
    .values(values)
    .onConflictDoNothing({ target: [partialRefunds.orderId, partialRefunds.requestKey] })
    .returning();
  return row;
}

/** The provider refunded it: its refund id, kept so that it is never refunded twice. */
export async function recordPartialProviderRefund(
  db: Db,
  id: number,
  providerRefundId: string,
): Promise<void> {
  await db
    .update(partialRefunds)
    .set({ providerRefundId, updatedAt: new Date() })
    .where(and(eq(partialRefunds.id, id), isNull(partialRefunds.providerRefundId)));
}

/** The provider refused: failed with its reason, its share never taken back. */
export async function recordPartialFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(partialRefunds)
    .set({
      status: 'failed',
      reversalStatus: 'not_needed',
      lastError: error.slice(0, 1000),
      updatedAt: new Date(),
    })
    .where(and(eq(partialRefunds.id, id), eq(partialRefunds.status, 'pending')));
}

/**
 * The buyer's money is back: succeeded (once), with where its share of the payout stands. Answers
 * the row, with `emailed` true when this call is the one to queue the buyer's e-mail.
 */
export async function recordPartialSucceeded(
  tx: Db,
  id: number,
  reversalStatus: PartialReversalStatus,
): Promise<{ row: PartialRefundRow; emailed: boolean } | undefined> {
  const [row] = await tx
    .update(partialRefunds)
    .set({ status: 'succeeded', reversalStatus, lastError: null, updatedAt: new Date() })
    .where(and(eq(partialRefunds.id, id), eq(partialRefunds.status, 'pending')))
    .returning();
  if (!row) return undefined;
  const mailed = await tx
    .update(partialRefunds)
    .set({ emailedAt: new Date() })
    .where(and(eq(partialRefunds.id, id), isNull(partialRefunds.emailedAt)))
    .returning({ id: partialRefunds.id });
  return { row, emailed: mailed.length > 0 };
}

/** A waiting share claimed on the transferred payout (`reversing`), or found not needed. */
export async function setPartialReversalStatus(
  tx: Db,
  id: number,
  reversalStatus: Exclude<PartialReversalStatus, 'reversed'>,
): Promise<void> {
  await tx
    .update(partialRefunds)
    .set({ reversalStatus, updatedAt: new Date() })
    .where(and(eq(partialRefunds.id, id), eq(partialRefunds.reversalStatus, 'waiting')));
}

/** The provider took the share back: `reversed`, with its id (once). */
export async function recordPartialReversed(db: Db, id: number, reversalId: string): Promise<void> {
  await db
    .update(partialRefunds)
    .set({ reversalStatus: 'reversed', reversalId, updatedAt: new Date() })
    .where(and(eq(partialRefunds.id, id), eq(partialRefunds.reversalStatus, 'reversing')));
}

/**
 * The order's payout was canceled before its transfer (a full refund): the shares still waiting
 * for it are not needed any more; the full reversal, if a transfer raced it, takes them back.
 */
export async function dropWaitingPartialReversals(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(partialRefunds)
    .set({ reversalStatus: 'not_needed', updatedAt: new Date() })
    .where(and(eq(partialRefunds.orderId, orderId), eq(partialRefunds.reversalStatus, 'waiting')));
}

/** The succeeded partial refunds of the order whose shares are still to be taken back. */
export function listSharesToReverse(db: Db, orderId: number): Promise<PartialRefundRow[]> {
  return db
    .select()
    .from(partialRefunds)
    .where(
      and(
        eq(partialRefunds.orderId, orderId),
        eq(partialRefunds.status, 'succeeded'),
        inArray(partialRefunds.reversalStatus, ['waiting', 'reversing']),
      ),
    )
    .orderBy(asc(partialRefunds.id));
}
