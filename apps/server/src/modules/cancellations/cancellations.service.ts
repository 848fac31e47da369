import {
  BUYER_CANCEL_REASON,
  CHECKOUT_MESSAGES,
  ORDER_CANCEL_MESSAGES,
  type Order,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import { AppError, conflict } from '../../lib/errors';
import { findUserOrder, isPaidOrLater, withItems } from '../orders';
import { type RefundDeps, refundOrderIfPaid } from '../refunds';

/**
 * The shopper's change of mind (issue 30 point 4, decision 0053): a paid order its brand has not
 * sent yet is cancelled by its buyer — the brand's own refund path (the full refund, once per
 * order whatever the number of requests, the payout taken back, the units back in stock), with
 * the reason BUYER_CANCEL_REASON: the buyer's e-mail says they cancelled it and the brand gets
 * one; its dashboard hears the status change live like any other.
 */
export async function cancelOwnOrder(
  deps: RefundDeps,
  userId: number,
  rawOrderId: string,
): Promise<Order> {
  const orderId = parseId(rawOrderId);
  const row = orderId === null ? undefined : await findUserOrder(deps.db, userId, orderId);
  if (!row) throw new AppError(404, CHECKOUT_MESSAGES.orderNotFound);
  // Not paid (still on the payment page: its own cancel is the checkout's), or past Paid.
  if (!isPaidOrLater(row)) throw conflict(ORDER_CANCEL_MESSAGES.notCancellable);
  if (row.status === 'Refunded' || row.status === 'Canceled') {
    throw conflict(ORDER_CANCEL_MESSAGES.alreadyClosed);
  }
  if (row.status !== 'Paid') throw conflict(ORDER_CANCEL_MESSAGES.notCancellable);
  const outcome = await refundOrderIfPaid(
    deps,
    { businessId: row.businessId, orderId: row.id },
    'Canceled',
    {
      reason: BUYER_CANCEL_REASON,
      restock: true,
      // Read again under the order's lock: the brand may be marking it shipped meanwhile.
      mustBe: { status: 'Paid', refusal: ORDER_CANCEL_MESSAGES.notCancellable },
    },
  );
  const after = await findUserOrder(deps.db, userId, row.id);
  // 'not_needed': no money to move (another request's refund went through, or no payout).
  if (outcome === 'not_needed' && after?.status !== 'Canceled') {
    throw conflict(
      after?.status === 'Refunded'
        ? ORDER_CANCEL_MESSAGES.alreadyClosed
        : ORDER_CANCEL_MESSAGES.notCancellable,
    );
  }
  const [order] = await withItems(deps.db, [after!]);
  return order!;
}
