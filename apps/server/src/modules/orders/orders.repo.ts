import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  inArray,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  businesses,
  checkouts,
  orderItems,
  orders,
  productImages,
  variantImages,
} from '../../db/schema/index';

/** Drizzle queries of the buyer's orders (SPEC §2 Orders, Order confirmation; §3 Order). */

export type OrderRow = typeof orders.$inferSelect & { businessName: string; businessEmail: string };

export interface OrderItemRow {
  id: number;
  orderId: number;
  productId: number | null;
  variantId: number | null;
  productName: string;
  productPriceCents: number;
  quantity: number;
  totalPriceCents: number;
  variantOptions: Record<string, string> | null;
  image: string | null;
}

/**
 * Orders of an abandoned payment (its checkout expired or failed before anything was paid)
 * are not the buyer's orders in any useful sense: My Orders leaves them out.
 */
const notAbandoned = or(
  ne(orders.status, 'Canceled'),
  notExists(
    sql`(select 1 from ${checkouts} where ${checkouts.id} = ${orders.checkoutId}
      and ${checkouts.status} in ('expired', 'failed'))`,
  ),
) as SQL;

async function selectOrders(db: Db, where: SQL): Promise<OrderRow[]> {
  const rows = await db
    .select({ order: orders, businessName: businesses.name, businessEmail: businesses.email })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((r) => ({
    ...r.order,
    businessName: r.businessName,
    businessEmail: r.businessEmail,
  }));
}

/** The user's orders, newest first, without abandoned payments. */
export const listUserOrders = (db: Db, userId: number) =>
  selectOrders(db, and(eq(orders.userId, userId), notAbandoned) as SQL);

/** One of the user's orders (any state), or undefined. */
export async function findUserOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(
    db,
    and(eq(orders.userId, userId), eq(orders.id, orderId)) as SQL,
  );
  return row;
}

/** Orders by id, whoever they belong to (e-mails after payment). */
export const findOrdersByIds = (db: Db, ids: readonly number[]) =>
  ids.length ? selectOrders(db, inArray(orders.id, [...ids])) : Promise.resolve([]);

/**
 * A column of `order_items` named with its table. Drizzle writes the columns of a single-table
 * select's `sql` fields without their table, so inside the picture subqueries below
 * `variant_id = variant_id` would compare the image's own column with itself (every line then
 * showed the first picture of the whole table).
 */
const itemColumn = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(orderItems))}.${sql.identifier(column.name)}`;

/** The items of the orders, in the order they were bought, with a picture each. */
export async function listOrderItems(db: Db, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      productPriceCents: orderItems.productPriceCents,
      quantity: orderItems.quantity,
      totalPriceCents: orderItems.totalPriceCents,
      variantOptions: orderItems.variantOptions,
      image: sql<string | null>`coalesce(
        (select ${variantImages.image} from ${variantImages}
          where ${variantImages.variantId} = ${itemColumn(orderItems.variantId)}
          order by ${variantImages.position}, ${variantImages.id} limit 1),
        (select ${productImages.image} from ${productImages}
          where ${productImages.productId} = ${itemColumn(orderItems.productId)}
          order by ${productImages.position}, ${productImages.id} limit 1))`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
