import type { BusinessSummary } from '@leafline/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/publicbusinesses/: every open business, by name. */
export const publicBusinessesQueryOptions = () =>
  getQueryOptions<BusinessSummary[]>(['businesses', 'public'], '/api/publicbusinesses/', {
    request: { auth: false },
    staleTime: 10 * 60_000,
  });

export function usePublicBusinesses() {
  return useQuery(publicBusinessesQueryOptions());
}
