import type { Db } from '../../db/client';
import { defineQueue, type JobRunner } from '../../jobs/job-runner';

/**
 * A refund's provider steps are one durable job (DESIGN 2.17, decisions 0011, 0018, 0020 and
 * 0039), written in the refund's claim transaction to start REFUND_HANDOFF_SECONDS later; the
 * request that claimed it runs it at once (`runNow`), and any worker runs it after a request
 * that died, with the same idempotency keys. A provider that is away makes it retry with
 * backoff; one that stays away parks it (the refund stays pending) for an operator to replay.
 */

/**
 * Retries: about 1–2 min after the first failure, doubling, 10 of them (about a day). One job
 * per refund waits at a time (`short`, key `refund-<orderId>`), which the claiming request
 * finds by that key.
 */
export const REFUND_SETTLE_QUEUE = defineQueue<{ orderId: number }>({
  name: 'refund.settle',
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  // A refund and its reversal with the SDK's retries take at most a couple of minutes.
  expireInSeconds: 5 * 60,
  policy: 'short',
});

export const refundSettleKey = (orderId: number) => `refund-${orderId}`;

/**
 * The settle job for the order's refund, through `executor`; not before `startAfterSeconds`
 * (the claiming request runs it at once, by its key, with `runNow`).
 */
export async function queueRefundSettle(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  orderId: number,
  startAfterSeconds?: number,
): Promise<void> {
  await jobs.send(
    executor,
    REFUND_SETTLE_QUEUE,
    { orderId },
    {
      singletonKey: refundSettleKey(orderId),
      ...(startAfterSeconds ? { startAfterSeconds } : {}),
    },
  );
}
