import type { Db } from '../../db/client';
import { defineQueue, type JobRunner } from '../../jobs/job-runner';

/**
 * A partial refund's provider steps as one durable job (decision 0047, like a full refund's:
 * decision 0039): written with its claim, to start REFUND_HANDOFF_SECONDS later; the request
 * that claimed it runs it at once (`runNow`), any worker after a request that died, with the
 * same idempotency keys (`partial-refund-<id>`, `partial-reversal-<id>`).
 */
export const PARTIAL_REFUND_QUEUE = defineQueue<{ partialRefundId: number }>({
  name: 'refund.partial',
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'short',
});

export const partialRefundJobKey = (partialRefundId: number) => `partial-${partialRefundId}`;

/** The job of a claimed partial refund, through `executor` (its claim's transaction). */
export async function queuePartialRefund(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  partialRefundId: number,
  startAfterSeconds: number,
): Promise<void> {
  await jobs.send(
    executor,
    PARTIAL_REFUND_QUEUE,
    { partialRefundId },
    { singletonKey: partialRefundJobKey(partialRefundId), startAfterSeconds },
  );
}
