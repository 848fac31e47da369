import {
  centsToPrice,
  linesCents,
  PARTIAL_REFUND_MESSAGES,
  type PartialRefundRequest,
  REFUND_MESSAGES,
  shareOf,
} from '@leafline/contract';
import { PaymentRefusedError } from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import type { PartialRefundLine } from '../../db/schema/index';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import {
  listOrderItems,
  lockOrderForRefund,
  ORDER_EMAILS_QUEUE,
  queueOrderEmails,
} from '../orders';
import { claimPartialReversal, findOrderPayout, reversePartialShare } from '../payouts';
import {
  PARTIAL_REFUND_QUEUE,
  partialRefundJobKey,
  queuePartialRefund,
} from './partial-refund-jobs';
import {
  findPartialRefund,
  insertPartialRefund,
  listOrderPartialRefunds,
  listSharesToReverse,
  type PartialRefundRow,
  recordPartialFailed,
  recordPartialProviderRefund,
  recordPartialReversed,
  recordPartialSucceeded,
  setPartialReversalStatus,
} from './partial-refunds.repo';
import { findRefund } from './refunds.repo';
import {
  REFUND_HANDOFF_SECONDS,
  type RefundDeps,
  refundOrderIfPaid,
  waitForRefund,
  waitWhilePending,
} from './refunds.service';

/**
 * Partial refunds of paid orders (issue 29 point 3, decision 0047): chosen lines and quantities,
 * or an amount up to what is left, given back once per request key. The steps are a full
 * refund's (decision 0039):
 *
 * 1. **claim** (one short transaction, under the order's row lock): what is left is the order's
 *    total less every partial refund not failed; the lines' units less those refunded; the
 *    brand's share by cumulative rounding of its payout (`shareOf`), so the shares of an order
 *    add up to the payout exactly once all is refunded. A request for all that is left is the
 *    order's full refund (its status becomes Refunded, the payout canceled or reversed for what
 *    is left of it). The row and its `refund.partial` job are committed together;
 * 2. **settle** (that job, run here at once): the buyer's refund (key `partial-refund-<id>`),
 *    then, under the payout's lock, its share claimed on a transferred payout (`reversing`),
 *    left `waiting` for a payout not transferred yet (its transfer job takes the shares back
 *    once it went out) or `not_needed` for a payout canceled; the refund succeeded and the
 *    buyer's e-mail queued in that transaction; then the share taken back (key
 *    `partial-reversal-<id>`). A refusal ends it failed; an unknown outcome retries the job.
 * 3. **answer**: the order, with its `refunds`.
 */

/** The provider's key of a partial refund's buyer refund. */
export const partialRefundKey = (id: number) => `partial-refund-${id}`;

type Claim =
  | { kind: 'claimed'; id: number }
  | { kind: 'same_key'; id: number }
  | { kind: 'full' }
  | { kind: 'full_same_key' };

/**
 * POST api/business/orders/{orderId}/refund/: refunds the lines or the amount asked for, once
 * for `requestKey`. Throws 400 (on `items` or `amount`) for more than is left, 409 for an order
 * not paid or refunded in full, 502 when the provider refused or did not answer clearly.
 */
