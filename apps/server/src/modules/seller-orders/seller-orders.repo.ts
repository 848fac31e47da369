import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { businesses, checkouts, orders, payouts, stockMovements } from '../../db/schema/index';
import {
  type BusinessOrderFilter,
  type BusinessOrderShape,
  businessOrderPage,
  businessOrderQuery,
  businessOrderShapeKey,
  countBusinessOrders,
  type OrderDetailJson,
  type OrderDetailRows,
  type OrderRow,
  orderDetailColumns,
  orderRowJson,
  readOrderDetails,
  readOrderRow,
} from '../orders';

/**
 * Drizzle queries of the seller's orders that are not the orders themselves (those are in
 * `orders/orders.repo.ts`, the one owner of that table): the brand's money for them and the
 * stock they moved. Reads only.
 */

export interface OrderPayoutRow {
  orderId: number;
  amountCents: number;
  commissionCents: number;
  status: (typeof payouts.$inferSelect)['status'];
  /** Why the last transfer failed (a pending payout with one is being retried). */
  lastError: string | null;
  /** A canceled payout with a transfer and no reversal yet is being taken back. */
  transferId: string | null;
  reversalId: string | null;
}

/** The columns of an `OrderPayoutRow` (the order list's and the payout ledger's). */
export const orderPayoutFields = {
  orderId: payouts.orderId,
  amountCents: payouts.amountCents,
  commissionCents: payouts.commissionCents,
  status: payouts.status,
  lastError: payouts.lastError,
  transferId: payouts.transferId,
  reversalId: payouts.reversalId,
};

export interface PayoutSetup {
  stripeAccountId: string | null;
  stripeStatus: string;
}

/** Where the business stands with its payout account (a pending payout waits for it). */
export async function findPayoutSetup(db: Db, businessId: number): Promise<PayoutSetup> {
  const [row] = await db
    .select({ stripeAccountId: businesses.stripeAccountId, stripeStatus: businesses.stripeStatus })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? { stripeAccountId: null, stripeStatus: 'pending' };
}

/** A stock movement an order made (a sale, a restock when refunded). */
export interface OrderMovementRow {
  orderId: number;
  productId: number;
  variantId: number | null;
  kind: (typeof stockMovements.$inferSelect)['kind'];
  delta: number | null;
  stockAfter: number | null;
  createdAt: Date;
}

/** What the seller's order views show beside the order: the buyer's view's and more. */
export interface SellerOrderDetailRows extends OrderDetailRows {
  payout: OrderPayoutRow | null;
  movements: OrderMovementRow[];
}

interface SellerOrderDetailJson extends OrderDetailJson {
  stripe_account_id: string | null;
  stripe_status: string | null;
  payout: OrderPayoutRow | null;
  movements: (Omit<OrderMovementRow, 'createdAt'> & { createdAt: string })[];
}

/**
 * What the seller's views read of an order `o` beside the buyer's (`orderDetailColumns`), as
 * JSON: its payout (one per paid order, none before payment) and its stock movements, oldest
 * first; and its business `b`'s payout setup.
 */
const sellerExtraColumns = sql`b.stripe_account_id, b.stripe_status,
    (select json_build_object(
        'orderId', p.order_id, 'amountCents', p.amount_cents,
        'commissionCents', p.commission_cents, 'status', p.status, 'lastError', p.last_error,
        'transferId', p.transfer_id, 'reversalId', p.reversal_id
      ) from ${payouts} p where p.order_id = o.id) as payout,
    coalesce((select json_agg(json_build_object(
        'orderId', m.order_id, 'productId', m.product_id, 'variantId', m.variant_id,
        'kind', m.kind, 'delta', m.delta, 'stockAfter', m.stock_after, 'createdAt', m.created_at
      ) order by m.id) from ${stockMovements} m where m.order_id = o.id), '[]') as movements`;

/** Orders of the business by id with all the seller's views show of them (docs/decisions/0049). */
const sellerOrderDetailsStatement = preparedSql<SellerOrderDetailJson>(
  'seller_orders_details',
  sql`select ${orderDetailColumns}, ${sellerExtraColumns}
    from unnest(${sql.placeholder('ids')}::int[]) as o(id)
    left join ${businesses} b on b.id = ${sql.placeholder('business')}`,
);

/** A page of rows of `SellerOrderDetailJson` with its setup, as the seller's views use them. */
function readSellerDetails(rows: readonly SellerOrderDetailJson[]): {
  setup: PayoutSetup;
  details: Map<number, SellerOrderDetailRows>;
} {
  const details = new Map<number, SellerOrderDetailRows>();
  for (const row of rows) {
    details.set(row.order_id, {
      ...readOrderDetails(row),
      payout: row.payout,
      movements: row.movements.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
    });
  }
  const setup = {
    stripeAccountId: rows[0]?.stripe_account_id ?? null,
    stripeStatus: rows[0]?.stripe_status ?? 'pending',
  };
  return { setup, details };
}

/** `SellerOrderDetailRows` of these orders of the business (every id has an entry). */
export async function listSellerOrderDetails(
  db: Db,
  businessId: number,
  orderIds: readonly number[],
): Promise<{ setup: PayoutSetup; details: Map<number, SellerOrderDetailRows> }> {
  if (!orderIds.length) {
    return { setup: await findPayoutSetup(db, businessId), details: new Map() };
  }
  return readSellerDetails(
    await sellerOrderDetailsStatement(db, { ids: [...orderIds], business: businessId }),
  );
}

interface SellerOrderPageJson extends SellerOrderDetailJson {
  order: Record<string, unknown>;
  total: number;
}

/** The page statements, one per shape of the list (`BusinessOrderShape`), made on first use. */
const pageStatements = new Map<string, ReturnType<typeof preparedSql<SellerOrderPageJson>>>();

function pageStatement(shape: BusinessOrderShape) {
  const key = businessOrderShapeKey(shape);
  let statement = pageStatements.get(key);
  if (!statement) {
    const { page, total, orderBy } = businessOrderPage(shape);
    statement = preparedSql<SellerOrderPageJson>(
      `seller_orders_page_${key}`,
      sql`with page as (${page})
        select ${orderRowJson} as "order", ${total} as total, ${orderDetailColumns},
          ${sellerExtraColumns}
        from page join ${orders} o on o.id = page.id
        join ${businesses} b on b.id = o.business_id
        left join ${checkouts} c on c.id = o.checkout_id
        order by ${orderBy}`,
    );
    pageStatements.set(key, statement);
  }
  return statement;
}

/**
 * A page of the business's orders (filtered, searched and sorted as asked), how many the list
 * has in all, and everything the seller's list shows of them, in one statement prepared once
 * per connection and shape (docs/decisions/0049). A page past the end has no row to carry the
 * total: it is counted apart then.
 */
export async function listSellerOrderPage(
  db: Db,
  businessId: number,
  slice: { limit: number; offset: number },
  filter: BusinessOrderFilter,
): Promise<{
  total: number;
  /** Null for a page past the end (or of an empty list). */
  page: {
    rows: OrderRow[];
    setup: PayoutSetup;
    details: Map<number, SellerOrderDetailRows>;
  } | null;
}> {
  const { shape, values } = businessOrderQuery(businessId, filter);
  const read = await pageStatement(shape)(db, { ...values, ...slice });
  if (!read.length) {
    const total = slice.offset > 0 ? await countBusinessOrders(db, businessId, filter) : 0;
    return { total, page: null };
  }
  return {
    total: read[0]!.total,
    page: { rows: read.map((r) => readOrderRow(r.order)), ...readSellerDetails(read) },
  };
}
