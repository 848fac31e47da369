import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  inArray,
  isNotNull,
  max,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { perDb, preparedSql } from '../../db/prepared';
import {
  businesses,
  checkouts,
  orderEvents,
  orderItems,
  orderReturnLines,
  orderReturns,
  orders,
  partialRefunds,
  refunds,
  users,
} from '../../db/schema/index';
import { variantPicture } from '../catalog';

/** Drizzle queries of the buyer's orders (SPEC §2 Orders, Order confirmation; §3 Order). */

export type OrderRow = typeof orders.$inferSelect & {
  businessName: string;
  businessEmail: string;
  /** The status of the checkout that made the order (null: none, e.g. a Shopify order). */
  checkoutStatus: CheckoutStatus | null;
};

type CheckoutStatus = (typeof checkouts.$inferSelect)['status'];

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
 * What is an order to anybody (issue 24 point 1): one that was paid, whatever its status now
 * (Paid, Shipped, …, or Refunded/Canceled after the payment). Paid is a fact of the payment,
 * not of the status text: an order made by a marketplace checkout is paid once that checkout
 * is (`checkouts.status` 'paid', which never changes again); an order with no checkout (synced
 * from Shopify, where it was paid, even if it shows Pending) is one. The Pending orders of an
 * open checkout (the buyer is on the payment page, or left it) and those of a checkout that
 * ended unpaid (expired, failed, replaced by a newer one) are nobody's orders: the buyer's
 * list, the seller's list, counts, CSV and live stream leave them out.
 */
export const paidOrLater = notExists(
  sql`(select 1 from ${checkouts} where ${checkouts.id} = ${orders.checkoutId}
    and ${checkouts.status} <> 'paid')`,
) as SQL;

/** The same test on a row read (`paidOrLater` in SQL). */
export const isPaidOrLater = (row: Pick<OrderRow, 'checkoutStatus'>) =>
  row.checkoutStatus === null || row.checkoutStatus === 'paid';

/** Orders with their business and checkout, newest first. */
async function selectOrders(db: Db, where: SQL): Promise<OrderRow[]> {
  const read = await db
    .select({
      order: orders,
      businessName: businesses.name,
      businessEmail: businesses.email,
      checkoutStatus: checkouts.status,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return read.map((r) => ({
    ...r.order,
    businessName: r.businessName,
    businessEmail: r.businessEmail,
    checkoutStatus: r.checkoutStatus,
  }));
}

/** The user's orders, newest first: paid ones only (`paidOrLater`). */
export const listUserOrders = (db: Db, userId: number) =>
  selectOrders(db, and(eq(orders.userId, userId), paidOrLater) as SQL);

/**
 * The user's checkouts waiting for payment whose page still takes it (one at most: a new
 * checkout ends the previous one), newest first.
 */
export async function listAwaitingCheckouts(db: Db, userId: number) {
  return db
    .select({
      id: checkouts.id,
      createdAt: checkouts.createdAt,
      expiresAt: checkouts.expiresAt,
      paymentUrl: checkouts.paymentUrl,
      subtotalCents: checkouts.subtotalCents,
      shippingCents: checkouts.shippingCents,
      totalCents: checkouts.totalCents,
    })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.status, 'open'),
        isNotNull(checkouts.paymentUrl),
        gt(checkouts.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id));
}

/** The brand orders of these checkouts, oldest first (the order of the cart). */
export async function listOrdersOfCheckouts(
  db: Db,
  checkoutIds: readonly number[],
): Promise<OrderRow[]> {
  if (!checkoutIds.length) return [];
  const rows = await selectOrders(db, inArray(orders.checkoutId, [...checkoutIds]));
  return rows.reverse();
}

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

/*
 * The seller's side (SPEC §2 dashboard orders; DESIGN 2.16): the business id always comes from
 * the seller guard. Unpaid orders are no more the seller's orders than the buyer's.
 */

/** What the seller's order list is narrowed to and how it is ordered (issue 29). */
export interface BusinessOrderFilter {
  status?: OrderRow['status'] | undefined;
  /** An order number (`123`, `#123`) or part of the buyer's name or e-mail, any case. */
  q?: string | undefined;
  sort?: 'newest' | 'oldest' | undefined;
}

/**
 * The shape of a business order list's statement (`businessOrderPage`): which filters it has, not
 * their values, so each shape is one statement prepared once per connection.
 */
