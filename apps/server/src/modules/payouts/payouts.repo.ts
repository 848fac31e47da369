import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, partialRefunds, payouts } from '../../db/schema/index';

/** What the seller sees on a payout waiting for the brand's payout setup. */
export const WAITING_FOR_SETUP_NOTE = 'The brand has not finished setting up payouts yet.';

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
  paidAt?: Date;
  createdAt?: Date;
  updatedAt?: Date;
}

/** The payout rows of newly paid orders; part of the transaction that marks them Paid. */
export async function insertPayoutRows(tx: Db, rows: readonly NewPayout[]): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(payouts)
    .values([...rows])
    .onConflictDoNothing({ target: payouts.orderId });
}

/** A payout with what its transfer needs: the brand's connected account and its status. */
export interface PayoutToSend {
  id: number;
  orderId: number;
  status: (typeof payouts.$inferSelect)['status'];
  transferId: string | null;
  reversalId: string | null;
  amountCents: number;
  transferGroup: string;
  accountId: string | null;
  stripeStatus: string | null;
}

/** The payout of an order with its brand's payout account (none: the order was never paid). */
export async function findPayoutToSend(db: Db, orderId: number): Promise<PayoutToSend | undefined> {
  const [row] = await db
    .select({
      id: payouts.id,
      orderId: payouts.orderId,
      status: payouts.status,
      transferId: payouts.transferId,
      reversalId: payouts.reversalId,
      amountCents: payouts.amountCents,
      transferGroup: payouts.transferGroup,
      accountId: businesses.stripeAccountId,
      stripeStatus: businesses.stripeStatus,
    })
    .from(payouts)
    .innerJoin(businesses, eq(businesses.id, payouts.businessId))
    .where(eq(payouts.orderId, orderId));
  return row;
}

/**
 * A pending payout waits for its brand's payout setup: `note` says so (not an attempt). Its
 * transfer job is sent again when `account.updated` makes the brand active.
 */
export async function notePayoutWaiting(db: Db, payoutId: number, note: string): Promise<void> {
  await db
    .update(payouts)
    .set({ lastError: note, updatedAt: new Date() })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')));
}

/** Payouts whose transfer may still be sent: waiting, retrying, or parked (`failed`, replayed). */
const SENDABLE = ['pending', 'failed'] as const;

/** A transfer was made: the payout is paid (once; a second answer for the same key is a no-op). */
export async function recordPayoutPaid(
  tx: Db,
  payoutId: number,
  transferId: string,
): Promise<boolean> {
  const rows = await tx
    .update(payouts)
    .set({
      status: 'paid',
      transferId,
      lastError: null,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...SENDABLE])))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/**
 * A transfer failed: its error kept for the seller (retrying), the payout pending while its job
 * retries (a replayed `failed` one too). The job counts the attempts.
 */
export async function recordPayoutFailure(db: Db, payoutId: number, error: string): Promise<void> {
  await db
    .update(payouts)
    .set({ status: 'pending', lastError: error.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...SENDABLE])));
}

/**
 * The transfer's job is parked (its compensation): a payout still pending becomes `failed`,
 * with its last error, or `note` when it has none (the failure was ours: the database's error
 * stays in the job's output, for the operator).
 */
