import {
  type PaymentProvider,
  PaymentRefusedError,
} from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import { type JobRunner, ParkJobError } from '../../jobs/job-runner';
import { commissionCents, payoutCents, setOrderTransfer } from '../orders';
import {
  PAYOUT_REVERSE_QUEUE,
  PAYOUT_TRANSFER_QUEUE,
  queuePayoutReversal,
  queuePayoutTransfers,
} from './payout-jobs';
import {
  findCanceledUnknownTransfers,
  findOrderPayout,
  findPayoutToSend,
  findStrandedPayouts,
  findStrandedTransfers,
  givePayoutUp,
  insertPayoutRows,
  noteNoTransferMade,
  notePayoutWaiting,
  recordPayoutFailure,
  recordPayoutPaid,
  recordPayoutReversed,
  recordTransferOfCanceled,
  WAITING_FOR_SETUP_NOTE,
} from './payouts.repo';

/**
 * Payouts to the brands (SPEC §1: 3 % commission, paid at the time of purchase; DESIGN 2.7).
 * A row per paid order is written in the transaction that marks the order Paid, with a
 * `payout.transfer` job (payout-jobs.ts, decision 0020). The job makes the transfer outside
 * any transaction and records its answer in one (decision 0011); a failure is counted on the
 * row and the job retried with backoff, its last failure leaves the payout `failed` (the job
 * parked, for an operator to replay). Every transfer carries the idempotency key
 * `payout-<orderId>`: a job run twice, or a crash between the provider's answer and our
 * record, cannot make a second transfer.
 */

/** Attempts before a payout is marked failed (the transfer job's first run and its retries). */
export const MAX_PAYOUT_ATTEMPTS = PAYOUT_TRANSFER_QUEUE.retryLimit + 1;

/**
 * What the seller sees on a payout whose last try failed on our side (not the provider's
 * refusal): the database error itself stays in the job's output, for the operator.
 */
export const PAYOUT_GAVE_UP_NOTE =
  'The transfer could not be completed; it waits for an operator to retry it.';

/**
 * Whether a brand can be paid now: it has a connected account and its payouts are active
 * (pending or restricted brands wait; their payouts are not attempts).
 */
export const payoutsReady = (brand: {
  accountId: string | null;
  stripeStatus: string | null;
}): boolean => Boolean(brand.accountId) && brand.stripeStatus === 'active';

export const payoutIdempotencyKey = (orderId: number) => `payout-${orderId}`;
/** One reversal per order, whoever asks for it (the refund, or the reversal job). */
export const reversalIdempotencyKey = (orderId: number) => `reversal-${orderId}`;
export const transferGroupOf = (checkoutId: number) => `checkout_${checkoutId}`;

/**
 * The payout rows of newly paid orders and a transfer job for each: part of the transaction
 * that marks them Paid (they commit with it or not at all). Wake PAYOUT_TRANSFER_QUEUE after.
 */
export async function insertPayouts(
  jobs: Pick<JobRunner, 'sendEach'>,
  tx: Db,
  checkoutId: number,
  paid: readonly { orderId: number; businessId: number; totalCents: number }[],
): Promise<void> {
  await insertPayoutRows(
    tx,
    paid.map((o) => ({
      orderId: o.orderId,
      businessId: o.businessId,
      amountCents: payoutCents(o.totalCents),
      commissionCents: commissionCents(o.totalCents),
      transferGroup: transferGroupOf(checkoutId),
    })),
  );
  await queuePayoutTransfers(
    jobs,
    tx,
    paid.map((o) => o.orderId),
  );
}

export interface PayoutDeps {
  db: Db;
  payments: PaymentProvider;
  /** A transfer that has to be taken back goes as a job (payout.reverse). */
  jobs: Pick<JobRunner, 'send' | 'sendEach' | 'wake'>;
  log: { warn(obj: object, msg?: string): void };
}

/** What a transfer job did. */
export type TransferOutcome = 'paid' | 'waiting' | 'nothing_to_send' | 'canceled_meanwhile';