export interface BusinessOrderShape {
  status: boolean;
  /** No search, a text search, or a search that may also be an order number. */
  q: 'none' | 'text' | 'number';
  oldestFirst: boolean;
}

/** The values of a `BusinessOrderShape`'s placeholders (`business`, `status`, `pattern`, `number`). */
export function businessOrderQuery(
  businessId: number,
  filter: BusinessOrderFilter,
): { shape: BusinessOrderShape; values: Record<string, unknown> } {
  const number = filter.q ? /^#?\s*(\d{1,9})$/.exec(filter.q)?.[1] : undefined;
  return {
    shape: {
      status: Boolean(filter.status),
      q: !filter.q ? 'none' : number ? 'number' : 'text',
      oldestFirst: filter.sort === 'oldest',
    },
    values: {
      business: businessId,
      status: filter.status ?? null,
      pattern: filter.q ? containsPattern(filter.q.toLowerCase()) : null,
      number: number ? Number(number) : null,
    },
  };
}

/** A shape's statement name: one per shape (sort included), prepared once per connection. */
export const businessOrderShapeKey = (shape: BusinessOrderShape) =>
  `${shape.status ? 's' : ''}${shape.q === 'none' ? '' : shape.q[0]}${shape.oldestFirst ? 'o' : 'n'}`;

/**
 * The orders of a business list of this shape, with placeholders for the values
 * (`businessOrderQuery`): paid ones only, of a status, searched. An order number matches its
 * order; any text matches a part of the buyer's name or e-mail as the order recorded them:
 * `buyer_search` is lower-cased when written, so a LIKE of the lower-cased text is "any case" at
 * a fraction of an ILIKE's cost, and the trigram index `orders_buyer_search_idx` serves it.
 */
function businessOrderWhere(shape: BusinessOrderShape): SQL {
  const byText = sql`${orders.buyerSearch} like ${sql.placeholder('pattern')}`;
  return and(
    eq(orders.businessId, sql.placeholder('business')),
    paidOrLater,
    shape.status ? eq(orders.status, sql.placeholder('status')) : undefined,
    shape.q === 'text' ? byText : undefined,
    shape.q === 'number'
      ? sql`(${orders.id} = ${sql.placeholder('number')}::int or ${byText})`
      : undefined,
  ) as SQL;
}

/** The count statements, one per shape, made on first use. */
const countStatements = new Map<string, ReturnType<typeof preparedSql<{ n: number }>>>();

/** How many orders the business's list has in all (narrowed as the page is). */
export async function countBusinessOrders(
  db: Db,
  businessId: number,
  filter: BusinessOrderFilter = {},
): Promise<number> {
  const { shape, values } = businessOrderQuery(businessId, filter);
  const key = businessOrderShapeKey(shape);
  let statement = countStatements.get(key);
  if (!statement) {
    statement = preparedSql<{ n: number }>(
      `orders_business_count_${key}`,
      sql`select count(*)::int as n from ${orders} where ${businessOrderWhere(shape)}`,
    );
    countStatements.set(key, statement);
  }
  const [row] = await statement(db, values);
  return row?.n ?? 0;
}

/**
 * A business order list of this shape, as one statement's parts: the ids of the page (a CTE
 * `page` with each order's `id` and, for a search, its `total`) and how the list counts and sorts
 * (`businessOrderWhere`).
 */