export async function refundPartOfOrder(
  deps: RefundDeps,
  scope: { businessId: number; orderId: number },
  request: PartialRefundRequest,
  requestKey: string,
): Promise<void> {
  const { businessId, orderId } = scope;
  const claim = await deps.db.transaction(async (tx): Promise<Claim> => {
    const order = await lockOrderForRefund(tx, businessId, orderId);
    if (!order) throw notFound();
    const payout = await findOrderPayout(tx, orderId);
    if (!payout) throw conflict(PARTIAL_REFUND_MESSAGES.notPaid);
    const full = await findRefund(tx, orderId);
    if (full?.requestKey === requestKey) return { kind: 'full_same_key' };
    const partials = await listOrderPartialRefunds(tx, orderId);
    const same = partials.find((p) => p.requestKey === requestKey);
    if (same) return { kind: 'same_key', id: same.id };
    if (full?.status === 'succeeded') throw conflict(PARTIAL_REFUND_MESSAGES.nothingLeft);
    if (full?.status === 'pending') throw conflict(REFUND_MESSAGES.inProgress);
    const live = partials.filter((p) => p.status !== 'failed');
    const refunded = sum(live.map((p) => p.amountCents));
    const left = order.totalCents - refunded;
    if (left <= 0) throw conflict(PARTIAL_REFUND_MESSAGES.nothingLeft);
    let amount: number;
    let lines: PartialRefundLine[] | null = null;
    if (request.items) {
      lines = request.items.map((i) => ({ orderItemId: i.order_item_id, quantity: i.quantity }));
      amount = Math.min(left, await linesAmount(tx, orderId, order, lines, live));
    } else {
      amount = request.amount!;
      if (amount > left) {
        throw fieldError('amount', PARTIAL_REFUND_MESSAGES.tooMuch(centsToPrice(left)));
      }
    }
    if (amount <= 0) throw fieldError('items', PARTIAL_REFUND_MESSAGES.tooMuch(centsToPrice(left)));
    if (amount === left) {
      // All that is left: the order's full refund, once every partial one is through.
      if (live.some((p) => p.status === 'pending')) throw conflict(REFUND_MESSAGES.inProgress);
      return { kind: 'full' };
    }
    const row = await insertPartialRefund(tx, {
      orderId,
      businessId,
      requestKey,
      amountCents: amount,
      reversalCents: shareOf(payout.amountCents, order.totalCents, refunded, refunded + amount),
      reason: request.reason,
      lines,
    });
    await queuePartialRefund(deps.jobs, tx, row!.id, REFUND_HANDOFF_SECONDS);
    return { kind: 'claimed', id: row!.id };
  });
  if (claim.kind === 'full' || claim.kind === 'full_same_key') {
    const done = await refundOrderIfPaid(deps, scope, 'Refunded', {
      reason: request.reason,
      requestKey,
    });
    // Refunded already by an earlier request with this key: its outcome is the answer.
    if (done === 'not_needed' && claim.kind === 'full') {
      throw conflict(PARTIAL_REFUND_MESSAGES.nothingLeft);
    }
    if (done === 'not_needed') await waitForRefund(deps, orderId);
    return;
  }
  if (claim.kind === 'claimed') {
    await deps.jobs.runNow(PARTIAL_REFUND_QUEUE, partialRefundJobKey(claim.id));
  }
  answerOf(await partialOutcome(deps.db, claim.id));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The lines' amount, each checked against the order's lines and the units not refunded yet. */
async function linesAmount(
  tx: Db,
  orderId: number,
  order: { subtotalCents: number; discountCents: number },
  lines: readonly PartialRefundLine[],
  live: readonly PartialRefundRow[],
): Promise<number> {
  const items = await listOrderItems(tx, [orderId]);
  const priced = lines.map((line) => {
    const item = items.find((i) => i.id === line.orderItemId);
    if (!item) throw fieldError('items', PARTIAL_REFUND_MESSAGES.unknownLine(line.orderItemId));
    const refunded = sum(
      live
        .flatMap((p) => (p.lines ?? []).filter((l) => l.orderItemId === item.id))
        .map((l) => l.quantity),
    );
    const unitsLeft = Math.max(0, item.quantity - refunded);
    if (line.quantity > unitsLeft) {
      throw fieldError('items', PARTIAL_REFUND_MESSAGES.lineQuantity(item.productName, unitsLeft));
    }
    return { priceCents: item.productPriceCents, quantity: line.quantity };
  });
  return linesCents(order, priced);
}

/** The request's answer from the row: nothing (it went through), or the error of its outcome. */
function answerOf(row: PartialRefundRow | undefined): void {
  if (row?.status === 'succeeded') return;
  if (row?.status === 'failed') {
    throw new AppError(502, REFUND_MESSAGES.refused(row.lastError ?? ''));
  }
  if (!row) throw notFound();
  throw new AppError(502, REFUND_MESSAGES.unclear);
}

/** The partial refund once it has an outcome; 409 while still at work after REFUND_WAIT_MS. */
async function partialOutcome(db: Db, id: number): Promise<PartialRefundRow | undefined> {
  const row = await waitWhilePending(() => findPartialRefund(db, id));
  if (row?.status === 'pending') throw conflict(PARTIAL_REFUND_MESSAGES.inProgress);
  return row;
}

/**
 * The `refund.partial` job (step 2). A pending refund is made with its key (a refusal ends it
 * failed); a succeeded one whose share is claimed is taken back. Throws while the provider's
 * outcome is unknown, for the runner to retry with the same keys.
 */
export async function settlePartialRefund(deps: RefundDeps, id: number): Promise<void> {
  let row = await findPartialRefund(deps.db, id);
  if (!row || row.status === 'failed') return;
  if (row.status === 'pending') {
    const order = await deps.db.transaction((tx) =>
      lockOrderForRefund(tx, row!.businessId, row!.orderId),
    );
    if (!order) return;
    if (!row.providerRefundId) {
      try {
        if (!order.sessionId) {
          throw new PaymentRefusedError('The payment of this order is not known to the provider.');
        }
        const made = await deps.payments.refundPayment(
          { sessionId: order.sessionId, amountCents: row.amountCents, orderId: row.orderId },
          partialRefundKey(id),
        );
        await recordPartialProviderRefund(deps.db, id, made.id);
      } catch (error) {
        if (error instanceof PaymentRefusedError) {
          await recordPartialFailed(deps.db, id, error.message);
          return;
        }
        deps.log.error({ err: error, partialRefundId: id }, 'partial refund unknown; retried');
        throw error;
      }
    }
    const current = row;
    const emailed = await deps.db.transaction(async (tx) => {
      await lockOrderForRefund(tx, current.businessId, current.orderId);
      const claim = await claimPartialReversal(tx, current.orderId, current.reversalCents);
      // A share of nothing (a refund of a cent or two) has nothing to take back.
      const reversal =
        claim.state === 'reversing' && current.reversalCents === 0 ? 'not_needed' : claim.state;
      const done = await recordPartialSucceeded(tx, id, reversal);
      if (done?.emailed) {
        await queueOrderEmails(deps.jobs, tx, {
          kind: 'refunded',
          orderId: current.orderId,
          amountCents: current.amountCents,
          status: 'Partial',
          ...(current.reason ? { reason: current.reason } : {}),
        });
      }
      return Boolean(done?.emailed);
    });
    if (emailed) deps.jobs.wake(ORDER_EMAILS_QUEUE);
    row = await findPartialRefund(deps.db, id);
  }
  if (row?.reversalStatus === 'reversing') await takeShareBack(deps, row);
}

/**
 * The `payout.partial-reverse` job of an order whose payout was just transferred: each share
 * that waited for it is claimed (or found not needed) and taken back; a claimed one not taken
 * back yet (an earlier try failed) is tried again with its key.
 */
export async function reverseWaitingShares(deps: RefundDeps, orderId: number): Promise<void> {
  for (const share of await listSharesToReverse(deps.db, orderId)) {
    let row: PartialRefundRow | undefined = share;
    if (share.reversalStatus === 'waiting') {
      await deps.db.transaction(async (tx) => {
        const claim = await claimPartialReversal(tx, orderId, share.reversalCents);
        if (claim.state === 'waiting') return;
        await setPartialReversalStatus(
          tx,
          share.id,
          claim.state === 'reversing' && share.reversalCents > 0 ? 'reversing' : 'not_needed',
        );
      });
      row = await findPartialRefund(deps.db, share.id);
    }
    if (row?.reversalStatus === 'reversing') await takeShareBack(deps, row);
  }
}

/** A claimed share taken back from the transfer (outside any transaction), then recorded. */
async function takeShareBack(deps: RefundDeps, row: PartialRefundRow): Promise<void> {
  const payout = await findOrderPayout(deps.db, row.orderId);
  if (!payout?.transferId) return;
  const reversalId = await reversePartialShare(deps, {
    partialRefundId: row.id,
    orderId: row.orderId,
    transferId: payout.transferId,
    amountCents: row.reversalCents,
  });
  await recordPartialReversed(deps.db, row.id, reversalId);
}
