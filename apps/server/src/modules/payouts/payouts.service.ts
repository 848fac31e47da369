import {
  type PaymentProvider,
  PaymentRefusedError,
} from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import { type JobRunner, ParkJobError } from '../../jobs/job-runner';
import { commissionCents, payoutCents, setOrderTransfer } from '../orders';
import {
  PAYOUT_PARTIAL_REVERSE_QUEUE,
  PAYOUT_REVERSE_QUEUE,
  PAYOUT_TRANSFER_QUEUE,
  queuePayoutReversal,
  queuePayoutTransfers,
} from './payout-jobs';
import {
  findOrderPayout,
  findPayoutToSend,
  givePayoutUp,
  hasWaitingPartialReversals,
  insertPayoutRows,
  NO_TRANSFER_MADE_NOTE,
  noteNoTransferMade,
  notePayoutWaiting,
  type OrderPayout,
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
 * any transaction and records its answer in one (decision 0011); a failure is noted on the
 * row and the job retried with backoff; when the job is parked its compensation leaves the
 * payout `failed` (for an operator to replay the job). Every transfer carries the idempotency key
 * `payout-<orderId>`: a job run twice, or a crash between the provider's answer and our
 * record, cannot make a second transfer.
 */

/** Attempts before a payout is marked failed (the transfer job's first run and its retries). */
export const MAX_PAYOUT_ATTEMPTS = PAYOUT_TRANSFER_QUEUE.retryLimit + 1;

/**
 * What the seller sees on a payout whose job was parked with no error of the provider's on it
 * (the failure was ours): the database error itself stays in the job's output, for the operator.
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
/** One reversal per partial refund's share (decision 0047). */
export const partialReversalKey = (partialRefundId: number) =>
  `partial-reversal-${partialRefundId}`;

/**
 * Takes back a partial refund's share of a transfer (key `partial-reversal-<id>`: asked twice,
 * reversed once); the reversal's id. Outside any transaction; throws the provider's error.
 */
export async function reversePartialShare(
  deps: Pick<PayoutDeps, 'payments'>,
  share: { partialRefundId: number; orderId: number; transferId: string; amountCents: number },
): Promise<string> {
  const reversal = await deps.payments.reverseTransfer(
    { transferId: share.transferId, amountCents: share.amountCents, orderId: share.orderId },
    partialReversalKey(share.partialRefundId),
  );
  return reversal.id;
}
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

/**
 * The payout rows of orders paid but refunded at once because their stock was gone (issue 26):
 * written canceled, with no transfer job, so nothing is ever transferred for them.
 */
export async function insertWithheldPayouts(
  tx: Db,
  checkoutId: number,
  withheld: readonly { orderId: number; businessId: number; totalCents: number }[],
): Promise<void> {
  await insertPayoutRows(
    tx,
    withheld.map((o) => ({
      orderId: o.orderId,
      businessId: o.businessId,
      amountCents: payoutCents(o.totalCents),
      commissionCents: commissionCents(o.totalCents),
      transferGroup: transferGroupOf(checkoutId),
      status: 'canceled' as const,
    })),
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
 * Whether a canceled payout without a transfer id may still have a transfer at the provider: a
 * try of it failed (its error kept) and its answer may have been lost. Its `payout.reverse` job
 * asks the provider, and takes back what it finds.
 */
export const mayHaveLostTransfer = (payout: Pick<OrderPayout, 'transferId' | 'lastError'>) =>
  !payout.transferId &&
  payout.lastError !== null &&
  payout.lastError !== WAITING_FOR_SETUP_NOTE &&
  payout.lastError !== NO_TRANSFER_MADE_NOTE;

/**
 * The `payout.transfer` job of an order (its steps: the payout read, the transfer outside any
 * transaction, the answer recorded in one). A payout already paid or reversed is left as it is;
 * one of a brand whose payouts are not set up (no connected account, or not active: pending or
 * restricted) waits with a note until `account.updated` sends its job again. A provider failure
 * is noted on the row and thrown, for the job to be retried; the job's compensation
 * (`givePayoutUp`) marks the payout `failed` when the job is parked. A payout canceled (its
 * order refunded) after an earlier attempt of this job (`earlierAttempt`), whose answer may
 * have been lost, gets a `payout.reverse` job that asks the provider.
 */
export async function sendPayoutTransfer(
  deps: PayoutDeps,
  orderId: number,
  options: { earlierAttempt: boolean } = { earlierAttempt: false },
): Promise<TransferOutcome> {
  const row = await findPayoutToSend(deps.db, orderId);
  if (!row) return 'nothing_to_send';
  if (row.status === 'canceled') {
    if (options.earlierAttempt && !row.transferId && !row.reversalId) {
      await deps.db.transaction((tx) => queuePayoutReversal(deps.jobs, tx, orderId));
      deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
    }
    return 'canceled_meanwhile';
  }
  if (row.status !== 'pending' && row.status !== 'failed') return 'nothing_to_send';
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
    deps.log.warn({ err: error, orderId }, 'transfer failed');
    await recordPayoutFailure(
      deps.db,
      row.id,
      error instanceof Error ? error.message : String(error),
    );
    throw error;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await recordPayoutPaid(tx, row.id, transfer.id))) return false;
    await setOrderTransfer(tx, orderId, transfer.id);
    // Partial refunds made before the transfer: their shares are taken back now (decision 0047).
    const partials = await hasWaitingPartialReversals(tx, orderId);
    if (partials) await deps.jobs.send(tx, PAYOUT_PARTIAL_REVERSE_QUEUE, { orderId });
    return partials ? 'partials' : true;
  });
  if (recorded === 'partials') deps.jobs.wake(PAYOUT_PARTIAL_REVERSE_QUEUE);
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

