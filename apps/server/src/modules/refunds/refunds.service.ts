import { REFUND_MESSAGES } from '@leafline/contract';
import {
  type PaymentProvider,
  PaymentRefusedError,
} from '../../adapters/payments/payment-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, conflict } from '../../lib/errors';
import {
  lockOrderForRefund,
  ORDER_EMAILS_QUEUE,
  queueOrderEmails,
  updateOrderBySeller,
} from '../orders';
import {
  cancelPayout,
  findOrderPayout,
  mayHaveLostTransfer,
  PAYOUT_REVERSE_QUEUE,
  queuePayoutReversal,
  reversePayoutTransfer,
} from '../payouts';
import { queueRefundSettle, REFUND_SETTLE_QUEUE } from './refund-jobs';
import {
  findRefund,
  handRefundToJob,
  insertRefund,
  type RefundRow,
  type RefundTarget,
  recordProviderRefund,
  recordRefundFailed,
  recordRefundSucceeded,
  restartRefund,
  touchRefund,
} from './refunds.repo';

/**
 * Refunds and cancellations of paid orders (seller money, issue point 5; DESIGN 2.7, decision
 * 0011). When a seller sets a paid order to Refunded or Canceled, the buyer's money goes back
 * exactly once through the payment provider and the brand's payout is settled: never sent
 * (`canceled`) or taken back (`reversed`). Three steps, no provider call inside a transaction:
 *
 * 1. a short transaction locks the order row and claims the refund (the unique order id of
 *    `refunds` makes it one; a failed one is tried again as the next attempt);
 * 2. outside any transaction, the refund (key `refund-<orderId>-<attempt>`), then the payout;
 * 3. a short transaction records the refund succeeded, sets the order's status (with the
 *    tracking number and notes of the same PATCH), records the order event, and queues the
 *    buyer's e-mail once.
 *
 * The claim's transaction also writes a `refund.settle` job (refund-jobs.ts) that starts after
 * REFUND_STALE_MS: a request that dies leaves it to finish the refund with the same keys; a
 * request that finishes leaves it nothing to do.
 *
 * Only a definite refusal (`PaymentRefusedError`: nothing was done) ends an attempt as failed;
 * the next one has a new key. An answer that leaves the outcome unknown (no answer, a 5xx, the
 * same key still running) keeps the refund pending and hands it to a settle job sent at once,
 * retried with backoff while the provider stays away: it resumes with the same key, so a
 * refund that did happen is never made twice. Once the buyer's refund is made, the refund
 * completes whatever happens to the payout: a transfer that cannot be taken back at once stays
 * `canceled` with its transfer id, and its `payout.reverse` job (written with the cancel)
 * takes it back.
 */

export interface RefundDeps {
  db: Db;
  config: Config;
  /** The refund e-mail goes as a durable job, committed with the refund's status. */
  jobs: Pick<JobRunner, 'send' | 'wake'>;
  payments: PaymentProvider;
  log: { error(obj: object, msg?: string): void };
}

/**
 * A pending refund untouched this long was left by a request that died: its settle job (sent
 * to start then) resumes it, and so does a new PATCH. Longer than one provider call can take
 * with the SDK's retries (3 × 20 s), and the refund's time is renewed before each call, so a
 * request still at work is never joined by the job.
 */
export const REFUND_STALE_MS = 5 * 60_000;
/** How long a second request for the same refund waits for the first one's outcome. */
export const REFUND_WAIT_MS = 10_000;
const POLL_MS = 100;

export const refundIdempotencyKey = (orderId: number, attempt: number) =>
  `refund-${orderId}-${attempt}`;

/**
 * What moves when a paid order is refunded, in cents: the buyer gets the order's total back
 * (its share of the payment, after its prorated share of the discount); the brand gives back
 * what it was transferred (its payout, after the commission).
 */
export function refundAmounts(order: { totalCents: number }, payout: { amountCents: number }) {
  return { refundCents: order.totalCents, reversalCents: payout.amountCents };
}

/** The status and tracking number/notes of the seller's PATCH (absent: unchanged). */
export interface SellerChanges {
  trackingNumber?: string;
  sellerNotes?: string;
}

type Claim =
  | { kind: 'not_needed' }
  | { kind: 'wait' }
  | { kind: 'run'; refund: RefundRow; sessionId: string | null };

/**
 * The seller set the order to Refunded or Canceled. A paid order (it has a payout row) whose
 * money was not given back yet is refunded here: 'updated' once the order took the status.
 * 'not_needed' when no money has to move (never paid, or refunded before): the caller changes
 * the status as any other. Throws 502 REFUND_MESSAGES.refused when the provider refused, 502
 * REFUND_MESSAGES.unclear when its outcome is unknown (the refund's settle job finishes it),
 * 409 REFUND_MESSAGES.inProgress while another request is at it for longer than REFUND_WAIT_MS.
 */
