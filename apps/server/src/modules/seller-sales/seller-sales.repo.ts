import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { orders } from '../../db/schema/index';
import { paidOrLater } from '../orders';

/**
 * The grouped reads behind the sales overview (DESIGN 2.13): one query each for the daily and
 * weekly buckets, the orders by status, the best sellers and the payout totals — never one per
 * day. A sale is an order with a payout row (created when it was paid); gross sales count it
 * whatever happened later, and a refund that succeeded is counted apart, on the day it went
 * through (issue 24 point 6, as shop analytics do). The payouts are read off
 * `payouts_business_idx` (business id, created_at), the refunds off their unique order id.
 */

/** A `YYYY-MM-DD` day as the timestamptz of its UTC midnight. */
const utcMidnight = (day: string) => sql`((${day})::date::timestamp at time zone 'UTC')`;

/**
 * The payouts `p` of the business whose order was paid in [from, to), refunded later or not,
 * each with `refunded` (its refund succeeded). A payout row holds the whole order total: amount
 * (after the commission) + commission (DESIGN 2.7), so the orders table is not read.
 */
const salesOf = (businessId: number, from: SQL, to: SQL) => sql`(
  select p.*, exists (
      select 1 from refunds r where r.order_id = p.order_id and r.status = 'succeeded'
    ) as refunded
  from payouts p
  where p.business_id = ${businessId}
    and p.created_at >= ${from}
    and p.created_at < ${to}
  ) p`;

/**
 * The refunds `r` of the business that went through in [from, to). A succeeded refund is never
 * written again, so its `updated_at` is when it succeeded.
 */
const refundsOf = (businessId: number, from: SQL, to: SQL) => sql`
  refunds r
  where r.business_id = ${businessId}
    and r.status = 'succeeded'
    and r.updated_at >= ${from}
    and r.updated_at < ${to}`;

/** Sums come back as bigint (a string from node-postgres). */
const num = (v: unknown) => Number(v ?? 0);

export interface BucketRow {
  start: string;
  orders: number;
  salesCents: number;
  refundsCents: number;
  netCents: number;
}

/**
 * Zero-filled buckets of `unit` ('day', or 'week' starting on Monday), the first starting on
 * `first` and the last on `last` (`YYYY-MM-DD`, each already a bucket start), oldest first.
 */
export async function salesBuckets(
  db: Db,
  businessId: number,
  unit: 'day' | 'week',
  first: string,
  last: string,
): Promise<BucketRow[]> {
  const step = sql.raw(unit === 'day' ? `interval '1 day'` : `interval '7 days'`);
  const end = sql`(${utcMidnight(last)} + ${step})`;
  const rows = await rowsOf(
    db,
    sql`
    with paid as (
      select (date_trunc(${unit}, p.created_at at time zone 'UTC'))::date as bucket,
             count(*) as orders,
             sum(p.amount_cents + p.commission_cents) as sales,
             sum(p.amount_cents) filter (where not p.refunded) as net
      from ${salesOf(businessId, utcMidnight(first), end)}
      group by 1
    ), back as (
      select (date_trunc(${unit}, r.updated_at at time zone 'UTC'))::date as bucket,
             sum(r.amount_cents) as refunds
      from ${refundsOf(businessId, utcMidnight(first), end)}
      group by 1
    )
    select to_char(g.d, 'YYYY-MM-DD') as start,
           coalesce(paid.orders, 0) as orders,
           coalesce(paid.sales, 0) as sales,
           coalesce(back.refunds, 0) as refunds,
           coalesce(paid.net, 0) as net
    from generate_series((${first})::date::timestamp, (${last})::date::timestamp, ${step}) as g(d)
    left join paid on paid.bucket = g.d::date
    left join back on back.bucket = g.d::date
    order by g.d`,
  );
  return rows.map((r) => ({
    start: String(r.start),
    orders: num(r.orders),
    salesCents: num(r.sales),
    refundsCents: num(r.refunds),
    netCents: num(r.net),
  }));
}

/** How many of the business's orders (paid ones: `paidOrLater`) are in each status. */
export async function countOrdersByStatus(
  db: Db,
  businessId: number,
): Promise<Array<{ status: (typeof orders.$inferSelect)['status']; count: number }>> {
  return db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), paidOrLater))
    .groupBy(orders.status);
}

export interface BestSellerRow {
  productId: number | null;
  name: string;
  quantity: number;
  salesCents: number;
  /** Of those, the lines of orders refunded since. */
  refundedQuantity: number;
  refundsCents: number;
}

/**
 * The lines of the sales paid in [from, to) (`YYYY-MM-DD`, to excluded), refunded later or
 * not, most sold first, with the part refunded since.
 */
export async function bestSellers(
  db: Db,
  businessId: number,
  from: string,
  to: string,
  limit: number,
): Promise<BestSellerRow[]> {
  const rows = await rowsOf(
    db,
    sql`
    with sold as (
      select p.order_id, p.refunded
      from ${salesOf(businessId, utcMidnight(from), utcMidnight(to))}
    )
    select i.product_id, i.product_name,
           sum(i.quantity) as quantity,
           sum(i.total_price_cents) as sales,
           coalesce(sum(i.quantity) filter (where sold.refunded), 0) as refunded_quantity,
           coalesce(sum(i.total_price_cents) filter (where sold.refunded), 0) as refunds
    from sold
    join order_items i on i.order_id = sold.order_id
    group by i.product_id, i.product_name
    order by quantity desc, sales desc, i.product_name
    limit ${limit}`,
  );
  return rows.map((r) => ({
    productId: r.product_id === null ? null : num(r.product_id),
    name: String(r.product_name),
    quantity: num(r.quantity),
    salesCents: num(r.sales),
    refundedQuantity: num(r.refunded_quantity),
    refundsCents: num(r.refunds),
  }));
}

export interface PayoutTotalsRow {
  paidThisWeekCents: number;
  paidThisMonthCents: number;
  paidTotalCents: number;
  pendingCents: number;
  reversedCents: number;
}

/** The business's payout amounts by state; `paid` ones also since `week` and `month` (days). */
export async function payoutTotals(
  db: Db,
  businessId: number,
  week: string,
  month: string,
): Promise<PayoutTotalsRow> {
  const [r = {}] = await rowsOf(
    db,
    sql`
    select
      sum(amount_cents) filter (where status = 'paid' and paid_at >= ${utcMidnight(week)}) as week,
      sum(amount_cents) filter (where status = 'paid' and paid_at >= ${utcMidnight(month)}) as month,
      sum(amount_cents) filter (where status = 'paid') as paid,
      sum(amount_cents) filter (where status = 'pending') as pending,
      sum(amount_cents) filter (where status = 'reversed') as reversed
    from payouts
    where business_id = ${businessId}`,
  );
  return {
    paidThisWeekCents: num(r.week),
    paidThisMonthCents: num(r.month),
    paidTotalCents: num(r.paid),
    pendingCents: num(r.pending),
    reversedCents: num(r.reversed),
  };
}
