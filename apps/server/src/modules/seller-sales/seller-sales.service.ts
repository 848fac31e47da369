import {
  BEST_SELLERS,
  centsToPrice,
  ORDER_STATUSES,
  SALES_DAYS,
  SALES_WEEKS,
  type SalesBucket,
  type SalesOverview,
} from '@leafline/contract';
import type { Db } from '../../db/client';
import {
  type BucketRow,
  bestSellers,
  countOrdersByStatus,
  payoutTotals,
  salesBuckets,
} from './seller-sales.repo';

/**
 * The seller's sales overview (SPEC §2 dashboard overview, DESIGN 2.13): sales and net payouts
 * by UTC day and by week (starting Monday), orders by status, best sellers and the payout
 * totals, all from the payout records (amounts after the 3 % commission).
 */

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days (`YYYY-MM-DD`) the overview is cut by, at the instant `now`. */
export interface SalesWindow {
  /** Today, the last daily bucket. */
  today: string;
  /** The first daily bucket: SALES_DAYS days ending today. */
  firstDay: string;
  /** Tomorrow: the end (excluded) of the daily buckets. */
  tomorrow: string;
  /** This week's Monday, the last weekly bucket. */
  thisWeek: string;
  /** The Monday SALES_WEEKS weeks back including this one: the first weekly bucket. */
  firstWeek: string;
  /** The 1st of this month. */
  thisMonth: string;
}

export function salesWindow(now: Date): SalesWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return {
    today: isoDay(today),
    firstDay: isoDay(today - (SALES_DAYS - 1) * DAY_MS),
    tomorrow: isoDay(today + DAY_MS),
    thisWeek: isoDay(monday),
    firstWeek: isoDay(monday - (SALES_WEEKS - 1) * 7 * DAY_MS),
    thisMonth: isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

const bucket = (row: BucketRow): SalesBucket => ({
  start: row.start,
  orders: row.orders,
  sales: centsToPrice(row.salesCents),
  refunds: centsToPrice(row.refundsCents),
  net_payouts: centsToPrice(row.netCents),
});

/** GET api/business/sales/{businessId}/: the overview at `now` (the business is the owner's). */
export async function getSalesOverview(
  db: Db,
  businessId: number,
  now: Date = new Date(),
): Promise<SalesOverview> {
  const w = salesWindow(now);
  const [daily, weekly, statuses, best, totals] = await Promise.all([
    salesBuckets(db, businessId, 'day', w.firstDay, w.today),
    salesBuckets(db, businessId, 'week', w.firstWeek, w.thisWeek),
    countOrdersByStatus(db, businessId),
    bestSellers(db, businessId, w.firstDay, w.tomorrow, BEST_SELLERS),
    payoutTotals(db, businessId, w.thisWeek, w.thisMonth),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    (typeof ORDER_STATUSES)[number],
    number
  >;
  for (const row of statuses) byStatus[row.status] = row.count;
  return {
    daily: daily.map(bucket),
    weekly: weekly.map(bucket),
    orders_by_status: byStatus,
    best_sellers: best.map((b) => ({
      product_id: b.productId,
      name: b.name,
      quantity: b.quantity,
      sales: centsToPrice(b.salesCents),
      refunded_quantity: b.refundedQuantity,
      refunds: centsToPrice(b.refundsCents),
    })),
    payouts: {
      paid_this_week: centsToPrice(totals.paidThisWeekCents),
      paid_this_month: centsToPrice(totals.paidThisMonthCents),
      paid_total: centsToPrice(totals.paidTotalCents),
      pending: centsToPrice(totals.pendingCents),
      reversed: centsToPrice(totals.reversedCents),
    },
  };
}
