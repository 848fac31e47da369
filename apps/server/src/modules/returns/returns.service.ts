import {
  BUSINESS_MESSAGES,
  CHECKOUT_MESSAGES,
  type Order,
  type OrderReturn,
  PARTIAL_REFUND_MESSAGES,
  type PartialRefundRequest,
  REFUND_MESSAGES,
  RETURN_MESSAGES,
  RETURN_REFUND_REASON,
  type ReturnRequest,
  type SellerOrder,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { queueMail } from '../mail';
import {
  findBusinessOrder,
  findOrderEmailTargets,
  findUserOrder,
  isPaidOrLater,
  listOrderDetails,
  lockOrderForRefund,
  type OrderDetailRows,
  recordOrderEvents,
  returnsOf,
  returnsOpenUntil,
  withItems,
} from '../orders';
import { type RefundDeps, refundPartOfOrder } from '../refunds';
import { sellerOrderAfterEdit } from '../seller-orders';
import { returnDeclinedEmail, returnRequestedEmail } from './return-emails';
import {
  decideReturn,
  insertReturn,
  listReturnLines,
  lockReturn,
  reopenReturn,
} from './returns.repo';

/**
 * Returns (issue 30 point 4, decision 0055). The buyer of a Delivered order asks, within its
 * brand's returns window (counted from when the order last became Delivered, the brand's policy
 * today), to send back lines with a quantity and a reason each — one return waiting at a time,
 * no more units than bought less those refunded or returned. The brand is e-mailed in the
 * transaction that records it. The brand accepts (the lines refunded through its partial refund,
 * decision 0047, keyed `return-<id>`: accepted any number of times, at once or not, it refunds
 * once, and the refund's e-mail tells the buyer) or declines with a reason (the buyer e-mailed);
 * the two are decided under the return's row lock, so only one of them happens.
 */

export type ReturnsDeps = RefundDeps & { publicUrl: string };

/** The partial refund's request key of an accepted return: the same refund however often. */
const returnRefundKey = (returnId: number) => `return-${returnId}`;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

async function detailsOf(db: Db, orderId: number): Promise<OrderDetailRows> {
  const details = (await listOrderDetails(db, [orderId])).get(orderId);
  return details!;
}

/** The buyer's paid order, else the 404 of an order not found (nothing told of another's). */
async function buyerOrderOr404(db: Db, userId: number, rawOrderId: string) {
  const orderId = parseId(rawOrderId);
  const row = orderId === null ? undefined : await findUserOrder(db, userId, orderId);
  if (!row || !isPaidOrLater(row)) throw notFound(CHECKOUT_MESSAGES.orderNotFound);
  return row;
}

/**
 * How many units of each line may still be returned: bought, less the most of those refunded
 * (partial refunds not failed, an accepted return's own included) and those of accepted returns
 * — the larger of the two, so an accepted return's refund is never counted twice.
 */
function unitsLeft(details: OrderDetailRows, orderItemId: number, bought: number): number {
  const refunded = sum(
    details.partials
      .filter((p) => p.status !== 'failed')
      .flatMap((p) => (p.lines ?? []).filter((l) => l.orderItemId === orderItemId))
      .map((l) => l.quantity),
  );
  const returned = sum(
    details.returns
      .filter((r) => r.status === 'accepted')
      .flatMap((r) => r.lines.filter((l) => l.orderItemId === orderItemId))
      .map((l) => l.quantity),
  );
  return Math.max(0, bought - Math.max(refunded, returned));
}

// ---- the buyer (My Orders) ----

/** GET api/orders/{orderId}/returns/: the buyer's own order's returns, oldest first. */
export async function buyerReturns(
  deps: Pick<ReturnsDeps, 'db'>,
  userId: number,
  rawOrderId: string,
): Promise<OrderReturn[]> {
  const row = await buyerOrderOr404(deps.db, userId, rawOrderId);
  const details = await detailsOf(deps.db, row.id);
  return returnsOf(details.returns, details.items);
}

/**
 * POST api/orders/{orderId}/returns/: checked and written under the order's row lock (the
 * brand's status change and refunds take the same lock), the brand's e-mail queued with it.
 * Answers the order as My Orders shows it.
 */
export async function requestReturn(
  deps: ReturnsDeps,
  userId: number,
  rawOrderId: string,
  request: ReturnRequest,
): Promise<Order> {
  const row = await buyerOrderOr404(deps.db, userId, rawOrderId);
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrderForRefund(tx, row.businessId, row.id);
    if (!locked) throw notFound(CHECKOUT_MESSAGES.orderNotFound);
    if (locked.status !== 'Delivered') throw conflict(RETURN_MESSAGES.notDelivered);
    const details = await detailsOf(tx, row.id);
    if (details.returnsDays === null) throw conflict(RETURN_MESSAGES.notAccepted);
    const until = returnsOpenUntil(locked.status, details.history, details.returnsDays);
    if (!until || Date.now() > until.getTime()) {
      throw conflict(RETURN_MESSAGES.windowClosed(details.returnsDays));
    }
    if (details.returns.some((r) => r.status === 'requested')) {
      throw conflict(RETURN_MESSAGES.alreadyOpen);
    }
    const lines = request.items.map((line) => {
      const item = details.items.find((i) => i.id === line.order_item_id);
      if (!item) throw fieldError('items', RETURN_MESSAGES.unknownLine(line.order_item_id));
      const left = unitsLeft(details, item.id, item.quantity);
      if (line.quantity > left) {
        throw fieldError('items', RETURN_MESSAGES.lineQuantity(item.productName, left));
      }
      return { item, quantity: line.quantity, reason: line.reason };
    });
    await insertReturn(
      tx,
      row.id,
      lines.map((l) => ({ orderItemId: l.item.id, quantity: l.quantity, reason: l.reason })),
    );
    // The brand's open dashboards are told live (`order.return`, the order with its return).
    await recordOrderEvents(tx, [
      { order: row.id, business: row.businessId, type: 'return', status: locked.status },
    ]);
    const brandEmail = (await findOrderEmailTargets(tx, [row.businessId])).get(row.businessId);
    if (brandEmail) {
      await queueMail(
        deps.jobs,
        tx,
        returnRequestedEmail({
          to: brandEmail,
          orderId: row.id,
          buyerName: row.userFullName.trim(),
          lines: lines.map((l) => ({
            productName: l.item.productName,
            quantity: l.quantity,
            reason: l.reason,
          })),
          link: `${deps.publicUrl}/dashboard/orders?business=${row.businessId}`,
        }),
      );
    }
  });
  const [order] = await withItems(deps.db, [(await findUserOrder(deps.db, userId, row.id))!]);
  return order!;
}

