import type { FreeShippingReason } from '@leafline/contract';
import type { Carrier } from '@leafline/contract/carriers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import type { orders } from '../../db/schema/index';
import { paidOrLater } from '../orders';
import type { OrderPayoutRow } from './seller-orders.repo';

/**
 * The read of the seller's orders export (order-export.ts), made for it alone: one query per
 * batch for the orders with their payout and their lines. Only the columns the CSV writes, no
 * pictures, no status history, no refunds; plain SQL (no query builder on the hot path).
 */

/** Where an export batch ended: the last order's exact creation time (as text) and id. */
export interface OrderCursor {
  createdAt: string;
  id: number;
}

/** What the CSV writes of an order: its row, and its payout row when it has one. */
export interface ExportOrderRow {
  id: number;
  /** `created_at` as JavaScript's `toISOString()` writes it (milliseconds, UTC). */
  createdAt: string;
  status: (typeof orders.$inferSelect)['status'];
  userFullName: string;
  userEmail: string;
  subtotalCents: number;
  shippingFeeCents: number;
  /** Why the brand's shipping fee was waived (recorded at checkout), or null. */
  shippingFreeReason: FreeShippingReason | null;
  discountCents: number;
  totalCents: number;
  trackingNumber: string;
  carrier: Carrier | null;
  shippingAddress: unknown;
  /** Null when the order has no payout row (not paid yet). */
  payout: OrderPayoutRow | null;
  /** Its lines, in the order they were bought. */
  lines: ExportLineRow[];
}

/** What the CSV writes of an order line. */
export interface ExportLineRow {
  productName: string;
  variantOptions: Record<string, string> | null;
  quantity: number;
  productPriceCents: number;
  totalPriceCents: number;
}

/** A line as the query sends it: one JSON array (parsed once, not column by column). */
type LineCells = [string, Record<string, string> | null, number, number, number];
const toLine = ([
  productName,
  variantOptions,
  quantity,
  productPriceCents,
  totalPriceCents,
]: LineCells): ExportLineRow => ({
  productName,
  variantOptions,
  quantity,
  productPriceCents,
  totalPriceCents,
});

/**
 * One batch of the business's orders created in [from, to), oldest first, after `cursor`
 * (keyset on `orders_business_idx`: (business_id, created_at, id)), without abandoned payments,
 * each with its payout (unique per order) and its lines (one JSON array per order, read off
 * `order_items_order_idx`); and the cursor of its last order. The cursor keeps
 * the time as PostgreSQL's own text (a JS Date would drop the microseconds, and the next batch
 * would repeat orders); the time written is cut to milliseconds, as a JS Date does.
 */
export async function listExportOrders(
  db: Db,
  businessId: number,
  range: { from: Date; to: Date },
  options: { after: OrderCursor | null; limit: number },
): Promise<{ rows: ExportOrderRow[]; cursor: OrderCursor | null }> {
  const { after } = options;
  const rows = await rowsOf(
    db,
    sql`select orders.id, orders.created_at::text as cursor,
        to_char(orders.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          as created_at,
        orders.status, orders.user_full_name, orders.user_email, orders.subtotal_cents,
        orders.shipping_fee_cents, orders.shipping_free_reason, orders.discount_cents, orders.total_cents,
        orders.tracking_number, orders.carrier, orders.shipping_address,
        p.order_id as payout_order_id, p.amount_cents, p.commission_cents,
        p.status as payout_status, p.last_error, p.transfer_id, p.reversal_id,
        (select json_agg(json_build_array(i.product_name, i.variant_options, i.quantity,
            i.product_price_cents, i.total_price_cents) order by i.id)
          from order_items i where i.order_id = orders.id) as lines
      from orders
      left join payouts p on p.order_id = orders.id
      where orders.business_id = ${businessId}
        and ${paidOrLater}
        and orders.created_at >= ${range.from.toISOString()}::timestamptz
        and orders.created_at < ${range.to.toISOString()}::timestamptz
        ${after ? sql`and (orders.created_at, orders.id) > (${after.createdAt}::timestamptz, ${after.id}::int)` : sql``}
      order by orders.created_at, orders.id
      limit ${options.limit}`,
  );
  const out: ExportOrderRow[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out[i] = {
      id: r.id as number,
      createdAt: r.created_at as string,
      status: r.status as ExportOrderRow['status'],
      userFullName: r.user_full_name as string,
      userEmail: r.user_email as string,
      subtotalCents: r.subtotal_cents as number,
      shippingFeeCents: r.shipping_fee_cents as number,
      shippingFreeReason: r.shipping_free_reason as FreeShippingReason | null,
      discountCents: r.discount_cents as number,
      totalCents: r.total_cents as number,
      trackingNumber: r.tracking_number as string,
      carrier: r.carrier as ExportOrderRow['carrier'],
      shippingAddress: r.shipping_address,
      lines: r.lines === null ? [] : (r.lines as LineCells[]).map(toLine),
      payout:
        r.payout_order_id === null
          ? null
          : {
              orderId: r.payout_order_id as number,
              amountCents: r.amount_cents as number,
              commissionCents: r.commission_cents as number,
              status: r.payout_status as OrderPayoutRow['status'],
              lastError: r.last_error as string | null,
              transferId: r.transfer_id as string | null,
              reversalId: r.reversal_id as string | null,
            },
    };
  }
  const last = rows.at(-1);
  return {
    rows: out,
    cursor: last ? { createdAt: last.cursor as string, id: last.id as number } : null,
  };
}
