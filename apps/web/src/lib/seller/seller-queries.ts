import type { AnyApiRoute, RouteResponse } from '@leafline/contract/routes';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';
import { type ApiCallOptions, apiCallWithHeaders } from '@/lib/api-client';
import { toPagedList } from './paged-list';
import { SELLER_KEYS } from './query-keys';

/**
 * One answer of the seller's API (an overview, the sales, the shipping fees): `route` with its
 * path parameters (when it has any), kept under `key`. Not tried again by itself: the section shows the failure
 * with Try again at once.
 */
export function sellerQuery<R extends AnyApiRoute>(
  key: readonly unknown[],
  route: R,
  ...[params]: undefined extends ApiCallOptions<R>['params'] ? [] : [ApiCallOptions<R>['params']]
) {
  return getQueryOptions<R>(key, route, {
    request: { params } as Omit<ApiCallOptions<R>, 'signal'>,
    retry: false,
  });
}

/** The seller's lists read a page at a time. */
const SELLER_LISTS = {
  orders: SELLER_ROUTES.sellerOrders,
  products: SELLER_ROUTES.sellerProducts,
} as const;
type SellerList = keyof typeof SELLER_LISTS;
type SellerListItem<L extends SellerList> = RouteResponse<(typeof SELLER_LISTS)[L]>[number];

/**
 * One page of a seller's list (`GET api/business/{list}/{businessId}/?page=`, newest first),
 * with the total the server gave in `X-Total-Count`; the page shown stays while the next one
 * loads.
 */
export function sellerPageQuery<L extends SellerList>(list: L, businessId: number, page: number) {
  return queryOptions({
    queryKey: [...SELLER_KEYS[list](businessId), page],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiCallWithHeaders(SELLER_LISTS[list] as AnyApiRoute, {
        params: { businessId },
        query: { page },
        signal,
      });
      return toPagedList(data as SellerListItem<L>[], headers);
    },
    placeholderData: keepPreviousData,
  });
}
