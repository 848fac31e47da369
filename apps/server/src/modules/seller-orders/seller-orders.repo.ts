import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { businesses, payouts, stockMovements } from '../../db/schema/index';
import {
  type OrderDetailJson,
  type OrderDetailRows,
  orderDetailColumns,
  readOrderDetails,
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
 * A page of the seller's orders' details in one statement planned once per connection
 * (docs/decisions/0049): what the buyer's view reads (`orderDetailColumns`), and each order's
 * payout (one per paid order, none before payment) and stock movements, oldest first, as JSON,
 * with the business's payout setup.
 */
const sellerOrderDetailsStatement = preparedSql<SellerOrderDetailJson>(
  'seller_orders_details',
  sql`select ${orderDetailColumns}, b.stripe_account_id, b.stripe_status,
    (select json_build_object(
        'orderId', p.order_id, 'amountCents', p.amount_cents,
        'commissionCents', p.commission_cents, 'status', p.status, 'lastError', p.last_error,
        'transferId', p.transfer_id, 'reversalId', p.reversal_id
      ) from ${payouts} p where p.order_id = o.id) as payout,
    coalesce((select json_agg(json_build_object(
        'orderId', m.order_id, 'productId', m.product_id, 'variantId', m.variant_id,
        'kind', m.kind, 'delta', m.delta, 'stockAfter', m.stock_after, 'createdAt', m.created_at
      ) order by m.id) from ${stockMovements} m where m.order_id = o.id), '[]') as movements
    from unnest(${sql.placeholder('ids')}::int[]) as o(id)
    left join ${businesses} b on b.id = ${sql.placeholder('business')}`,
);

/** `SellerOrderDetailRows` of these orders of the business (every id has an entry). */
export async function listSellerOrderDetails(
  db: Db,
  businessId: number,
  orderIds: readonly number[],
): Promise<{ setup: PayoutSetup; details: Map<number, SellerOrderDetailRows> }> {
  const details = new Map<number, SellerOrderDetailRows>();
  if (!orderIds.length) return { setup: await findPayoutSetup(db, businessId), details };
  const rows = await sellerOrderDetailsStatement(db, { ids: [...orderIds], business: businessId });
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
