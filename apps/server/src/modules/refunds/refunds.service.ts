import {
  BUYER_CANCEL_REASON,
  CANCEL_REASON,
  ORDER_CANCEL_MESSAGES,
  type OrderStatus,
  REFUND_MESSAGES,
} from '@leafline/contract';
import {
  type PaymentProvider,
  PaymentRefusedError,
} from '../../adapters/payments/payment-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, conflict } from '../../lib/errors';
import {
  listOrderStockLines,
  lockOrderForRefund,
  moveStockState,
  ORDER_EMAILS_QUEUE,
  type OrderRow,
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
import { restockLines } from '../stock';
import { dropWaitingPartialReversals, listOrderPartialRefunds } from './partial-refunds.repo';
import { queueRefundSettle, REFUND_SETTLE_QUEUE, refundSettleKey } from './refund-jobs';
import {
  findRefund,
  insertRefund,
  type RefundRow,
  type RefundTarget,
  recordProviderRefund,
  recordRefundFailed,
  recordRefundSucceeded,
  restartRefund,
} from './refunds.repo';

/**
 * Refunds and cancellations of paid orders (seller money, issue point 5; DESIGN 2.7, decision
 * 0011). When a seller sets a paid order to Refunded or Canceled, the buyer's money goes back
 * exactly once through the payment provider and the brand's payout is settled: never sent
 * (`canceled`) or taken back (`reversed`). The refund's steps (decision 0039):
 *
 * 1. **claim** (the seller's request, one short transaction): the order row locked, the refund
 *    claimed (the unique order id of `refunds` makes it one; a failed one is tried again as the
 *    next attempt, with a new key) with the status, tracking number and notes asked for, and
 *    its `refund.settle` job committed with it, to start REFUND_HANDOFF_SECONDS later;
 * 2. **settle** (that job, which the request runs here and now with `jobs.runNow`; if the
 *    request dies, any worker runs it when it is due): outside any transaction the refund (key
 *    `refund-<orderId>-<attempt>`), then the payout (canceled in a transaction with its reversal
 *    job when it was sent, then reversed: key `reversal-<orderId>`); then one transaction
 *    records the refund succeeded, sets the order's status, tracking number and notes, records
 *    the order event and queues the buyer's e-mail once;
 * 3. **answer** (the request), from the refund's row.
 *
 * Only a definite refusal (`PaymentRefusedError`: nothing was done) ends an attempt as failed,
 * and completes the job. An answer that leaves the outcome unknown (no answer, a 5xx, the same
 * key still running) fails the job: the runner retries it with backoff and the same keys, so a
 * refund that did happen is never made twice, and parks it (the refund stays pending) after
 * about a day, for an operator to replay. One attempt of a job runs at a time: the runner's.
 * Once the buyer's refund is made the refund completes whatever happens to the payout: a
 * transfer that cannot be taken back at once stays `canceled` with its transfer id, and its
 * `payout.reverse` job takes it back.
 */

export interface RefundDeps {
  db: Db;
  config: Config;
  /** The refund's settle job, and the e-mail committed with the refund's status. */
  jobs: Pick<JobRunner, 'send' | 'wake' | 'runNow'>;
  payments: PaymentProvider;
  log: { error(obj: object, msg?: string): void };
}

/**
 * When a claimed refund's settle job is due for any worker: the request that claimed it runs it
 * at once itself, so this is only the wait after a request that died.
 */
export const REFUND_HANDOFF_SECONDS = 60;
/** How long a second request for the same refund waits for the first one's outcome. */
export const REFUND_WAIT_MS = 10_000;
const POLL_MS = 100;

export const refundIdempotencyKey = (orderId: number, attempt: number) =>
  `refund-${orderId}-${attempt}`;

/**
 * What moves when a paid order is refunded, in cents: the buyer gets the order's total back
 * (its share of the payment, after its prorated share of the discount) less what partial
 * refunds gave back already (decision 0047); the brand gives back what it was transferred (its
 * payout, after the commission) — less the shares partial refunds took, which
 * `reversePayoutTransfer` subtracts when it takes the payout back.
 */
export function refundAmounts(
  order: { totalCents: number },
  payout: { amountCents: number },
  partiallyRefundedCents = 0,
) {
  return {
    refundCents: order.totalCents - partiallyRefundedCents,
    reversalCents: payout.amountCents,
  };
}

/** The status and tracking number/notes of the seller's PATCH (absent: unchanged). */
export interface SellerChanges {
  trackingNumber?: string;
  sellerNotes?: string;
  /** Put the order's sold units back in stock once refunded (default: yes). */
  restock?: boolean;
  /** Why (issue 29 point 3); a cancel without one says CANCEL_REASON. */
  reason?: string;
  /** The refund call's request key (issue 29 point 3), when it asked for all that was left. */
  requestKey?: string;
  /**
   * Only while the order has this status (read under its row lock), else 409 `refusal`: the
   * buyer's cancel (issue 30 point 4) of an order the brand may be marking shipped meanwhile.
   */
  mustBe?: { status: OrderRow['status']; refusal: string };
}

type Claim = 'not_needed' | 'wait' | 'claimed';

/**
 * The seller set the order to Refunded or Canceled. A paid order (it has a payout row) whose
 * money was not given back yet is refunded here: 'updated' once the order took the status.
 * 'not_needed' when no money has to move (never paid, or refunded before): the caller changes
 * the status as any other. Throws 502 REFUND_MESSAGES.refused when the provider refused, 502
 * REFUND_MESSAGES.unclear when its outcome is unknown (the refund's settle job finishes it),
 * 409 REFUND_MESSAGES.inProgress while the refund is at work for longer than REFUND_WAIT_MS.
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
    if (!order) return 'not_needed';
    if (changes.mustBe && order.status !== changes.mustBe.status) {
      throw conflict(changes.mustBe.refusal);
    }
    const payout = await findOrderPayout(tx, orderId);
    if (!payout) return 'not_needed';
    const existing = await findRefund(tx, orderId);
    if (existing?.status === 'succeeded') return 'not_needed';
    // Another request is at it, or its job retries an unknown outcome: its outcome is awaited.
    if (existing?.status === 'pending') return 'wait';
    // What is left after the partial refunds (decision 0047), once none of them is at work.
    const partials = (await listOrderPartialRefunds(tx, orderId)).filter(
      (p) => p.status !== 'failed',
    );
    if (partials.some((p) => p.status === 'pending')) throw conflict(REFUND_MESSAGES.inProgress);
    const amountCents = refundAmounts(
      order,
      payout,
      partials.reduce((cents, p) => cents + p.amountCents, 0),
    ).refundCents;
    const reason = changes.reason || (target === 'Canceled' ? CANCEL_REASON : '');
    if (!existing) {
      await insertRefund(tx, {
        orderId,
        businessId,
        amountCents,
        targetStatus: target,
        trackingNumber: changes.trackingNumber,
        sellerNotes: changes.sellerNotes,
        restock: changes.restock ?? true,
        reason,
        requestKey: changes.requestKey,
      });
    } else {
      // Failed (refused): the next attempt, with a new key.
      await restartRefund(tx, existing.id, {
        targetStatus: target,
        newAttempt: true,
        amountCents,
        trackingNumber: changes.trackingNumber,
        sellerNotes: changes.sellerNotes,
        restock: changes.restock ?? true,
        reason,
        requestKey: changes.requestKey,
      });
    }
    await queueRefundSettle(deps.jobs, tx, orderId, REFUND_HANDOFF_SECONDS);
    return 'claimed';
  });
  if (claim === 'not_needed') return 'not_needed';
  if (claim === 'wait') {
    const outcome = await refundOutcome(deps, orderId);
    if (outcome.status === 'pending') throw conflict(REFUND_MESSAGES.inProgress);
    // Refused: that answer. Succeeded: the caller applies its own change as to any refunded order.
    answerOf(outcome);
    return 'not_needed';
  }
  const ran = await deps.jobs.runNow(REFUND_SETTLE_QUEUE, refundSettleKey(orderId));
  const refund = ran ? await findRefund(deps.db, orderId) : await refundOutcome(deps, orderId);
  return answerOf(refund);
}

/**
 * Why the seller's change of the order's status to `status` may not go now (decision 0053),
 * read with the order row locked for the rest of the caller's transaction, so that the refund's
 * claim and completion (which take the same lock) run wholly before or after the change:
 * - a full refund at work (409 REFUND_MESSAGES.inProgress): its completion sets the order's
 *   status, and a Shipped let through meanwhile would send an order being refunded;
 * - the buyer's cancel gone through (409 ORDER_CANCEL_MESSAGES.cancelledByBuyer): the money is
 *   back with the buyer and the units in stock; the brand must not send it.
 * Undefined when the change may go (the same status again, as an edit of tracking or notes, always may).
 */
export async function statusChangeRefusal(
  tx: Db,
  scope: { businessId: number; orderId: number },
  status: OrderStatus,
): Promise<string | undefined> {
  const order = await lockOrderForRefund(tx, scope.businessId, scope.orderId);
  if (!order || order.status === status) return undefined;
  const refund = await findRefund(tx, scope.orderId);
  if (refund?.status === 'pending') return REFUND_MESSAGES.inProgress;
  if (refund?.status === 'succeeded' && refund.reason === BUYER_CANCEL_REASON) {
    return ORDER_CANCEL_MESSAGES.cancelledByBuyer;
  }
  return undefined;
}

/**
 * Waits for the order's refund asked by an earlier request (the same request key): nothing
 * when it went through, else the 409 or 502 of its outcome.
 */
export async function waitForRefund(deps: RefundDeps, orderId: number): Promise<void> {
  const outcome = await refundOutcome(deps, orderId);
  if (outcome.status === 'pending') throw conflict(REFUND_MESSAGES.inProgress);
  answerOf(outcome);
}

/** The request's answer from the refund's row: 'updated', or the 502 of its outcome. */
function answerOf(refund: RefundRow | undefined): 'updated' {
  if (refund?.status === 'succeeded') return 'updated';
  if (refund?.status === 'failed') {
    throw new AppError(502, REFUND_MESSAGES.refused(refund.lastError ?? ''));
  }
  throw new AppError(502, REFUND_MESSAGES.unclear);
}

/** The order's refund once it has an outcome, or still pending after REFUND_WAIT_MS. */
async function refundOutcome(deps: RefundDeps, orderId: number): Promise<RefundRow> {
  return (await waitWhilePending(() => findRefund(deps.db, orderId)))!;
}

/**
 * A refund row (full or partial) read again every POLL_MS while it is pending, for up to
 * REFUND_WAIT_MS: the row once it has an outcome, or still pending after that.
 */
export async function waitWhilePending<T extends { status: string }>(
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const until = Date.now() + REFUND_WAIT_MS;
  for (;;) {
    const row = await read();
    if (row?.status !== 'pending' || Date.now() >= until) return row;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** What a settle job did with the order's refund. */
export type SettleOutcome = 'nothing_to_do' | 'succeeded' | 'refused';

/**
 * The `refund.settle` job of an order (step 2): a pending refund is finished with its keys; a
 * refusal ends its attempt failed. Anything else (succeeded, failed, none) is left as it is.
 * Throws while the provider's outcome is unknown, for the runner to retry the job.
 */
export async function settleRefund(deps: RefundDeps, orderId: number): Promise<SettleOutcome> {
  const refund = await findRefund(deps.db, orderId);
  if (refund?.status !== 'pending') return 'nothing_to_do';
  const order = await deps.db.transaction((tx) =>
    lockOrderForRefund(tx, refund.businessId, orderId),
  );
  if (!order) return 'nothing_to_do';
  try {
    await moveMoney(deps, orderId, refund, order.sessionId);
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      await recordRefundFailed(deps.db, refund.id, refund.attempts, error.message);
      return 'refused';
    }
    // Unknown whether the provider refunded: the job is retried with the same keys.
    deps.log.error({ err: error, orderId }, 'refund outcome unknown; its job retries it');
    throw error;
  }
  const emailed = await deps.db.transaction(async (tx) => {
    await lockOrderForRefund(tx, refund.businessId, orderId);
    const done = await recordRefundSucceeded(tx, refund.id, refund.attempts);
    if (!done) return false;
    await updateOrderBySeller(tx, refund.businessId, orderId, {
      status: done.row.targetStatus,
      trackingNumber: done.row.trackingNumber ?? undefined,
      sellerNotes: done.row.sellerNotes ?? undefined,
    });
    // The seller's "put the items back in stock": the order's sold units, once.
    if (done.row.restock) {
      const back = await restockLines(tx, orderId, await listOrderStockLines(tx, orderId));
      await moveStockState(
        tx,
        back.map((l) => l.id),
        ['sold'],
        'restocked',
      );
    }
    if (done.emailed) {
      await queueOrderEmails(deps.jobs, tx, {
        kind: 'refunded',
        orderId,
        amountCents: refund.amountCents,
        status: done.row.targetStatus,
        // The shopper's own cancel: their e-mail says so, and the brand gets one (issue 30).
        ...(done.row.reason === BUYER_CANCEL_REASON ? { byBuyer: true } : {}),
      });
    }
    return done.emailed;
  });
  if (emailed) deps.jobs.wake(ORDER_EMAILS_QUEUE);
  return 'succeeded';
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
    // Shares of partial refunds still waiting for a transfer: none is needed now (decision 0047).
    await dropWaitingPartialReversals(tx, orderId);
    if (row && !row.reversalId && (row.transferId || mayHaveLostTransfer(row))) {
      await queuePayoutReversal(deps.jobs, tx, orderId);
    }
    return row;
  });
  if (payout && mayHaveLostTransfer(payout)) {
    deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
  }
  if (payout?.transferId && !payout.reversalId) {
    try {
      await reversePayoutTransfer(deps, {
        id: payout.id,
        orderId,
        transferId: payout.transferId,
        amountCents: payout.amountCents,
        reversedCents: payout.reversedCents,
      });
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'transfer reversal failed; retried by its job');
      deps.jobs.wake(PAYOUT_REVERSE_QUEUE);
    }
  }
}

/**
 * A paid order that cannot be delivered because its stock was gone when the payment came
 * (issue 26 rule 2, docs/decisions/0042): its full refund claimed in the payment's
 * transaction, with its settle job (any worker runs it at once; wake REFUND_SETTLE_QUEUE
 * after the commit). Its payout is written canceled by the caller: nothing is transferred.
 */
export async function claimSoldOutRefund(
  jobs: Pick<JobRunner, 'send'>,
  tx: Db,
  order: { orderId: number; businessId: number; totalCents: number },
): Promise<void> {
  const claimed = await insertRefund(tx, {
    orderId: order.orderId,
    businessId: order.businessId,
    amountCents: order.totalCents,
    targetStatus: 'Refunded',
    sellerNotes: SOLD_OUT_REFUND_NOTE,
  });
  if (claimed) await queueRefundSettle(jobs, tx, order.orderId);
}

/** The note a sold-out refund leaves on the order (the brand's notes field). */
export const SOLD_OUT_REFUND_NOTE =
  'Refunded automatically: the items were sold out when the payment arrived.';
