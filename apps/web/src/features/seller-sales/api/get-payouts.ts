import type { PAYOUT_ROW_STATUSES } from '@leafline/contract/seller-money';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** What the ledger shows: a UTC month (`YYYY-MM`, '' for all) and a payout status ('' for all). */
export interface LedgerFilter {
  month: string;
  status: (typeof PAYOUT_ROW_STATUSES)[number] | '';
}

/**
 * GET /api/business/payouts/{businessId}/ (owner; issue 29): a page of the business's payouts
 * with the totals of all the filter holds. Under the sales key: whatever reads the sales again
 * (a saved order, a refund) reads this too.
 */
export function payoutsQuery(businessId: number, page: number, filter: LedgerFilter) {
  return queryOptions({
    queryKey: [...SELLER_KEYS.payouts(businessId), filter.month, filter.status, page],
    queryFn: ({ signal }) =>
      apiCall(SELLER_ROUTES.payoutLedger, {
        params: { businessId },
        query: {
          page,
          month: filter.month || undefined,
          status: filter.status || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const usePayouts = (businessId: number, page: number, filter: LedgerFilter) =>
  useQuery(payoutsQuery(businessId, page, filter));
