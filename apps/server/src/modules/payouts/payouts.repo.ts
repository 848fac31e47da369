import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type JobState, orderHasJob } from '../../db/job-schema';
import { businesses, payouts } from '../../db/schema/index';

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
  attempts?: number;
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

/**
 * A transfer was made: the payout is paid, its attempt counted (once; a second answer for the
 * same key is a no-op).
 */
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
      attempts: sql`${payouts.attempts} + 1`,
      lastError: null,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...SENDABLE])))
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/**
 * A transfer failed: counted, with its error; `failed` when it was the job's last retry (the
 * job is parked), else still pending (the seller sees it retrying).
 */
export async function recordPayoutFailure(
  db: Db,
  payoutId: number,
  values: { error: string; gaveUp: boolean },
): Promise<void> {
  await db
    .update(payouts)
    .set({
      status: values.gaveUp ? 'failed' : 'pending',
      attempts: sql`${payouts.attempts} + 1`,
      lastError: values.error.slice(0, 500),
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, [...SENDABLE])));
}

/**
 * The transfer job's last try failed before the provider's answer was counted (a database
 * error, an expiry): a payout still pending becomes `failed` with that error, as its job is
 * parked. A provider failure was counted already (`recordPayoutFailure`): this changes nothing.
 */
export async function givePayoutUp(db: Db, orderId: number, error: string): Promise<void> {
  await db
    .update(payouts)
    .set({ status: 'failed', lastError: error.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(payouts.orderId, orderId), eq(payouts.status, 'pending')));
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
      attempts: sql`${payouts.attempts} + 1`,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(eq(payouts.id, payoutId), eq(payouts.status, 'canceled'), isNull(payouts.transferId)),
    )
    .returning({ id: payouts.id });
  return rows.length > 0;
}

/** Money in flight is left to its job this long before the reconcile takes it for jobless. */
export const RECONCILE_AFTER_MINUTES = 10;

/** Whether the payout's order has a job of this queue in one of these states. */
const hasJob = (queue: string, states: readonly JobState[]) =>
  orderHasJob(queue, payouts.orderId, states);

const WAITING_OR_RUNNING: JobState[] = ['created', 'retry', 'active'];
const old = sql`${payouts.updatedAt} < now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES})`;

/**
 * Pending payouts of brands ready to be paid that no transfer job waits for or runs (rows from
 * before the jobs, or a job lost), untouched for RECONCILE_AFTER_MINUTES: `parked` when their
 * job was parked meanwhile (an expiry on its last try), else `jobless`. `orderId`: that one
 * only, its row locked (the reconcile's transaction checks again under the lock).
 */
export async function findStrandedPayouts(
  db: Db,
  queue: string,
  orderId?: number,
): Promise<Array<{ orderId: number; parked: boolean }>> {
  const query = db
    .select({ orderId: payouts.orderId, parked: sql<boolean>`${hasJob(queue, ['failed'])}` })
    .from(payouts)
    .innerJoin(businesses, eq(businesses.id, payouts.businessId))
    .where(
      and(
        eq(payouts.status, 'pending'),
        sql`${businesses.stripeAccountId} is not null`,
        eq(businesses.stripeStatus, 'active'),
        old,
        sql`not ${hasJob(queue, WAITING_OR_RUNNING)}`,
        orderId === undefined ? undefined : eq(payouts.orderId, orderId),
      ),
    )
    .orderBy(payouts.id)
    .limit(500);
  return orderId === undefined ? query : query.for('update', { of: payouts });
}

/**
 * Canceled payouts whose transfer went out and was not taken back, that no reversal job waits
 * for, runs, or parked (an operator replays that one), untouched for RECONCILE_AFTER_MINUTES.
 */
export async function findStrandedTransfers(
  db: Db,
  queue: string,
  orderId?: number,
): Promise<number[]> {
  const query = db
    .select({ orderId: payouts.orderId })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'canceled'),
        sql`${payouts.transferId} is not null`,
        isNull(payouts.reversalId),
        old,
        sql`not ${hasJob(queue, [...WAITING_OR_RUNNING, 'failed'])}`,
        orderId === undefined ? undefined : eq(payouts.orderId, orderId),
      ),
    )
    .orderBy(payouts.id)
    .limit(500);
  const rows = await (orderId === undefined ? query : query.for('update'));
  return rows.map((r) => r.orderId);
}

/** On a canceled payout whose transfer the provider was asked about: none was made. */
export const NO_TRANSFER_MADE_NOTE = 'No transfer was made for this order.';

/**
 * Canceled payouts that were tried (attempts) but have no transfer id: a transfer whose
 * answer was lost may have been made before the refund canceled them. Not yet asked about
 * (no NO_TRANSFER_MADE_NOTE), no transfer job waiting or running, untouched for
 * RECONCILE_AFTER_MINUTES.
 */
export async function findCanceledUnknownTransfers(
  db: Db,
  queue: string,
): Promise<Array<{ id: number; orderId: number; transferGroup: string }>> {
  return db
    .select({ id: payouts.id, orderId: payouts.orderId, transferGroup: payouts.transferGroup })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'canceled'),
        isNull(payouts.transferId),
        isNull(payouts.reversalId),
        sql`${payouts.attempts} > 0`,
        sql`${payouts.lastError} is distinct from ${NO_TRANSFER_MADE_NOTE}`,
        old,
        sql`not ${hasJob(queue, WAITING_OR_RUNNING)}`,
      ),
    )
    .orderBy(payouts.id)
    .limit(100);
}

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
