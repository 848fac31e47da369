import type { HiddenBusinessesResponse as HiddenBusinesses } from '@leafline/contract/catalog';
import { CURATED_LISTS } from '@leafline/contract/constants';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/curated/hidden_businesses/: the ids the home carousel leaves out (SPEC §2 Home). */
export function getHiddenBusinesses(signal?: AbortSignal): Promise<HiddenBusinesses> {
  // This key answers the ids shape of the route's two.
  return apiCall(SHOP_ROUTES.curatedList, {
    params: { key: CURATED_LISTS.hiddenBusinesses },
    auth: false,
    signal,
  }) as Promise<HiddenBusinesses>;
}

export const hiddenBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: ['curated', CURATED_LISTS.hiddenBusinesses] as const,
    queryFn: ({ signal }) => getHiddenBusinesses(signal),
    staleTime: 10 * 60_000,
  });

export function useHiddenBusinesses() {
  return useQuery(hiddenBusinessesQueryOptions());
}
