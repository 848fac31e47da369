import type { SalesOverview } from '@leafline/contract/seller-money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/business/sales/{businessId}/ (auth, owner): sales by day and week, payout totals. */
export function getSales(businessId: number, signal?: AbortSignal): Promise<SalesOverview> {
  return apiFetch<SalesOverview>(`/api/business/sales/${businessId}/`, { signal });
}

export const salesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: SELLER_KEYS.sales(businessId),
    queryFn: ({ signal }) => getSales(businessId, signal),
    retry: false,
  });

export function useSales(businessId: number) {
  return useQuery(salesQueryOptions(businessId));
}