/**
 * The `payout.transfer` job of an order: its transfer (outside any transaction), then the
 * answer recorded. A payout already paid, canceled or reversed is left as it is; one of a brand
 * whose payouts are not set up (no connected account, or not active: pending or restricted)
 * waits with a note — not an attempt — until `account.updated` sends its job again. A provider
 * failure is counted on the row and thrown, for the job to be retried (`lastTry`: it will not
 * be, and the payout is `failed`).
 */
export async function sendPayoutTransfer(
  deps: PayoutDeps,
  orderId: number,
  options: { lastTry: boolean },
): Promise<TransferOutcome> {
  try {
    return await transferOnce(deps, orderId, options);
  } catch (error) {
    // The last try failed, wherever (the provider, or a database error before or after it):
    // the job is parked, so the payout must not show `retrying` for ever. Best effort: the
    // error thrown stays the job's.
    if (options.lastTry) {
      await givePayoutUp(deps.db, orderId, PAYOUT_GAVE_UP_NOTE).catch((cause) =>
        deps.log.warn({ err: cause, orderId }, 'payout not marked failed'),
      );
    }
    throw error;
  }
}

async function transferOnce(
  deps: PayoutDeps,
  orderId: number,
  options: { lastTry: boolean },
): Promise<TransferOutcome> {
  const row = await findPayoutToSend(deps.db, orderId);
  if (!row || (row.status !== 'pending' && row.status !== 'failed')) return 'nothing_to_send';
  if (!payoutsReady(row)) {
    await notePayoutWaiting(deps.db, row.id, WAITING_FOR_SETUP_NOTE);
    return 'waiting';
  }
  let transfer: { id: string };
  try {
    transfer = await deps.payments.createTransfer(
      {
        amountCents: row.amountCents,
        destination: row.accountId!,
        transferGroup: row.transferGroup,
        orderId,
      },
      payoutIdempotencyKey(orderId),
    );
  } catch (error) {
    deps.log.warn({ err: error, orderId, lastTry: options.lastTry }, 'transfer failed');
    await recordPayoutFailure(deps.db, row.id, {
      error: error instanceof Error ? error.message : String(error),
      gaveUp: options.lastTry,
    });
    throw error;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await recordPayoutPaid(tx, row.id, transfer.id))) return false;
    await setOrderTransfer(tx, orderId, transfer.id);
    return true;
  });
  if (recorded) return 'paid';
  // The order was refunded while the transfer was on its way (the refund canceled the payout):
  // the transfer id is kept and a reversal job committed with it, so the brand never keeps it.
  const reverse = await deps.db.transaction(async (tx) => {
    if (!(await recordTransferOfCanceled(tx, row.id, transfer.id))) return false;
    await setOrderTransfer(tx, orderId, transfer.id);
    await queuePayoutReversal(deps.jobs, tx, orderId);
    return true;
  });
  if (reverse) deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
  return 'canceled_meanwhile';
}

/**
 * Takes a brand's transfer back after its order was refunded (key `reversal-<orderId>`: asked
 * twice, reversed once) and records the payout `reversed`. Outside any transaction; throws the
 * provider's error.
 */
export async function reversePayoutTransfer(
  deps: Pick<PayoutDeps, 'db' | 'payments'>,
  payout: { id: number; orderId: number; transferId: string; amountCents: number },
): Promise<string> {
  const reversal = await deps.payments.reverseTransfer(
    { transferId: payout.transferId, amountCents: payout.amountCents, orderId: payout.orderId },
    reversalIdempotencyKey(payout.orderId),
  );
  await recordPayoutReversed(deps.db, payout.id, reversal.id);
  return reversal.id;
}

/**
 * The `payout.reverse` job of an order: a canceled payout whose transfer went out (a refund of
 * a paid payout, or a transfer that raced the refund) is taken back; anything else (reversed
 * already, never transferred) is left. Throws the provider's error, for the job to retry; a
 * refusal parks the job (`ParkJobError`).
 */
export async function reverseCanceledTransfer(
  deps: Pick<PayoutDeps, 'db' | 'payments'>,
  orderId: number,
): Promise<boolean> {
  const payout = await findOrderPayout(deps.db, orderId);
  if (payout?.status !== 'canceled' || !payout.transferId || payout.reversalId) {
    return false;
  }
  try {
    await reversePayoutTransfer(deps, { ...payout, orderId, transferId: payout.transferId });
  } catch (error) {
    // A refusal does not pass by retrying for a day: parked at once, for an operator.
    if (error instanceof PaymentRefusedError) {
      throw new ParkJobError(`The provider refused to take the transfer back: ${error.message}`);
    }
    throw error;
  }
  return true;
}