export async function refundOrderIfPaid(
  deps: RefundDeps,
  scope: { businessId: number; orderId: number },
  target: RefundTarget,
  changes: SellerChanges = {},
): Promise<'updated' | 'not_needed'> {
  const { businessId, orderId } = scope;
  const claim = await deps.db.transaction(async (tx): Promise<Claim> => {
    const order = await lockOrderForRefund(tx, businessId, orderId);
    if (!order) return { kind: 'not_needed' };
    const payout = await findOrderPayout(tx, orderId);
    if (!payout) return { kind: 'not_needed' };
    const existing = await findRefund(tx, orderId);
    if (!existing) {
      const refund = await insertRefund(tx, {
        orderId,
        businessId,
        amountCents: refundAmounts(order, payout).refundCents,
        targetStatus: target,
        trackingNumber: changes.trackingNumber,
        sellerNotes: changes.sellerNotes,
      });
      await queueRefundSettle(deps.jobs, tx, orderId, REFUND_STALE_MS / 1000);
      return { kind: 'run', refund: refund!, sessionId: order.sessionId };
    }
    if (existing.status === 'succeeded') return { kind: 'not_needed' };
    if (existing.status === 'pending' && !isStale(existing)) return { kind: 'wait' };
    // Failed: the next attempt. Left pending by a crash: resumed with the same keys.
    const refund = await restartRefund(tx, existing.id, {
      targetStatus: target,
      newAttempt: existing.status === 'failed',
      trackingNumber: changes.trackingNumber,
      sellerNotes: changes.sellerNotes,
    });
    await queueRefundSettle(deps.jobs, tx, orderId, REFUND_STALE_MS / 1000);
    return { kind: 'run', refund, sessionId: order.sessionId };
  });
  if (claim.kind === 'not_needed') return 'not_needed';
  if (claim.kind === 'wait') return waitForRefund(deps, orderId);
  const outcome = await settleRefund(
    deps,
    { businessId, orderId },
    claim.refund,
    claim.sessionId,
    changes,
    { handTo: 'new_job' },
  );
  if (outcome.kind === 'refused') {
    throw new AppError(502, REFUND_MESSAGES.refused(outcome.reason));
  }
  if (outcome.kind === 'unknown') throw new AppError(502, REFUND_MESSAGES.unclear);
  return 'updated';
}

const isStale = (refund: RefundRow) => Date.now() - refund.updatedAt.getTime() >= REFUND_STALE_MS;

/**
 * Another request is refunding the order: its outcome, once it has one. Succeeded: the caller
 * applies its own change as to any refunded order (money never moves twice).
 */
async function waitForRefund(deps: RefundDeps, orderId: number): Promise<'not_needed'> {
  const until = Date.now() + REFUND_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const refund = await findRefund(deps.db, orderId);
    if (refund?.status === 'succeeded') return 'not_needed';
    if (refund?.status === 'failed') {
      throw new AppError(502, REFUND_MESSAGES.refused(refund.lastError ?? ''));
    }
  }
  throw conflict(REFUND_MESSAGES.inProgress);
}

type SettleOutcome =
  | { kind: 'succeeded' }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown'; error: unknown };

/**
 * Steps 2 and 3 for a claimed (pending) refund. A refusal is recorded (failed). An unknown
 * outcome hands the refund to a settle job: a new one sent at once (`new_job`, the seller's
 * request), or the running job's own retry (`this_job`).
 */
async function settleRefund(
  deps: RefundDeps,
  scope: { businessId: number; orderId: number },
  refund: RefundRow,
  sessionId: string | null,
  changes: SellerChanges,
  options: { handTo: 'new_job' | 'this_job' },
): Promise<SettleOutcome> {
  const { businessId, orderId } = scope;
  try {
    await moveMoney(deps, orderId, refund, sessionId);
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      await recordRefundFailed(deps.db, refund.id, refund.attempts, error.message);
      return { kind: 'refused', reason: error.message };
    }
    // Unknown whether the provider refunded: left pending, resumed by the job with the same key.
    deps.log.error({ err: error, orderId }, 'refund outcome unknown; resumed by its job');
    const staleSince = new Date(Date.now() - REFUND_STALE_MS);
    if (options.handTo === 'this_job') {
      await handRefundToJob(deps.db, refund.id, staleSince);
    } else {
      await deps.db.transaction(async (tx) => {
        await handRefundToJob(tx, refund.id, staleSince);
        await queueRefundSettle(deps.jobs, tx, orderId);
      });
      deps.jobs.wake(REFUND_SETTLE_QUEUE);
    }
    return { kind: 'unknown', error };
  }
  const emailed = await deps.db.transaction(async (tx) => {
    await lockOrderForRefund(tx, businessId, orderId);
    const done = await recordRefundSucceeded(tx, refund.id, refund.attempts);
    // Finished by someone else meanwhile (the job resuming it): they set the status.
    if (!done) return false;
    await updateOrderBySeller(tx, businessId, orderId, {
      status: done.row.targetStatus,
      trackingNumber: changes.trackingNumber,
      sellerNotes: changes.sellerNotes,
    });
    if (done.emailed) {
      await queueOrderEmails(deps.jobs, tx, {
        kind: 'refunded',
        orderId,
        amountCents: refund.amountCents,
        status: refund.targetStatus,
      });
    }
    return done.emailed;
  });
  if (emailed) deps.jobs.wake(ORDER_EMAILS_QUEUE);
  return { kind: 'succeeded' };
}

