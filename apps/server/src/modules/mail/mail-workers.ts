import type { FastifyInstance } from 'fastify';
import { SMTP_CONNECTIONS } from '../../adapters/mail/create-mailer';
import { MAIL_QUEUE } from './mail-jobs';

/**
 * The mail workers (mail-jobs.ts). No route: the jobs are sent by the changes that cause them.
 * A failed send throws: the job is retried with backoff, then parked.
 */
export async function mailWorkers(app: FastifyInstance): Promise<void> {
  const { jobs, mailer } = app.deps;
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
}