export async function givePayoutUp(db: Db, orderId: number, note: string): Promise<void> {
  await db
    .update(payouts)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${payouts.lastError}, ${note.slice(0, 500)})`,
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.orderId, orderId), eq(payouts.status, 'pending')));
}

export interface OrderPayout {
  id: number;
  status: (typeof payouts.$inferSelect)['status'];
  amountCents: number;
  transferGroup: string;
  transferId: string | null;
  reversalId: string | null;
  lastError: string | null;
  /** The part already claimed by partial refunds' reversals (decision 0047). */
  reversedCents: number;
}

const orderPayoutColumns = {
  id: payouts.id,
  status: payouts.status,
  amountCents: payouts.amountCents,
  transferGroup: payouts.transferGroup,
  transferId: payouts.transferId,
  reversalId: payouts.reversalId,
  lastError: payouts.lastError,
  reversedCents: payouts.reversedCents,
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
 * `canceled`, so its transfer job never sends it. A transfer the job has in flight meanwhile is
 * reversed when its answer comes back (`recordTransferOfCanceled`). Answers the row after.
 */
export async function cancelPayout(tx: Db, orderId: number): Promise<OrderPayout | undefined> {
  await tx
    .update(payouts)
    .set({ status: 'canceled', updatedAt: new Date() })
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
): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({
      transferId,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(eq(payouts.id, payoutId), eq(payouts.status, 'canceled'), isNull(payouts.transferId)),
    )
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** On a canceled payout whose transfer the provider was asked about: none was made. */
export const NO_TRANSFER_MADE_NOTE = 'No transfer was made for this order.';

/** The provider has no transfer for this canceled payout: noted, not asked again. */
export async function noteNoTransferMade(db: Db, payoutId: number): Promise<void> {
  await db
    .update(payouts)
    .set({ lastError: NO_TRANSFER_MADE_NOTE, updatedAt: new Date() })
    .where(
      and(eq(payouts.id, payoutId), eq(payouts.status, 'canceled'), isNull(payouts.transferId)),
    );
}

/**
 * The payouts of these businesses waiting for their payout setup (pending with its note: their
 * job completed without a transfer) lose the note; their orders, to send a job each now. A
 * pending payout without the note has a job of its own (new, or retrying a provider failure):
 * it is left to it, so one job counts its attempts.
 */
export async function releaseWaitingPayouts(tx: Db, businessIds: number[]): Promise<number[]> {
  if (!businessIds.length) return [];
  const rows = await tx
    .update(payouts)
    .set({ lastError: null, updatedAt: new Date() })
    .where(
      and(
        inArray(payouts.businessId, businessIds),
        eq(payouts.status, 'pending'),
        eq(payouts.lastError, WAITING_FOR_SETUP_NOTE),
      ),
    )
    .returning({ orderId: payouts.orderId });
  return rows.map((r) => r.orderId);
}

/**
 * Where a partial refund's share of the payout stands (decision 0047), decided under the payout
 * row's lock: `reversing` (the transfer went out: the share is claimed on the row, and is to be
 * taken back with `transferId`), `waiting` (not transferred yet: taken back once it is), or
 * `not_needed` (canceled or reversed whole: nothing of it is the brand's any more).
 */
export type PartialReversalClaim =
  | { state: 'reversing'; transferId: string }
  | { state: 'waiting' | 'not_needed' };

/** Claims `cents` of the order's transferred payout for a partial refund's reversal. */
export async function claimPartialReversal(
  tx: Db,
  orderId: number,
  cents: number,
): Promise<PartialReversalClaim> {
  const [row] = await tx
    .select({ status: payouts.status, transferId: payouts.transferId })
    .from(payouts)
    .where(eq(payouts.orderId, orderId))
    .for('update');
  if (!row || row.status === 'canceled' || row.status === 'reversed') {
    return { state: 'not_needed' };
  }
  if (row.status !== 'paid' || !row.transferId) return { state: 'waiting' };
  await tx
    .update(payouts)
    .set({ reversedCents: sql`${payouts.reversedCents} + ${cents}`, updatedAt: new Date() })
    .where(eq(payouts.orderId, orderId));
  return { state: 'reversing', transferId: row.transferId };
}

/** Whether the order has partial refunds whose share waits for the payout's transfer. */
export async function hasWaitingPartialReversals(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partialRefunds.id })
    .from(partialRefunds)
    .where(
      and(
        eq(partialRefunds.orderId, orderId),
        eq(partialRefunds.status, 'succeeded'),
        eq(partialRefunds.reversalStatus, 'waiting'),
      ),
    )
    .limit(1);
  return Boolean(row);
}
