import type { OrderMessageSide } from '@leafline/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { businesses, orderMessages, orders, users } from '../../db/schema/index';
import { brandOrderEmail, paidOrLater } from '../orders';

/**
 * The order messages' rows (decision 0051): a thread per order, and the reads around it (the
 * order as each side may reach it, who is e-mailed). This module is the only writer of
 * `order_messages`; the orders and businesses it reads are other modules'.
 */

/** A paid order as a thread needs it: who buys, which brand, where each is e-mailed. */
export interface ThreadOrderRow {
  orderId: number;
  businessId: number;
  businessName: string;
  buyerName: string;
  buyerEmail: string;
  /** The brand's order-notification address, else its owner's e-mail; '' with neither. */
  brandEmail: string;
  /** The order's status (an order event records it). */
  status: (typeof orders.$inferSelect)['status'];
}

export type OrderMessageRow = typeof orderMessages.$inferSelect;

/** The brand's address for order e-mails ('' with none): the new-order e-mail's rule. */
const brandEmail = sql<string>`coalesce(${brandOrderEmail}, '')`;

async function findThreadOrder(db: Db, where: SQL): Promise<ThreadOrderRow | undefined> {
  const [row] = await db
    .select({
      orderId: orders.id,
      businessId: orders.businessId,
      businessName: businesses.name,
      buyerName: orders.userFullName,
      buyerEmail: orders.userEmail,
      brandEmail,
      status: orders.status,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(and(where, paidOrLater));
  return row && { ...row, brandEmail: row.brandEmail.trim() };
}

/** The buyer's paid order (another account's, or one not paid, is undefined). */
export const findBuyerOrder = (db: Db, userId: number, orderId: number) =>
  findThreadOrder(db, and(eq(orders.id, orderId), eq(orders.userId, userId)) as SQL);

/** The business's paid order (the seller guard found the business). */
export const findBrandOrder = (db: Db, businessId: number, orderId: number) =>
  findThreadOrder(db, and(eq(orders.id, orderId), eq(orders.businessId, businessId)) as SQL);

/** An order's messages, oldest first. */
export function listMessages(db: Db, orderId: number): Promise<OrderMessageRow[]> {
  return db
    .select()
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.id));
}

/**
 * Holds the order's thread until the transaction ends: two messages about one order (from any
 * instance) are counted and written one after the other, so the limits hold. An advisory lock:
 * the order row, another module's, is not locked for it.
 */
export async function lockThread(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('leafline.order-messages'), ${orderId}::int)`,
  );
}

/** How many messages the author wrote about the order in the last minute and the last day. */
export async function countRecent(
  tx: Db,
  orderId: number,
  authorId: number,
): Promise<{ minute: number; day: number }> {
  const [row] = await rowsOf<{ minute: number; day: number }>(
    tx,
    sql`select count(*) filter (where created_at > now() - interval '1 minute')::int as minute,
        count(*)::int as day
      from order_messages
      where order_id = ${orderId} and author_id = ${authorId}
        and created_at > now() - interval '1 day'`,
  );
  return row ?? { minute: 0, day: 0 };
}

export async function insertMessage(
  tx: Db,
  values: { orderId: number; side: OrderMessageSide; authorId: number; body: string },
): Promise<OrderMessageRow> {
  const [row] = await tx.insert(orderMessages).values(values).returning();
  return row!;
}

export interface SummaryRow {
  orderId: number;
  count: number;
  lastAt: Date;
  lastSide: OrderMessageSide;
}

const SUMMARY = sql`select m.order_id as "orderId", count(*)::int as count,
    max(m.created_at) as "lastAt",
    (array_agg(m.side order by m.id desc))[1] as "lastSide"
  from order_messages m join orders on orders.id = m.order_id`;

const summaries = async (db: Db, where: SQL): Promise<SummaryRow[]> =>
  (
    await rowsOf<SummaryRow>(
      db,
      sql`${SUMMARY} where ${where} and ${paidOrLater} group by m.order_id order by m.order_id`,
    )
  ).map((r) => ({ ...r, lastAt: new Date(r.lastAt) }));

/** The buyer's paid orders that have messages. */
export const listBuyerSummaries = (db: Db, userId: number) =>
  summaries(db, sql`orders.user_id = ${userId}`);

/** The business's paid orders that have messages. */
export const listBrandSummaries = (db: Db, businessId: number) =>
  summaries(db, sql`orders.business_id = ${businessId}`);