/**
 * The periodic payment job's reconcile (decision 0020): money in flight that no job moves — a
 * pending payout of a ready brand without a transfer job, a canceled payout whose transfer was
 * never taken back without a reversal job (rows from before the jobs, or a job lost) — gets its
 * job, each in a transaction that checks again under the row's lock (two instances reconciling
 * at once send one), woken after. A pending payout whose transfer job was parked without the
 * payout being marked (an expiry on its last try) is marked `failed`, as its job is. A
 * canceled payout that was tried but has no transfer id is looked up at the provider
 * (`takeBackLostTransfers`). Answers how many jobs it sent.
 */
export async function reconcilePayoutJobs(
  deps: Pick<PayoutDeps, 'db' | 'jobs' | 'log' | 'payments'>,
): Promise<number> {
  let sent = 0;
  for (const { orderId } of await findStrandedPayouts(deps.db, PAYOUT_TRANSFER_QUEUE.name)) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await findStrandedPayouts(tx, PAYOUT_TRANSFER_QUEUE.name, orderId);
      if (!row) return false;
      if (row.parked) {
        await givePayoutUp(tx, orderId, PAYOUT_GAVE_UP_NOTE);
        return false;
      }
      await queuePayoutTransfers(deps.jobs, tx, [orderId]);
      return true;
    });
    if (done) {
      sent++;
      deps.log.warn({ orderId }, 'pending payout had no transfer job: sent one');
    }
  }
  if (sent) deps.jobs.wake(PAYOUT_TRANSFER_QUEUE);
  let reversals = 0;
  for (const orderId of await findStrandedTransfers(deps.db, PAYOUT_REVERSE_QUEUE.name)) {
    const done = await deps.db.transaction(async (tx) => {
      const [still] = await findStrandedTransfers(tx, PAYOUT_REVERSE_QUEUE.name, orderId);
      if (still === undefined) return false;
      await queuePayoutReversal(deps.jobs, tx, orderId);
      return true;
    });
    if (done) {
      reversals++;
      deps.log.warn({ orderId }, 'transfer to take back had no reversal job: sent one');
    }
  }
  reversals += await takeBackLostTransfers(deps);
  if (reversals) deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
  return sent + reversals;
}

/**
 * A transfer whose outcome was unknown (the provider made it, its answer was lost) racing a
 * refund that canceled the payout: the payout is canceled with no transfer id, so nothing
 * would take it back. The provider is asked (outside any transaction) whether that order's
 * transfer exists; if so its id is kept and a reversal job committed with it, else the payout
 * is noted as never transferred (not asked again). Answers the reversal jobs sent.
 */
async function takeBackLostTransfers(
  deps: Pick<PayoutDeps, 'db' | 'jobs' | 'log' | 'payments'>,
): Promise<number> {
  const { payments } = deps;
  let sent = 0;
  for (const payout of await findCanceledUnknownTransfers(deps.db, PAYOUT_TRANSFER_QUEUE.name)) {
    let found: { id: string } | null;
    try {
      found = await payments.findTransfer(
        { orderId: payout.orderId, transferGroup: payout.transferGroup },
        payoutIdempotencyKey(payout.orderId),
      );
    } catch (error) {
      deps.log.warn({ err: error, orderId: payout.orderId }, 'transfer lookup failed');
      continue;
    }
    if (!found) {
      await noteNoTransferMade(deps.db, payout.id);
      continue;
    }
    const transferId = found.id;
    const done = await deps.db.transaction(async (tx) => {
      if (!(await recordTransferOfCanceled(tx, payout.id, transferId))) return false;
      await setOrderTransfer(tx, payout.orderId, transferId);
      await queuePayoutReversal(deps.jobs, tx, payout.orderId);
      return true;
    });
    if (done) {
      sent++;
      deps.log.warn(
        { orderId: payout.orderId, transferId },
        'transfer of a canceled payout found at the provider: sent its reversal job',
      );
    }
  }
  return sent;
}
