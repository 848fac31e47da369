import type { FastifyInstance } from 'fastify';
import { PAYOUT_PARTIAL_REVERSE_QUEUE } from '../payouts';
import { PARTIAL_REFUND_QUEUE } from './partial-refund-jobs';
import { reverseWaitingShares, settlePartialRefund } from './partial-refunds.service';
import { REFUND_SETTLE_QUEUE } from './refund-jobs';
import { settleRefund } from './refunds.service';

/**
 * The refund workers (refund-jobs.ts, partial-refund-jobs.ts). No route: their jobs are sent by
 * the seller's refund claims, whose requests run their own job at once (`runNow`); a worker
 * runs one when that request died, and its retries. A provider still away throws: retried, then
 * parked. The shares of partial refunds that waited for a payout's transfer are taken back by
 * the payouts module's `payout.partial-reverse` job, run here (the refunds own those rows).
 */
export async function refundWorkers(app: FastifyInstance): Promise<void> {
  const { db, config, payments, jobs } = app.deps;
  const deps = { db, config, payments, jobs, log: app.log };
  jobs.work(REFUND_SETTLE_QUEUE, async ({ orderId }) => {
    await settleRefund(deps, orderId);
  });
  jobs.work(PARTIAL_REFUND_QUEUE, async ({ partialRefundId }) => {
    await settlePartialRefund(deps, partialRefundId);
  });
  jobs.work(PAYOUT_PARTIAL_REVERSE_QUEUE, async ({ orderId }) => {
    await reverseWaitingShares(deps, orderId);
  });
}
