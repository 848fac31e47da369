import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { defineQueue, type JobRunner } from '../../jobs/job-runner';

/**
 * Every e-mail the app sends goes through the durable job runner (DESIGN 2.17, decision 0018;
 * issue 14): a mail is a job, written in the transaction of its cause where there is one (an
 * order paid and its confirmation commit together or not at all), sent by a worker, retried
 * with backoff while the mail server is away, parked (visible, replayable) if it never comes
 * back. A mail job is sent once the mail server took it; a crash between its answer and the
 * job's completion is the one window in which it may go twice.
 */

/** One message to send. Retries: 15 s, 30 s, 1 min … about 17 h in all (12 of them). */
export const MAIL_QUEUE = defineQueue<{ message: MailMessage }>({
  name: 'mail.send',
  retryLimit: 12,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * The e-mails of an order event, built from the order as it is when the job runs, then each
 * sent as a mail job of its own (in one transaction): a paid checkout (the buyer's
 * confirmation and each brand's new order), a shipped order, a refunded or cancelled one.
 */
export type OrderEmailJob =
  | { kind: 'paid'; orderIds: number[] }
  | { kind: 'shipped'; orderId: number }
  | { kind: 'refunded'; orderId: number; amountCents: number; status: 'Refunded' | 'Canceled' };

export const ORDER_EMAILS_QUEUE = defineQueue<OrderEmailJob>({
  name: 'mail.order',
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** The queues of the mail, for the runner's drain and the tests. */
export const MAIL_QUEUES = [ORDER_EMAILS_QUEUE, MAIL_QUEUE] as const;

/** Sends a message as a mail job through `executor` (the cause's transaction, or the db). */
export async function queueMail(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  message: MailMessage,
): Promise<void> {
  await jobs.send(executor, MAIL_QUEUE, { message });
}

/** Sends the e-mails of an order event as a job through `executor` (see ORDER_EMAILS_QUEUE). */
export async function queueOrderEmails(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  job: OrderEmailJob,
): Promise<void> {
  await jobs.send(executor, ORDER_EMAILS_QUEUE, job);
}
