import type { Db } from '../../db/client';
import { defineQueue, type JobRunner } from '../../jobs/job-runner';

/**
 * A refund whose request died, or whose provider answer never came, is finished by a durable
 * job (DESIGN 2.17, decisions 0011, 0018 and 0020) with the same idempotency keys. The job is
 * written in the refund's claim transaction to start after REFUND_STALE_MS (a request that
 * dies leaves it behind; one that finishes leaves it nothing to do), and sent again at once
 * when the provider's outcome was unknown. A provider still away makes it retry with backoff;
 * one that stays away parks it (the refund stays pending) for an operator to replay.
 */

/**
 * Retries: about 1–2 min after the first failure, doubling, 10 of them (about a day). One job
 * per refund waits at a time (`short`, key `refund-<orderId>`): a claim and an unclear outcome
 * no longer each add a job using up the other's retries.
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
 * The settle job for the order's refund, through `executor`; not before `startAfterSeconds`.
 * When one waits already, it stays the one: brought forward to this start if that is sooner.
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
      hasten: true,
      ...(startAfterSeconds ? { startAfterSeconds } : {}),
    },
  );
}
