import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema/index';
import { type OrderPayoutRow, orderPayoutFields } from './seller-orders.repo';

/** What the ledger is narrowed to (issue 29, point 9). */
export interface LedgerFilter {
  /** A UTC month, `YYYY-MM`. */
  month?: string | undefined;
  status?: (typeof payouts.$inferSelect)['status'] | undefined;
}

export interface LedgerRow extends OrderPayoutRow {
  id: number;
  createdAt: Date;
  paidAt: Date | null;
  reversedAt: Date | null;
}

/** The month's UTC bounds: its first instant, and the next month's. */
function monthBounds(month: string): [Date, Date] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(year, m - 1, 1)), new Date(Date.UTC(year, m, 1))];
}

function ledgerWhere(businessId: number, filter: LedgerFilter): SQL {
  const bounds = filter.month ? monthBounds(filter.month) : null;
  return and(
    eq(payouts.businessId, businessId),
    bounds ? gte(payouts.createdAt, bounds[0]) : undefined,
    bounds ? lt(payouts.createdAt, bounds[1]) : undefined,
    filter.status ? eq(payouts.status, filter.status) : undefined,
  ) as SQL;
}

/**
 * A page of the business's payouts, newest first (off `payouts_business_idx`), with how many
 * the filter holds and their sums in cents (every row narrowed, not the page alone).
 */
export async function pagePayouts(
  db: Db,
  businessId: number,
  filter: LedgerFilter,
  /** Without: every row (a month's statement). */
  page?: { limit: number; offset: number },
): Promise<{
  rows: LedgerRow[];
  count: number;
  totals: { grossCents: number; commissionCents: number; netCents: number };
}> {
  const where = ledgerWhere(businessId, filter);
  const listed = db
    .select({
      ...orderPayoutFields,
      id: payouts.id,
      createdAt: payouts.createdAt,
      paidAt: payouts.paidAt,
      reversedAt: payouts.reversedAt,
    })
    .from(payouts)
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  const [rows, [sums]] = await Promise.all([
    page ? listed.limit(page.limit).offset(page.offset) : listed,
    db
      .select({
        count: sql<number>`count(*)::int`,
        // bigint sums (a busy brand's cents outgrow an int), read as text.
        net: sql<string>`coalesce(sum(${payouts.amountCents}), 0)::bigint`,
        commission: sql<string>`coalesce(sum(${payouts.commissionCents}), 0)::bigint`,
      })
      .from(payouts)
      .where(where),
  ]);
  const netCents = Number(sums?.net ?? 0);
  const commissionCents = Number(sums?.commission ?? 0);
  return {
    rows,
    count: sums?.count ?? 0,
    totals: { grossCents: netCents + commissionCents, commissionCents, netCents },
  };
}