export function businessOrderPage(shape: BusinessOrderShape): {
  page: SQL;
  total: SQL;
  orderBy: SQL;
} {
  const where = businessOrderWhere(shape);
  const direction = sql.raw(shape.oldestFirst ? 'asc' : 'desc');
  // A search reads all its matches to sort them: its total is counted over that read. Without
  // one the page comes off `orders_business_idx` in order and stops; its total is a subquery.
  const windowed = shape.q !== 'none';
  return {
    page: sql`select ${orders.id} as id${windowed ? sql`, (count(*) over ())::int as total` : sql``}
      from ${orders} where ${where}
      order by ${orders.createdAt} ${direction}, ${orders.id} ${direction}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    total: windowed ? sql`page.total` : sql`(select count(*)::int from ${orders} where ${where})`,
    orderBy: sql`o.created_at ${direction}, o.id ${direction}`,
  };
}

const orderColumns = Object.entries(getTableColumns(orders));
const orderDateKeys = orderColumns.filter(([, c]) => c.dataType === 'date').map(([key]) => key);

/**
 * An `OrderRow` as one JSON object, of the order `o`, its business `b` and its checkout `c`
 * (a left join): the keys are the row's fields (`readOrderRow` makes its dates dates).
 */
export const orderRowJson = sql.raw(
  `json_build_object(${orderColumns.map(([key, c]) => `'${key}', o.${c.name}`).join(', ')},
    'businessName', b.name, 'businessEmail', b.email, 'checkoutStatus', c.status)`,
);

/** An `orderRowJson` object as the `OrderRow` it is. */
export function readOrderRow(json: Record<string, unknown>): OrderRow {
  for (const key of orderDateKeys) {
    const value = json[key];
    if (typeof value === 'string') json[key] = new Date(value);
  }
  return json as unknown as OrderRow;
}

/** One order of the business (any state), or undefined. */
export async function findBusinessOrder(
  db: Db,
  businessId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(
    db,
    and(eq(orders.businessId, businessId), eq(orders.id, orderId)) as SQL,
  );
  return row;
}

/** The first name of an order's buyer, for the greeting of the confirmation e-mail. */
export async function findBuyerFirstName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row?.firstName;
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
/**
 * The lines of orders, planned once per connection (a named prepared statement): the order
 * lists read them on every page, and building and planning this query cost more than running
 * it (issue 29 bench).
 */
const orderItemsStatement = perDb((db) =>
  db
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
      // The picture kept when it was bought, else (older lines) the variant's picture now.
      image: sql<string | null>`coalesce(${itemColumn(orderItems.image)}, ${variantPicture(
        itemColumn(orderItems.variantId),
        itemColumn(orderItems.productId),
      )})`,
    })
    .from(orderItems)
    .where(sql`${orderItems.orderId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    .prepare('orders_items_of_orders'),
);

export async function listOrderItems(db: Db, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return orderItemsStatement(db).execute({ ids: [...orderIds] });
}

/*
 * Every write to the orders (DESIGN 2.5, 2.7): made by checkout and payment steps, in the
 * transactions those steps open.
 */

type NewOrder = typeof orders.$inferInsert;
type NewOrderItem = typeof orderItems.$inferInsert;

/** A Pending brand order with its item snapshot; its id. */
export async function insertOrder(
  db: Db,
  order: NewOrder,
  items: Omit<NewOrderItem, 'orderId'>[],
): Promise<number> {
  const [row] = await db.insert(orders).values(order).returning({ id: orders.id });
  if (items.length) {
    await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  }
  return row!.id;
}

/** The Pending orders of a checkout ended without payment become Canceled. */
export async function cancelPendingOrders(db: Db, checkoutId: number): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'Canceled', updatedAt: new Date() })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Pending')));
}

/**
 * The brand orders of a checkout being paid, in the order they were made: all of them, whatever
 * status a seller may have set while the buyer was still on the payment page (the payment is
 * for every one of them, so every one is paid, with its payout and its event).
 */
export function listCheckoutOrders(db: Db, checkoutId: number) {
  return db
    .select({
      id: orders.id,
      businessId: orders.businessId,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingFeeCents,
    })
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.id));
}

