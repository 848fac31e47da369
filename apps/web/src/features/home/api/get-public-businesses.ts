import type { BusinessSummary } from '@leafline/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/publicbusinesses/: every open business, by name. */
export function getPublicBusinesses(signal?: AbortSignal): Promise<BusinessSummary[]> {
  return apiFetch<BusinessSummary[]>('/api/publicbusinesses/', { auth: false, signal });
}

export const publicBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: ['businesses', 'public'] as const,
    queryFn: ({ signal }) => getPublicBusinesses(signal),
    staleTime: 10 * 60_000,
  });

export function usePublicBusinesses() {
  return useQuery(publicBusinessesQueryOptions());
}
