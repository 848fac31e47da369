import {
  centsToPrice,
  PAYOUT_STATEMENT_COLUMNS,
  type PayoutLedger,
  type PayoutLedgerQuery,
  SELLER_PAGE_SIZE,
} from '@leafline/contract';
import type { Db } from '../../db/client';
import { CSV_BOM, csvField, csvRecord } from '../../lib/csv';
import { pagePayouts } from './payout-ledger.repo';
import { findPayoutSetup } from './seller-orders.repo';
import { payoutState } from './seller-orders.service';

/**
 * `GET api/business/payouts/{businessId}/` (issue 29, point 9): the brand's payouts, newest
 * first, a page at a time, narrowed to a UTC month and a payout status, with the totals of all
 * it narrowed. Each row's state is the order list's (`payoutState`: waiting for setup, retrying,
 * reversing…), so the two never disagree.
 */
export async function listPayoutLedger(
  db: Db,
  businessId: number,
  query: PayoutLedgerQuery,
): Promise<PayoutLedger> {
  const [{ rows, count, totals }, setup] = await Promise.all([
    pagePayouts(
      db,
      businessId,
      { month: query.month, status: query.status },
      { limit: SELLER_PAGE_SIZE, offset: (query.page - 1) * SELLER_PAGE_SIZE },
    ),
    findPayoutSetup(db, businessId),
  ]);
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      order: row.orderId,
      created_at: row.createdAt.toISOString(),
      gross: centsToPrice(row.amountCents + row.commissionCents),
      commission: centsToPrice(row.commissionCents),
      net: centsToPrice(row.amountCents),
      status: payoutState(row, setup),
      transfer_id: row.transferId,
      paid_at: row.paidAt?.toISOString() ?? null,
      reversed_at: row.reversedAt?.toISOString() ?? null,
    })),
    totals: {
      gross: centsToPrice(totals.grossCents),
      commission: centsToPrice(totals.commissionCents),
      net: centsToPrice(totals.netCents),
    },
  };
}

/**
 * `GET api/business/payouts/{businessId}/statement/?month=YYYY-MM` (issue 29, point 9): the
 * month's payouts as CSV (the orders export's format: BOM, RFC 4180, CRLF), oldest first as a
 * statement reads, its last row the month's totals — the same sums as the ledger's.
 */
export async function payoutStatementCsv(
  db: Db,
  businessId: number,
  month: string,
): Promise<string> {
  const [{ rows, totals }, setup] = await Promise.all([
    pagePayouts(db, businessId, { month }),
    findPayoutSetup(db, businessId),
  ]);
  let csv = CSV_BOM + csvRecord(PAYOUT_STATEMENT_COLUMNS);
  for (const row of [...rows].reverse()) {
    csv += csvRecord([
      row.createdAt.toISOString(),
      String(row.orderId),
      centsToPrice(row.amountCents + row.commissionCents),
      centsToPrice(row.commissionCents),
      centsToPrice(row.amountCents),
      payoutState(row, setup),
      csvField(row.transferId ?? ''),
      row.paidAt?.toISOString() ?? '',
      row.reversedAt?.toISOString() ?? '',
    ]);
  }
  return (
    csv +
    csvRecord([
      'total',
      '',
      centsToPrice(totals.grossCents),
      centsToPrice(totals.commissionCents),
      centsToPrice(totals.netCents),
      '',
      '',
      '',
      '',
    ])
  );
}

/** The statement's file name: `leafline-payouts-{businessId}-{YYYY-MM}.csv`. */
export const statementFileName = (businessId: number, month: string) =>
  `leafline-payouts-${businessId}-${month}.csv`;
