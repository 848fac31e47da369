import type { DashboardResponse } from '@leafline/contract/business';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const ownedBusinessesQueryKey = ['dashboard', 'businesses'] as const;

/** GET /api/business/dashboard/ (auth): the businesses the user owns, in `businesses`. */
export function getOwnedBusinesses(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiFetch<DashboardResponse>('/api/business/dashboard/', { signal });
}

export const ownedBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: ownedBusinessesQueryKey,
    queryFn: ({ signal }) => getOwnedBusinesses(signal),
    retry: false,
  });

export function useOwnedBusinesses() {
  return useQuery(ownedBusinessesQueryOptions());
}
