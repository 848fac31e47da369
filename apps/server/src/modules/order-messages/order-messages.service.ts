import {
  BUSINESS_MESSAGES,
  CHECKOUT_MESSAGES,
  ORDER_MESSAGE_LIMITS,
  ORDER_MESSAGE_MESSAGES,
  ORDER_MESSAGE_TEXTS,
  type OrderMessage,
  type OrderMessageSide,
  type OrderMessageSummary,
  type OrderMessagesResponse,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../mail';
import { recordOrderEvents } from '../orders';
import { orderMessageEmail } from './order-message-emails';
import {
  countRecent,
  findBrandOrder,
  findBuyerOrder,
  insertMessage,
  listBrandSummaries,
  listBuyerSummaries,
  listMessages,
  lockThread,
  type OrderMessageRow,
  type SummaryRow,
  type ThreadOrderRow,
} from './order-messages.repo';

/**
 * Order messages (decision 0051): a paid order's buyer and its brand write to each other about
 * it. Each side reaches only its own orders (the buyer by account, the brand through the seller
 * guard); an unpaid order is nobody's (issue 24) and answers the same 404. Each message is
 * limited per author and order, counted in the database under a lock on the thread (so the limit
 * holds across instances), and e-mailed to the other side by a mail job in its transaction. A
 * buyer's message is also an order event (`message`): the brand's open dashboards hear it live.
 */

export interface OrderMessagesDeps {
  db: Db;
  jobs: Pick<JobRunner, 'send'>;
  publicUrl: string;
}

const authorName = (order: ThreadOrderRow, side: OrderMessageSide) =>
  side === 'brand' ? order.businessName : order.buyerName.trim() || ORDER_MESSAGE_TEXTS.buyer;

const toMessage = (order: ThreadOrderRow, row: OrderMessageRow): OrderMessage => ({
  id: row.id,
  side: row.side,
  author_name: authorName(order, row.side),
  body: row.body,
  created_at: row.createdAt.toISOString(),
});

const toSummary = (row: SummaryRow): OrderMessageSummary => ({
  order_id: row.orderId,
  count: row.count,
  last_at: row.lastAt.toISOString(),
  last_side: row.lastSide,
});

async function buyerOrderOr404(db: Db, userId: number, rawOrderId: string) {
  const orderId = parseId(rawOrderId);
  const order = orderId === null ? undefined : await findBuyerOrder(db, userId, orderId);
  if (!order) throw notFound(CHECKOUT_MESSAGES.orderNotFound);
  return order;
}

/** The guard found the business's order; an unpaid one is the guard's same 404. */
async function brandOrderOr404(db: Db, businessId: number, orderId: number) {
  const order = await findBrandOrder(db, businessId, orderId);
  if (!order) throw notFound(BUSINESS_MESSAGES.orderNotFound);
  return order;
}

async function thread(db: Db, order: ThreadOrderRow): Promise<OrderMessagesResponse> {
  const rows = await listMessages(db, order.orderId);
  return { order_id: order.orderId, messages: rows.map((row) => toMessage(order, row)) };
}

/**
 * Writes the message when its author is within the limits, and queues the other side's e-mail
 * in the same transaction (no mail for a message refused or rolled back).
 */
async function send(
  deps: OrderMessagesDeps,
  order: ThreadOrderRow,
  side: OrderMessageSide,
  authorId: number,
  body: string,
): Promise<OrderMessage> {
  const row = await deps.db.transaction(async (tx) => {
    await lockThread(tx, order.orderId);
    const recent = await countRecent(tx, order.orderId, authorId);
    if (
      recent.minute >= ORDER_MESSAGE_LIMITS.perMinute ||
      recent.day >= ORDER_MESSAGE_LIMITS.perDay
    ) {
      throw new AppError(429, ORDER_MESSAGE_MESSAGES.tooMany);
    }
    const saved = await insertMessage(tx, { orderId: order.orderId, side, authorId, body });
    // The brand's open dashboards are told of a buyer's message live (`order.message`).
    if (side === 'buyer') {
      await recordOrderEvents(tx, [
        { order: order.orderId, business: order.businessId, type: 'message', status: order.status },
      ]);
    }
    const to = side === 'buyer' ? order.brandEmail : order.buyerEmail.trim();
    if (to) {
      await queueMail(
        deps.jobs,
        tx,
        orderMessageEmail({
          to,
          recipient: side === 'buyer' ? 'brand' : 'buyer',
          orderId: order.orderId,
          authorName: authorName(order, side),
          body,
          link:
            side === 'buyer'
              ? `${deps.publicUrl}/dashboard/orders?business=${order.businessId}`
              : `${deps.publicUrl}/myorders`,
        }),
      );
    }
    return saved;
  });
  return toMessage(order, row);
}

// ---- the buyer (My Orders) ----

export async function buyerSummaries(
  deps: OrderMessagesDeps,
  userId: number,
): Promise<OrderMessageSummary[]> {
  return (await listBuyerSummaries(deps.db, userId)).map(toSummary);
}

export async function buyerThread(deps: OrderMessagesDeps, userId: number, rawOrderId: string) {
  return thread(deps.db, await buyerOrderOr404(deps.db, userId, rawOrderId));
}

export async function sendAsBuyer(
  deps: OrderMessagesDeps,
  userId: number,
  rawOrderId: string,
  body: string,
): Promise<OrderMessage> {
  const order = await buyerOrderOr404(deps.db, userId, rawOrderId);
  return send(deps, order, 'buyer', userId, body);
}

// ---- the brand (the dashboard's order card), behind the seller guard ----

export async function brandSummaries(
  deps: OrderMessagesDeps,
  businessId: number,
): Promise<OrderMessageSummary[]> {
  return (await listBrandSummaries(deps.db, businessId)).map(toSummary);
}

export async function brandThread(deps: OrderMessagesDeps, businessId: number, orderId: number) {
  return thread(deps.db, await brandOrderOr404(deps.db, businessId, orderId));
}

export async function sendAsBrand(
  deps: OrderMessagesDeps,
  scope: { businessId: number; orderId: number; userId: number },
  body: string,
): Promise<OrderMessage> {
  const order = await brandOrderOr404(deps.db, scope.businessId, scope.orderId);
  return send(deps, order, 'brand', scope.userId, body);
}
