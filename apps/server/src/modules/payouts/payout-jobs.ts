import type { Db } from '../../db/client';
import { defineQueue, type JobRunner } from '../../jobs/job-runner';

/**
 * The brands' money moves as durable jobs (DESIGN 2.17, decisions 0018 and 0020): a payout's
 * transfer is a job written in the transaction that marks its order Paid (or that makes its
 * brand's payouts active), and a transfer to take back is a job written with the change that
 * finds it. A provider that is away makes the job retry with backoff; one that stays away
 * parks it where an operator sees and replays it (`/ops/jobs/`, `npm run jobs`).
 */

/**
 * Retries of a payout's transfer or reversal: about 1–2 min after the first failure, doubling
 * (pg-boss adds up to as much again at random), 10 of them — about a day in all, the last
 * wait about half of it — then the job is parked and the payout shows `failed`.
 */
const MONEY_RETRIES = { retryLimit: 10, retryDelay: 60, retryBackoff: true } as const;

/**
 * A transfer call with the SDK's own retries takes at most about a minute (3 × 20 s): a job
 * still running after 5 is taken for lost and given again (same key: one transfer).
 */
const MONEY_EXPIRY_SECONDS = 5 * 60;

/** Sends the payout of an order (idempotency key `payout-<orderId>`). */
export const PAYOUT_TRANSFER_QUEUE = defineQueue<{ orderId: number }>({
  name: 'payout.transfer',
  ...MONEY_RETRIES,
  expireInSeconds: MONEY_EXPIRY_SECONDS,
});

/** Takes back the transfer of a canceled payout (idempotency key `reversal-<orderId>`). */
export const PAYOUT_REVERSE_QUEUE = defineQueue<{ orderId: number }>({
  name: 'payout.reverse',
  ...MONEY_RETRIES,
  expireInSeconds: MONEY_EXPIRY_SECONDS,
});

/**
 * Takes back the shares of an order's partial refunds that waited for its transfer (decision
 * 0047; keys `partial-reversal-<partialRefundId>`). Sent with the transfer's record; its worker
 * is the refunds module's, which owns those refunds.
 */
export const PAYOUT_PARTIAL_REVERSE_QUEUE = defineQueue<{ orderId: number }>({
  name: 'payout.partial-reverse',
  ...MONEY_RETRIES,
  expireInSeconds: MONEY_EXPIRY_SECONDS,
});

/** The payout queues, for the runner's drain and the tests. */
export const PAYOUT_QUEUES = [
  PAYOUT_TRANSFER_QUEUE,
  PAYOUT_REVERSE_QUEUE,
  PAYOUT_PARTIAL_REVERSE_QUEUE,
] as const;

/** A transfer job per order, through `executor` (the transaction of the cause). */
export async function queuePayoutTransfers(
  jobs: Pick<JobRunner, 'sendEach'>,
  executor: Db,
  orderIds: readonly number[],
): Promise<void> {
  await jobs.sendEach(
    executor,
    PAYOUT_TRANSFER_QUEUE,
    orderIds.map((orderId) => ({ orderId })),
  );
}

/** A reversal job for the order's canceled payout, through `executor`. */
export async function queuePayoutReversal(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  orderId: number,
): Promise<void> {
  await jobs.send(executor, PAYOUT_REVERSE_QUEUE, { orderId });
}
