import { REFUND_MESSAGES } from '@leafline/contract';
import {
  type PaymentProvider,
  PaymentRefusedError,
} from '../../adapters/payments/payment-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { AppError, conflict } from '../../lib/errors';
import { ORDER_EMAILS_QUEUE, queueOrderEmails } from '../mail/mail-jobs';
import { lockOrderForRefund, updateOrderBySeller } from '../orders/orders.repo';
import { cancelPayout, findOrderPayout } from '../payouts/payouts.repo';
import { reversePayoutTransfer } from '../payouts/payouts.service';
import {
  findRefund,
  insertRefund,
  listStalePendingRefunds,
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
 * A refund left pending by a crash is resumed by the periodic payment job with the same keys.
 *
 * Only a definite refusal (`PaymentRefusedError`: nothing was done) ends an attempt as failed;
 * the next one has a new key. An answer that leaves the outcome unknown (no answer, a 5xx, the
 * same key still running) keeps the refund pending: the job resumes it with the same key, so
 * a refund that did happen is never made twice. Once the buyer's refund is made, the refund
 * completes whatever happens to the payout: a transfer that cannot be taken back at once stays
 * `canceled` with its transfer id, and the periodic job reverses it (`reverseStrandedTransfers`).
 */

export interface RefundDeps {
  db: Db;
  config: Config;
  /** The refund e-mail goes as a durable job, committed with the refund's status. */
  jobs: Pick<JobRunner, 'send' | 'wake'>;
  tasks: BackgroundTasks;
  payments: PaymentProvider;
  log: { error(obj: object, msg?: string): void };
}

/**
 * A pending refund untouched this long was left by a request that died: it is resumed. Longer
 * than one provider call can take with the SDK's retries (3 × 20 s), and the refund's time is
 * renewed before each call, so a request still at work is never joined by the job.
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
 * the status as any other. Throws 502 REFUND_MESSAGES.refused when the provider refused, 409
 * REFUND_MESSAGES.inProgress while another request is at it for longer than REFUND_WAIT_MS.
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
      });
      return { kind: 'run', refund: refund!, sessionId: order.sessionId };
    }
    if (existing.status === 'succeeded') return { kind: 'not_needed' };
    if (existing.status === 'pending' && !isStale(existing)) return { kind: 'wait' };
    // Failed: the next attempt. Left pending by a crash: resumed with the same keys.
    const refund = await restartRefund(tx, existing.id, {
      targetStatus: target,
      newAttempt: existing.status === 'failed',
    });
    return { kind: 'run', refund, sessionId: order.sessionId };
  });
  if (claim.kind === 'not_needed') return 'not_needed';
  if (claim.kind === 'wait') return waitForRefund(deps, orderId);
  await settleRefund(deps, { businessId, orderId }, claim.refund, claim.sessionId, changes);
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

/** Steps 2 and 3 for a claimed (pending) refund; the provider's refusal as a 502. */
async function settleRefund(
  deps: RefundDeps,
  scope: { businessId: number; orderId: number },
  refund: RefundRow,
  sessionId: string | null,
  changes: SellerChanges,
): Promise<void> {
  const { businessId, orderId } = scope;
  try {
    await moveMoney(deps, orderId, refund, sessionId);
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      await recordRefundFailed(deps.db, refund.id, refund.attempts, error.message);
      throw new AppError(502, REFUND_MESSAGES.refused(error.message));
    }
    // Unknown whether the provider refunded: left pending, resumed later with the same key.
    deps.log.error({ err: error, orderId }, 'refund outcome unknown; resumed later');
    throw new AppError(502, REFUND_MESSAGES.unclear);
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
  // The brand's payout: never sent → canceled; sent → canceled with its transfer, taken back
  // now, or by the periodic job when the provider does not take it back at once.
  const payout = await cancelPayout(deps.db, orderId);
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
      deps.log.error({ err: error, orderId }, 'transfer reversal failed; retried by the job');
    }
  }
}

/**
 * The periodic job's part (runPaymentJobs): refunds left pending for more than REFUND_STALE_MS
 * (their request died) are finished with the same keys; a refusal leaves them failed.
 */
export async function resumeStaleRefunds(deps: RefundDeps): Promise<number> {
  let resumed = 0;
  const stale = await listStalePendingRefunds(deps.db, new Date(Date.now() - REFUND_STALE_MS));
  for (const row of stale) {
    const claim = await deps.db.transaction(async (tx) => {
      const order = await lockOrderForRefund(tx, row.businessId, row.orderId);
      const now = await findRefund(tx, row.orderId);
      if (!order || now?.status !== 'pending' || !isStale(now)) return undefined;
      const refund = await restartRefund(tx, now.id, {
        targetStatus: now.targetStatus,
        newAttempt: false,
      });
      return { refund, sessionId: order.sessionId };
    });
    if (!claim) continue;
    try {
      await settleRefund(
        deps,
        { businessId: row.businessId, orderId: row.orderId },
        claim.refund,
        claim.sessionId,
        {},
      );
      resumed += 1;
    } catch (error) {
      // An AppError was recorded (failed with the reason, or left pending); anything else is
      // logged, and the other refunds are still resumed.
      if (!(error instanceof AppError)) {
        deps.log.error({ err: error, orderId: row.orderId }, 'refund resume failed');
      }
    }
  }
  return resumed;
}
