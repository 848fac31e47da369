import type { BusinessOverview } from '@leafline/contract/business';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/business/overview/{businessId}/ (auth, owner): the profile, payouts and figures. */
export function getBusinessOverview(
  businessId: number,
  signal?: AbortSignal,
): Promise<BusinessOverview> {
  return apiFetch<BusinessOverview>(`/api/business/overview/${businessId}/`, { signal });
}

export const businessOverviewQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: SELLER_KEYS.overview(businessId),
    queryFn: ({ signal }) => getBusinessOverview(businessId, signal),
    retry: false,
  });

export function useBusinessOverview(businessId: number) {
  return useQuery(businessOverviewQueryOptions(businessId));
}
