import type { FastifyInstance } from 'fastify';
import { PAYOUT_REVERSE_QUEUE, PAYOUT_TRANSFER_QUEUE } from './payout-jobs';
import {
  givePayoutTransferUp,
  reverseCanceledTransfer,
  sendPayoutTransfer,
} from './payouts.service';

/**
 * The payout workers (payout-jobs.ts). No route: the jobs are sent by the changes that cause
 * them (an order paid, a brand's payouts made active, a refund of a transferred payout). A
 * provider failure throws: the job is retried with backoff, then parked; a parked transfer's
 * compensation marks its payout `failed`.
 */
export async function payoutWorkers(app: FastifyInstance): Promise<void> {
  const { db, payments, jobs } = app.deps;
  const deps = { db, payments, jobs, log: app.log };
  jobs.work(
    PAYOUT_TRANSFER_QUEUE,
    async ({ orderId }, job) => {
      await sendPayoutTransfer(deps, orderId, { earlierAttempt: job.retryCount > 0 });
    },
    { onParked: ({ orderId }) => givePayoutTransferUp(deps, orderId) },
  );
  jobs.work(PAYOUT_REVERSE_QUEUE, async ({ orderId }) => {
    await reverseCanceledTransfer(deps, orderId);
  });
}