// ---- the brand (the dashboard's order card), behind the seller guard ----

async function brandOrderOr404(db: Db, businessId: number, orderId: number) {
  const row = await findBusinessOrder(db, businessId, orderId);
  if (!row || !isPaidOrLater(row)) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  return row;
}

/** GET api/business/orders/{orderId}/returns/. */
export async function brandReturns(
  deps: Pick<ReturnsDeps, 'db'>,
  businessId: number,
  orderId: number,
): Promise<OrderReturn[]> {
  const row = await brandOrderOr404(deps.db, businessId, orderId);
  const details = await detailsOf(deps.db, row.id);
  return returnsOf(details.returns, details.items);
}

/** The refund's answers that mean it is still at work, or went to the provider: kept accepted. */
const AT_WORK: readonly string[] = [REFUND_MESSAGES.inProgress, PARTIAL_REFUND_MESSAGES.inProgress];

/**
 * POST api/business/orders/{orderId}/returns/{returnId}/accept/: the return accepted (under its
 * row lock; 409 once declined), then its lines refunded through the partial refund keyed by the
 * return (once, whatever the number of acceptances). When the refund cannot be claimed at all
 * (the order refunded in full meanwhile, units refunded otherwise, no payment), nothing moved:
 * the return is requested again and the refund's 4xx is the answer.
 */
export async function acceptReturn(
  deps: ReturnsDeps,
  scope: { businessId: number; orderId: number },
  rawReturnId: string,
): Promise<SellerOrder> {
  const { businessId, orderId } = scope;
  await brandOrderOr404(deps.db, businessId, orderId);
  const returnId = parseId(rawReturnId);
  const lines = await deps.db.transaction(async (tx) => {
    const row = returnId === null ? undefined : await lockReturn(tx, orderId, returnId);
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    if (row.status === 'declined') throw conflict(RETURN_MESSAGES.alreadyDecided('declined'));
    if (row.status === 'requested') await decideReturn(tx, row.id, { status: 'accepted' });
    return listReturnLines(tx, row.id);
  });
  const request = {
    items: lines.map((l) => ({ order_item_id: l.orderItemId, quantity: l.quantity })),
    reason: RETURN_REFUND_REASON,
  } satisfies PartialRefundRequest;
  try {
    await refundPartOfOrder(deps, scope, request, returnRefundKey(returnId!));
  } catch (error) {
    const claimRefused =
      error instanceof AppError &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !AT_WORK.includes(error.message);
    if (claimRefused) await reopenReturn(deps.db, returnId!);
    throw error;
  }
  return sellerOrderAfterEdit(deps, scope);
}

/**
 * POST api/business/orders/{orderId}/returns/{returnId}/decline/: declined with the brand's
 * reason under the return's row lock (409 once decided), the buyer's e-mail queued with it.
 */
export async function declineReturn(
  deps: ReturnsDeps,
  scope: { businessId: number; orderId: number },
  rawReturnId: string,
  reason: string,
): Promise<SellerOrder> {
  const { businessId, orderId } = scope;
  const order = await brandOrderOr404(deps.db, businessId, orderId);
  const returnId = parseId(rawReturnId);
  await deps.db.transaction(async (tx) => {
    const row = returnId === null ? undefined : await lockReturn(tx, orderId, returnId);
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    if (row.status !== 'requested') throw conflict(RETURN_MESSAGES.alreadyDecided(row.status));
    await decideReturn(tx, row.id, { status: 'declined', reason });
    const to = order.userEmail.trim();
    if (to) {
      await queueMail(
        deps.jobs,
        tx,
        returnDeclinedEmail({
          to,
          orderId,
          brandName: order.businessName,
          reason,
          link: `${deps.publicUrl}/myorders`,
        }),
      );
    }
  });
  return sellerOrderAfterEdit(deps, scope);
}
