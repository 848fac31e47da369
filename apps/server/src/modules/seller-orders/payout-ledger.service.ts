import {
  centsToPrice,
  type PayoutLedger,
  type PayoutLedgerQuery,
  SELLER_PAGE_SIZE,
} from '@leafline/contract';
import type { Db } from '../../db/client';
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