/** A brand order paid: its share of the discount, totals, card, notes, billing address. */
export async function markOrderPaid(
  tx: Db,
  orderId: number,
  values: {
    discountCents: number;
    totalCents: number;
    payoutCents: number;
    cardBrand: string;
    billingAddress: unknown;
    notes: string;
  },
): Promise<void> {
  const { billingAddress, ...rest } = values;
  await tx
    .update(orders)
    .set({
      status: 'Paid',
      ...rest,
      // The local page collects no billing address: what is there stays.
      ...(billingAddress ? { billingAddress } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
}

export interface SellerOrderChanges {
  status?: (typeof orders.$inferSelect)['status'];
  /** Null clears it (issue 29). */
  carrier?: (typeof orders.$inferSelect)['carrier'];
  trackingNumber?: string;
  sellerNotes?: string;
}

/**
 * The seller's edit of one of the business's orders, inside the caller's transaction. The row
 * is locked first, so concurrent edits run one after the other and each sees the status the
 * one before left: `shippedEmail` is true for exactly one edit, the first that makes the order
 * Shipped (`shipped_email_at` is then set, and never again). What changed is recorded as an
 * order event (`status`, or `edit` for tracking number or notes alone; nothing when nothing
 * changed), announced to the live dashboards at commit. Undefined if there is no such order.
 */
export async function updateOrderBySeller(
  tx: Db,
  businessId: number,
  orderId: number,
  changes: SellerOrderChanges,
): Promise<
  | {
      previousStatus: OrderStatus;
      status: OrderStatus;
      trackingNumber: string;
      shippedEmail: boolean;
      /** The first edit that makes it Delivered: the "How was it?" e-mail is due. */
      reviewEmail: boolean;
    }
  | undefined
> {
  const [current] = await tx
    .select({
      status: orders.status,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      sellerNotes: orders.sellerNotes,
      shippedEmailAt: orders.shippedEmailAt,
      reviewEmailAt: orders.reviewEmailAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)))
    .for('update');
  if (!current) return undefined;
  const status = changes.status ?? current.status;
  const trackingNumber = changes.trackingNumber ?? current.trackingNumber;
  const statusChanged = status !== current.status;
  const changed =
    statusChanged ||
    trackingNumber !== current.trackingNumber ||
    (changes.carrier !== undefined && changes.carrier !== current.carrier) ||
    (changes.sellerNotes ?? current.sellerNotes) !== current.sellerNotes;
  const shippedEmail =
    changes.status === 'Shipped' && current.status !== 'Shipped' && current.shippedEmailAt === null;
  const reviewEmail =
    changes.status === 'Delivered' &&
    current.status !== 'Delivered' &&
    current.reviewEmailAt === null;
  const now = new Date();
  await tx
    .update(orders)
    .set({
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.trackingNumber !== undefined ? { trackingNumber: changes.trackingNumber } : {}),
      ...(changes.carrier !== undefined ? { carrier: changes.carrier } : {}),
      ...(changes.sellerNotes !== undefined ? { sellerNotes: changes.sellerNotes } : {}),
      ...(shippedEmail ? { shippedEmailAt: now } : {}),
      ...(reviewEmail ? { reviewEmailAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
  if (changed) {
    await recordOrderEvents(tx, [
      {
        order: orderId,
        business: businessId,
        type: statusChanged ? 'status' : 'edit',
        status,
        trackingNumber,
      },
    ]);
  }
  return { previousStatus: current.status, status, trackingNumber, shippedEmail, reviewEmail };
}

/** The NOTIFY channel of order events (DESIGN 2.13). */
/** What a refund of an order needs, read with the order row locked (refunds.service.ts). */
export interface OrderForRefund {
  status: OrderStatus;
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  userEmail: string;
  /** The provider's checkout session the order was paid through (null: none known). */
  sessionId: string | null;
}

/**
 * Locks the business's order row (FOR UPDATE) for the rest of the transaction: a refund of it
 * is claimed or finished under this lock, so concurrent PATCHes of the order queue behind it.
 */
export async function lockOrderForRefund(
  tx: Db,
  businessId: number,
  orderId: number,
): Promise<OrderForRefund | undefined> {
  const [row] = await tx
    .select({
      status: orders.status,
      totalCents: orders.totalCents,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      userEmail: orders.userEmail,
      sessionId: checkouts.providerSessionId,
    })
    .from(orders)
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)))
    .for('update', { of: orders });
  return row;
}

export const ORDERS_CHANNEL = 'leafline_orders';

type OrderStatus = (typeof orders.$inferSelect)['status'];
export type OrderEventKind = (typeof orderEvents.$inferSelect)['type'];

/** What a NOTIFY on ORDERS_CHANNEL carries: enough to route it; the rest is read back. */
export interface OrderNotice {
  id: number;
  business: number;
  order: number;
  type: OrderEventKind;
}

/**
 * Records what happened to orders (payment, a status change, an edit) inside the caller's
 * transaction, and announces each with a NOTIFY that PostgreSQL delivers at commit (and never,
 * if the transaction rolls back): every app instance's live stream hears it (DESIGN 2.13).
 */
export async function recordOrderEvents(
  tx: Db,
  events: readonly {
    order: number;
    business: number;
    type: OrderEventKind;
    status: OrderStatus;
    trackingNumber?: string;
  }[],
): Promise<void> {
  if (!events.length) return;
  const rows = await tx
    .insert(orderEvents)
    .values(
      events.map((e) => ({
        orderId: e.order,
        businessId: e.business,
        type: e.type,
        status: e.status,
        trackingNumber: e.trackingNumber ?? '',
      })),
    )
    .returning({ id: orderEvents.id });
  for (const [i, row] of rows.entries()) {
    const e = events[i]!;
    const notice: OrderNotice = { id: row.id, business: e.business, order: e.order, type: e.type };
    await tx.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${JSON.stringify(notice)})`);
  }
}

/**
 * The business's order events after `afterId` (a reconnecting dashboard's Last-Event-ID),
 * oldest first, at most `limit`; with `sinceMs`, also the events of the last that many
 * milliseconds whatever their id (ids are taken before commit, so a slower transaction can
 * commit a smaller id after a larger one was sent: those are sent again, and the dashboard
 * drops what it has seen).
 */
export async function listOrderEventsAfter(
  db: Db,
  businessId: number,
  afterId: number,
  options: { limit: number; sinceMs?: number },
): Promise<OrderNotice[]> {
  const newer =
    options.sinceMs === undefined
      ? sql`${orderEvents.id} > ${afterId}`
      : sql`(${orderEvents.id} > ${afterId} or ${orderEvents.createdAt} > now() - make_interval(secs => ${options.sinceMs / 1000}))`;
  const rows = await db
    .select({
      id: orderEvents.id,
      business: orderEvents.businessId,
      order: orderEvents.orderId,
      type: orderEvents.type,
    })
    .from(orderEvents)
    .where(and(eq(orderEvents.businessId, businessId), newer))
    .orderBy(asc(orderEvents.id))
    .limit(options.limit);
  return rows;
}

/** The business's newest order event id (0 when it has none): where a new live stream starts. */
export async function latestOrderEventId(db: Db, businessId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(orderEvents.id) })
    .from(orderEvents)
    .where(eq(orderEvents.businessId, businessId));
  return Number(row?.id ?? 0);
}

/** The transfer that paid the brand for this order. */
export async function setOrderTransfer(db: Db, orderId: number, transferId: string): Promise<void> {
  await db.update(orders).set({ stripeTransferId: transferId }).where(eq(orders.id, orderId));
}

/** What a checkout bought, per product and variant (to take out of the cart once paid). */
export async function listBoughtQuantities(
  db: Db,
  checkoutId: number,
): Promise<{ productId: number; variantId: number | null; quantity: number }[]> {
  const rows = await db
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.checkoutId, checkoutId))
    .groupBy(orderItems.productId, orderItems.variantId);
  // A product deleted since has no line left in any cart.
  return rows.flatMap((r) => (r.productId === null ? [] : [{ ...r, productId: r.productId }]));
}

/**
 * Makes sure every order of the user carries the buyer's name and e-mail before the link to the
 * user goes (checkout writes them; this only fills blanks), so sellers can still fulfil it.
 */
export async function snapshotBuyerOnOrders(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(orders)
    .set({
      userFullName: sql`coalesce(nullif(${orders.userFullName}, ''), (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${userId}))`,
      userEmail: sql`coalesce(nullif(${orders.userEmail}, ''), (select u.email from users u where u.id = ${userId}))`,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.length;
}

/** A partial refund of an order as the order views show it (issue 29 point 3). */
export type PartialRefundViewRow = Pick<
  typeof partialRefunds.$inferSelect,
  'orderId' | 'amountCents' | 'reason' | 'lines' | 'status' | 'lastError' | 'createdAt'
>;

/** The status changes of an order as its history shows them (payment included). */
export interface StatusChangeRow {
  orderId: number;
  status: OrderStatus;
  trackingNumber: string;
  at: Date;
}

/** An order's full refund (at most one), in any status. */
export interface OrderRefundRow {
  orderId: number;
  amountCents: number;
  targetStatus: (typeof refunds.$inferSelect)['targetStatus'];
  status: (typeof refunds.$inferSelect)['status'];
  /** The brand's reason ('' when none). */
  reason: string;
  lastError: string | null;
  createdAt: Date;
  /** When it was last written: a succeeded refund is never written again, so when it succeeded. */
  updatedAt: Date;
}

/** A return of an order with its lines, as the order views show it (decision 0055). */
export interface OrderReturnViewRow {
  id: number;
  status: (typeof orderReturns.$inferSelect)['status'];
  declineReason: string;
  createdAt: Date;
  decidedAt: Date | null;
  lines: { orderItemId: number; quantity: number; reason: string }[];
}

/** Everything an order view shows beside the order's own row (`listOrderDetails`). */
export interface OrderDetailRows {
  items: OrderItemRow[];
  history: StatusChangeRow[];
  refund: OrderRefundRow | null;
  partials: PartialRefundViewRow[];
  returns: OrderReturnViewRow[];
  /** The brand's returns window in days today, or null when it takes no returns. */
  returnsDays: number | null;
}

/** `OrderDetailRows` as `orderDetailColumns` read them: each part as JSON (its dates as text). */
export interface OrderDetailJson {
  order_id: number;
  items: OrderItemRow[];
  history: (Omit<StatusChangeRow, 'at'> & { at: string })[];
  refund:
    | (Omit<OrderRefundRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string })
    | null;
  partials: (Omit<PartialRefundViewRow, 'createdAt'> & { createdAt: string })[];
  returns: (Omit<OrderReturnViewRow, 'createdAt' | 'decidedAt'> & {
    createdAt: string;
    decidedAt: string | null;
  })[];
  returns_days: number | null;
}

/**
 * The columns of `OrderDetailJson` for the orders of `o.id`: the lines, history, refund,
 * partial refunds and returns of each order as JSON (with its brand's returns days, decision
 * 0055), so a page of orders reads them in one statement (four reads a page were four round
 * trips, four queries built and four result sets parsed row by row: docs/decisions/0049). The lines as `listOrderItems` reads them; the history is every
 * status change (payment included, the seller's edits of other fields left out), oldest first.
 */
export const orderDetailColumns = sql`o.id as order_id,
    coalesce((select json_agg(json_build_object(
        'id', i.id, 'orderId', i.order_id, 'productId', i.product_id, 'variantId', i.variant_id,
        'productName', i.product_name, 'productPriceCents', i.product_price_cents,
        'quantity', i.quantity, 'totalPriceCents', i.total_price_cents,
        'variantOptions', i.variant_options,
        'image', coalesce(i.image, ${variantPicture(sql.raw('i.variant_id'), sql.raw('i.product_id'))})
      ) order by i.id) from ${orderItems} i where i.order_id = o.id), '[]') as items,
    coalesce((select json_agg(json_build_object(
        'orderId', e.order_id, 'status', e.status, 'trackingNumber', e.tracking_number,
        'at', e.created_at
      ) order by e.id) from ${orderEvents} e where e.order_id = o.id and e.type in ('paid', 'status')), '[]')
      as history,
    (select json_build_object(
        'orderId', r.order_id, 'amountCents', r.amount_cents, 'targetStatus', r.target_status,
        'status', r.status, 'reason', r.reason, 'lastError', r.last_error,
        'createdAt', r.created_at, 'updatedAt', r.updated_at
      ) from ${refunds} r where r.order_id = o.id) as refund,
    coalesce((select json_agg(json_build_object(
        'orderId', p.order_id, 'amountCents', p.amount_cents, 'reason', p.reason,
        'lines', p.lines, 'status', p.status, 'lastError', p.last_error,
        'createdAt', p.created_at
      ) order by p.id) from ${partialRefunds} p where p.order_id = o.id), '[]') as partials,
    coalesce((select json_agg(json_build_object(
        'id', x.id, 'status', x.status, 'declineReason', x.decline_reason,
        'createdAt', x.created_at, 'decidedAt', x.decided_at,
        'lines', coalesce((select json_agg(json_build_object(
            'orderItemId', l.order_item_id, 'quantity', l.quantity, 'reason', l.reason
          ) order by l.id) from ${orderReturnLines} l where l.return_id = x.id), '[]')
      ) order by x.id) from ${orderReturns} x where x.order_id = o.id), '[]') as returns,
    (select b.returns_days -- null when the brand takes no returns (a check of the table's)
      from ${orders} ob join ${businesses} b on b.id = ob.business_id where ob.id = o.id)
      as returns_days`;

/** A row of `orderDetailColumns` as `OrderDetailRows` (its dates as dates). */
export function readOrderDetails(row: OrderDetailJson): OrderDetailRows {
  return {
    items: row.items,
    history: row.history.map((h) => ({ ...h, at: new Date(h.at) })),
    refund: row.refund
      ? {
          ...row.refund,
          createdAt: new Date(row.refund.createdAt),
          updatedAt: new Date(row.refund.updatedAt),
        }
      : null,
    partials: row.partials.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
    returns: row.returns.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      decidedAt: r.decidedAt ? new Date(r.decidedAt) : null,
    })),
    returnsDays: row.returns_days,
  };
}

/** `orderDetailColumns` of a list of order ids, planned once per connection. */
const orderDetailsStatement = preparedSql<OrderDetailJson>(
  'orders_details_of_orders',
  sql`select ${orderDetailColumns} from unnest(${sql.placeholder('ids')}::int[]) as o(id)`,
);

/** `OrderDetailRows` of each of these orders (every id has an entry). */
export async function listOrderDetails(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderDetailRows>> {
  const details = new Map<number, OrderDetailRows>();
  if (!orderIds.length) return details;
  for (const row of await orderDetailsStatement(db, { ids: [...orderIds] })) {
    details.set(row.order_id, readOrderDetails(row));
  }
  return details;
}

/**
 * A business's address for order e-mails (issue 24 point 7), of `businesses` joined to its owner
 * in `users`: its order-notification address when set, else its owner's account e-mail — never
 * the public storefront address; null with neither.
 */
export const brandOrderEmail = sql<
  string | null
>`coalesce(nullif(trim(${businesses.orderEmail}), ''), ${users.email})`;

/**
 * Where each business's new-order e-mails go (issue 24 point 7): its order-notification
 * address when set, else its owner's account e-mail — never the public storefront address. A
 * business without either (owner gone, nothing set) is left out.
 */
export async function findOrderEmailTargets(
  db: Db,
  businessIds: readonly number[],
): Promise<Map<number, string>> {
  if (!businessIds.length) return new Map();
  const rows = await db
    .select({
      id: businesses.id,
      to: brandOrderEmail,
    })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(inArray(businesses.id, [...new Set(businessIds)]));
  const targets = new Map<number, string>();
  for (const row of rows) if (row.to?.trim()) targets.set(row.id, row.to.trim());
  return targets;
}

export type StockState = (typeof orderItems.$inferSelect)['stockState'];

/** An order line as the stock moves see it (docs/decisions/0042). */
export interface OrderStockLineRow {
  id: number;
  orderId: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  state: StockState;
}

const stockLineFields = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  productId: sql<number>`${orderItems.productId}`,
  variantId: orderItems.variantId,
  quantity: orderItems.quantity,
  state: orderItems.stockState,
};

/** The lines of a checkout's orders whose product still exists, by order then line. */
export function listCheckoutStockLines(db: Db, checkoutId: number): Promise<OrderStockLineRow[]> {
  return db
    .select(stockLineFields)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.checkoutId, checkoutId), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** The lines of one order whose product still exists. */
export function listOrderStockLines(db: Db, orderId: number): Promise<OrderStockLineRow[]> {
  return db
    .select(stockLineFields)
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.id));
}

/** These lines move from one of the `from` states to `to`; the ids of those that did. */
export async function moveStockState(
  tx: Db,
  lineIds: readonly number[],
  from: readonly StockState[],
  to: StockState,
): Promise<number[]> {
  if (!lineIds.length) return [];
  const rows = await tx
    .update(orderItems)
    .set({ stockState: to })
    .where(and(inArray(orderItems.id, [...lineIds]), inArray(orderItems.stockState, [...from])))
    .returning({ id: orderItems.id });
  return rows.map((r) => r.id);
}

/**
 * The products of an order (still in the shop) its buyer has not reviewed (issue 27), in the
 * order's line order, each once.
 */
export async function findProductsToReview(
  db: Db,
  orderId: number,
  userId: number,
): Promise<Array<{ id: number; name: string }>> {
  const rows = (await db.execute(sql`select p.id, p.name, min(i.id) as first
      from order_items i join products p on p.id = i.product_id
      where i.order_id = ${orderId}
        and not exists (select 1 from reviews r where r.product_id = p.id and r.user_id = ${userId})
      group by p.id, p.name order by first`)) as unknown as {
    rows: Array<{ id: number; name: string }>;
  };
  return rows.rows.map((r) => ({ id: r.id, name: r.name }));
}
