import { ROUTES } from '@leafline/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/publicbusinesses/: every open business, by name. */
export const publicBusinessesQueryOptions = () =>
  getQueryOptions(['businesses', 'public'], ROUTES.publicBusinesses, {
    request: { auth: false },
    staleTime: 10 * 60_000,
  });

export function usePublicBusinesses() {
  return useQuery(publicBusinessesQueryOptions());
}
