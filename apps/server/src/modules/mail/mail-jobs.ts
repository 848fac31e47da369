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

/** Sends a message as a mail job through `executor` (the cause's transaction, or the db). */
export async function queueMail(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  message: MailMessage,
): Promise<void> {
  await jobs.send(executor, MAIL_QUEUE, { message });
}