/** The transfer job's compensation when it is parked: the payout shows `failed`. */
export async function givePayoutTransferUp(deps: Pick<PayoutDeps, 'db'>, orderId: number) {
  await givePayoutUp(deps.db, orderId, PAYOUT_GAVE_UP_NOTE);
}

/**
 * Takes a brand's transfer back after its order was refunded (key `reversal-<orderId>`: asked
 * twice, reversed once) and records the payout `reversed`: what is left of it after the shares
 * partial refunds took back (`reversedCents`, decision 0047). Outside any transaction; throws
 * the provider's error.
 */
export async function reversePayoutTransfer(
  deps: Pick<PayoutDeps, 'db' | 'payments'>,
  payout: {
    id: number;
    orderId: number;
    transferId: string;
    amountCents: number;
    reversedCents: number;
  },
): Promise<string> {
  const reversal = await deps.payments.reverseTransfer(
    {
      transferId: payout.transferId,
      amountCents: payout.amountCents - payout.reversedCents,
      orderId: payout.orderId,
    },
    reversalIdempotencyKey(payout.orderId),
  );
  await recordPayoutReversed(deps.db, payout.id, reversal.id);
  return reversal.id;
}

/**
 * The `payout.reverse` job of an order: a canceled payout whose transfer went out (a refund of
 * a paid payout, or a transfer that raced the refund) is taken back. One without a transfer id
 * that may have had one (`mayHaveLostTransfer`: a try whose answer was lost) is first looked up
 * at the provider by its transfer's key: found, its id is kept and it is taken back; not found,
 * the payout is noted as never transferred. Anything else (reversed already, never tried) is
 * left. Throws the provider's error, for the job to retry; a refusal parks the job
 * (`ParkJobError`).
 */
export async function reverseCanceledTransfer(
  deps: Pick<PayoutDeps, 'db' | 'payments'>,
  orderId: number,
): Promise<boolean> {
  const payout = await findOrderPayout(deps.db, orderId);
  if (payout?.status !== 'canceled' || payout.reversalId) return false;
  let transferId = payout.transferId;
  if (!transferId) {
    if (!mayHaveLostTransfer(payout)) return false;
    transferId = await findLostTransfer(deps, orderId, payout);
    if (!transferId) return false;
  }
  try {
    await reversePayoutTransfer(deps, { ...payout, orderId, transferId });
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
 * A transfer whose answer was lost, looked up at the provider by its key: its id, kept on the
 * payout and the order; null (noted on the payout, not asked again) when none was made.
 */
async function findLostTransfer(
  deps: Pick<PayoutDeps, 'db' | 'payments'>,
  orderId: number,
  payout: OrderPayout,
): Promise<string | null> {
  const found = await deps.payments.findTransfer(
    { orderId, transferGroup: payout.transferGroup },
    payoutIdempotencyKey(orderId),
  );
  if (!found) {
    await noteNoTransferMade(deps.db, payout.id);
    return null;
  }
  await deps.db.transaction(async (tx) => {
    await recordTransferOfCanceled(tx, payout.id, found.id);
    await setOrderTransfer(tx, orderId, found.id);
  });
  return found.id;
}
