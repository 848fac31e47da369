import type { FastifyInstance } from 'fastify';
import { SMTP_CONNECTIONS } from '../../adapters/mail/create-mailer';
import {
  orderPaidEmails,
  orderRefundedEmailOf,
  orderShippedEmailOf,
} from '../orders/orders.service';
import { MAIL_QUEUE, ORDER_EMAILS_QUEUE, queueMail } from './mail-jobs';

/**
 * The mail workers (mail-jobs.ts). No route: the jobs are sent by the changes that cause them.
 * A failed send throws: the job is retried with backoff, then parked.
 */
export async function mailWorkers(app: FastifyInstance): Promise<void> {
  const { jobs, mailer, db, config } = app.deps;
  jobs.work(
    MAIL_QUEUE,
    async ({ message }, job) => {
      try {
        await mailer.send(message);
      } catch (error) {
        app.log.warn(
          { err: error, job: job.id, retryCount: job.retryCount, subject: message.subject },
          'mail not sent: retried later',
        );
        throw error;
      }
    },
    // As many sends at once as the SMTP pool has connections (create-mailer.ts).
    { concurrency: SMTP_CONNECTIONS },
  );
  jobs.work(
    ORDER_EMAILS_QUEUE,
    async (data) => {
      const deps = { db, config };
      const messages =
        data.kind === 'paid'
          ? await orderPaidEmails(deps, data.orderIds)
          : data.kind === 'shipped'
            ? await orderShippedEmailOf(deps, data.orderId)
            : await orderRefundedEmailOf(deps, data.orderId, data);
      if (messages.length === 0) return;
      await db.transaction(async (tx) => {
        for (const message of messages) await queueMail(jobs, tx, message);
      });
      jobs.wake(MAIL_QUEUE);
    },
    { concurrency: 2 },
  );
}
