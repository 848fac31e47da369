import type { PartnersResponse } from '@leafline/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/partners/: the six partner organisations, in page order (SPEC §1). */
export function getPartners(signal?: AbortSignal): Promise<PartnersResponse> {
  return apiFetch<PartnersResponse>('/api/partners/', { auth: false, signal });
}

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'partners'] as const,
    queryFn: ({ signal }) => getPartners(signal),
    staleTime: 30 * 60_000,
  });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}
