import type { DashboardResponse } from '@leafline/contract/business';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/business/dashboard/ (auth): the businesses the user owns, in `businesses`. */
export function getOwnedBusinesses(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiFetch<DashboardResponse>('/api/business/dashboard/', { signal });
}

export const ownedBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: SELLER_KEYS.ownedBusinesses,
    queryFn: ({ signal }) => getOwnedBusinesses(signal),
    retry: false,
  });

export function useOwnedBusinesses() {
  return useQuery(ownedBusinessesQueryOptions());
}
