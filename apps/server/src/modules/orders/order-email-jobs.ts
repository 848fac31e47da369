import type { Db } from '../../db/client';
import { defineQueue, type JobRunner, type SendOptions } from '../../jobs/job-runner';

/**
 * The e-mails of an order event, built from the order as it is when the job runs, then each
 * sent as a mail job of its own (in one transaction): a paid checkout (the buyer's
 * confirmation and each brand's new order), a shipped order, a refunded or cancelled one.
 * The orders module owns them (it reads the order); the mail module only sends.
 */
export type OrderEmailJob =
  | { kind: 'paid'; orderIds: number[] }
  | { kind: 'shipped'; orderId: number }
  | {
      kind: 'refunded';
      orderId: number;
      amountCents: number;
      /** `Partial`: part of the order given back (issue 29), its status unchanged. */
      status: 'Refunded' | 'Canceled' | 'Partial';
      reason?: string;
      /** The shopper cancelled it themselves (issue 30 point 4): the brand is told too. */
      byBuyer?: boolean;
    }
  /** A paid order refunded at once because its stock was gone (issue 26): buyer and brand. */
  | { kind: 'sold_out'; orderId: number }
  /** "How was it?" (issue 27): sent REVIEW_LIMITS.requestAfterDays after it was Delivered. */
  | { kind: 'review_request'; orderId: number };

export const ORDER_EMAILS_QUEUE = defineQueue<OrderEmailJob>({
  name: 'mail.order',
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Sends the e-mails of an order event as a job through `executor` (see ORDER_EMAILS_QUEUE). */
export async function queueOrderEmails(
  jobs: Pick<JobRunner, 'send'>,
  executor: Db,
  job: OrderEmailJob,
  options?: SendOptions,
): Promise<void> {
  await jobs.send(executor, ORDER_EMAILS_QUEUE, job, options);
}
