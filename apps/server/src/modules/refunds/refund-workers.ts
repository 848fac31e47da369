import type { FastifyInstance } from 'fastify';
import { REFUND_SETTLE_QUEUE } from './refund-jobs';
import { settleRefund } from './refunds.service';

/**
 * The refund worker (refund-jobs.ts). No route: its jobs are sent by the seller's refund claim,
 * whose request runs its own job at once (`runNow`); a worker runs it when that request died,
 * and its retries. A provider still away throws: retried, then parked.
 */
export async function refundWorkers(app: FastifyInstance): Promise<void> {
  const { db, config, payments, jobs } = app.deps;
  const deps = { db, config, payments, jobs, log: app.log };
  jobs.work(REFUND_SETTLE_QUEUE, async ({ orderId }) => {
    await settleRefund(deps, orderId);
  });
}