/**
 * Outside any transaction: the buyer's refund (skipped when an earlier attempt got it and the
 * payout step failed), then the payout — canceled when never transferred, else reversed.
 */
async function moveMoney(
  deps: RefundDeps,
  orderId: number,
  refund: RefundRow,
  sessionId: string | null,
): Promise<void> {
  if (!refund.providerRefundId) {
    if (!sessionId) {
      throw new PaymentRefusedError('The payment of this order is not known to the provider.');
    }
    await touchRefund(deps.db, refund.id);
    const made = await deps.payments.refundPayment(
      { sessionId, amountCents: refund.amountCents, orderId },
      refundIdempotencyKey(orderId, refund.attempts),
    );
    await recordProviderRefund(deps.db, refund.id, made.id);
  }
  // The brand's payout: never sent → canceled; sent → canceled with its transfer and a reversal
  // job committed with that, then taken back now, or by that job when the provider does not
  // take it back at once. A try whose answer was lost may have sent it: its reversal job asks
  // the provider.
  const payout = await deps.db.transaction(async (tx) => {
    const row = await cancelPayout(tx, orderId);
    if (row && !row.reversalId && (row.transferId || mayHaveLostTransfer(row))) {
      await queuePayoutReversal(deps.jobs, tx, orderId);
    }
    return row;
  });
  if (payout && !payout.transferId && mayHaveLostTransfer(payout)) {
    deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
  }
  if (payout?.transferId && !payout.reversalId) {
    try {
      await touchRefund(deps.db, refund.id);
      await reversePayoutTransfer(deps, {
        id: payout.id,
        orderId,
        transferId: payout.transferId,
        amountCents: payout.amountCents,
      });
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'transfer reversal failed; retried by its job');
      deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
    }
  }
}

/** What a settle job did with the order's refund. */
export type ResumeOutcome = 'nothing_to_do' | 'succeeded' | 'refused' | 'request_at_work';

/**
 * The `refund.settle` job of an order: a refund still pending and untouched for
 * REFUND_STALE_MS (its request died, or handed it over) is finished with the same keys, as the
 * request would have; a refusal ends it failed. Anything else (succeeded, failed, none) is left
 * as it is. A request still at work on it: the job sends itself again for when that request
 * would count as dead (`request_at_work`, not a failed attempt). Throws while the provider's
 * outcome stays unknown, for the job to be retried.
 */
export async function resumeRefund(deps: RefundDeps, orderId: number): Promise<ResumeOutcome> {
  const seen = await findRefund(deps.db, orderId);
  if (seen?.status !== 'pending') return 'nothing_to_do';
  const claim = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForRefund(tx, seen.businessId, orderId);
    const now = await findRefund(tx, orderId);
    if (!order || now?.status !== 'pending') return 'nothing_to_do' as const;
    if (!isStale(now)) return 'busy' as const;
    const refund = await restartRefund(tx, now.id, {
      targetStatus: now.targetStatus,
      newAttempt: false,
    });
    return { refund, sessionId: order.sessionId };
  });
  if (claim === 'nothing_to_do') return claim;
  if (claim === 'busy') {
    // A request is at work on it: not a failure. The job comes back once that request would
    // count as dead (its refund untouched for REFUND_STALE_MS), and this one completes.
    const waitMs = REFUND_STALE_MS - (Date.now() - seen.updatedAt.getTime());
    await queueRefundSettle(
      deps.jobs,
      deps.db,
      orderId,
      Math.max(1, Math.ceil(Math.max(waitMs, 0) / 1000) + 5),
    );
    return 'request_at_work';
  }
  const outcome = await settleRefund(
    deps,
    { businessId: seen.businessId, orderId },
    claim.refund,
    claim.sessionId,
    // The seller's tracking number and notes of the PATCH that asked for the refund.
    {
      trackingNumber: claim.refund.trackingNumber ?? undefined,
      sellerNotes: claim.refund.sellerNotes ?? undefined,
    },
    { handTo: 'this_job' },
  );
  if (outcome.kind === 'unknown') throw outcome.error;
  return outcome.kind;
}
