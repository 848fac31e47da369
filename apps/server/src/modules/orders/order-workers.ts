import type { FastifyInstance } from 'fastify';
import { MAIL_QUEUE, queueMail } from '../mail';
import { ORDER_EMAILS_QUEUE } from './order-email-jobs';
import {
  orderPaidEmails,
  orderRefundedEmailOf,
  orderShippedEmailOf,
  orderSoldOutEmailsOf,
  reviewRequestEmailOf,
} from './orders.service';

/** The order-email worker: each event's messages become mail jobs in one transaction, once. */
export async function orderEmailWorkers(app: FastifyInstance): Promise<void> {
  const { jobs, db, config } = app.deps;
  jobs.work(
    ORDER_EMAILS_QUEUE,
    async (data, job) => {
      const deps = { db, config };
      const messages =
        data.kind === 'paid'
          ? await orderPaidEmails(deps, data.orderIds)
          : data.kind === 'shipped'
            ? await orderShippedEmailOf(deps, data.orderId)
            : data.kind === 'sold_out'
              ? await orderSoldOutEmailsOf(deps, data.orderId)
              : data.kind === 'review_request'
                ? await reviewRequestEmailOf(deps, data.orderId)
                : await orderRefundedEmailOf(deps, data.orderId, data);
      if (messages.length === 0) return;
      // Once: an attempt whose completion was lost (its worker died after this commit) is run
      // again, and must not send the e-mails a second time.
      await db.transaction(async (tx) => {
        if (!(await job.once(tx))) return;
        for (const message of messages) await queueMail(jobs, tx, message);
      });
      jobs.wake(MAIL_QUEUE);
    },
    { concurrency: 2 },
  );
}
