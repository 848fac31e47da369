import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';
import { apiFetchWithHeaders } from '@/lib/api-client';
import { toPagedList } from './paged-list';
import { SELLER_KEYS } from './query-keys';

/**
 * One answer of the seller's API (an overview, the sales, the shipping fees) at `path`, kept
 * under `key`. Not tried again by itself: the section shows the failure with Try again at once.
 */
export function sellerQuery<T>(key: readonly unknown[], path: string) {
  return getQueryOptions<T>(key, path, { retry: false });
}

/**
 * One page of a seller's list (`GET api/business/{list}/{businessId}/?page=`, newest first),
 * with the total the server gave in `X-Total-Count`; the page shown stays while the next one
 * loads.
 */
export function sellerPageQuery<T>(list: 'orders' | 'products', businessId: number, page: number) {
  const path = `/api/business/${list}/${businessId}/`;
  return queryOptions({
    queryKey: [...SELLER_KEYS[list](businessId), page],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetchWithHeaders<T[]>(path, { query: { page }, signal });
      return toPagedList(data, headers);
    },
    placeholderData: keepPreviousData,
  });
}
