import type { OrderStatus } from '@leafline/contract/constants';
import type { SellerOrderSort } from '@leafline/contract/seller-orders';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCallWithHeaders } from '@/lib/api-client';
import { toPagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** What the orders list is narrowed to (issue 29): a status, a search, an order. */
export interface OrdersFilter {
  /** '' for every status. */
  status: OrderStatus | '';
  /** An order number or part of the buyer's name or e-mail; '' for none. */
  q: string;
  sort: SellerOrderSort;
}

export const ALL_ORDERS: OrdersFilter = { status: '', q: '', sort: 'newest' };

export const isAllOrders = (filter: OrdersFilter) =>
  filter.status === '' && filter.q.trim() === '' && filter.sort === 'newest';

/**
 * One page of the business's orders with the total the server gave in `X-Total-Count`. The
 * whole list, newest first, keeps its key `[...orders, page]` (the live stream puts a newly
 * paid order on its first page); a narrowed list has its filter after the page.
 */
export function businessOrdersQuery(businessId: number, page: number, filter: OrdersFilter) {
  const all = isAllOrders(filter);
  const q = filter.q.trim();
  return queryOptions({
    queryKey: all
      ? [...SELLER_KEYS.orders(businessId), page]
      : [...SELLER_KEYS.orders(businessId), page, { status: filter.status, q, sort: filter.sort }],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiCallWithHeaders(SELLER_ROUTES.sellerOrders, {
        params: { businessId },
        query: {
          page,
          status: filter.status || undefined,
          q: q || undefined,
          sort: filter.sort === 'newest' ? undefined : filter.sort,
        },
        signal,
      });
      return toPagedList(data, headers);
    },
    // The page shown stays while the next one (or another filter's) loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/business/orders/{businessId}/?page=[&status=&q=&sort=] (owner; SPEC §7, issue 29):
 * a page of the business's orders, narrowed and ordered as asked.
 */
export const useBusinessOrders = (businessId: number, page: number, filter = ALL_ORDERS) =>
  useQuery(businessOrdersQuery(businessId, page, filter));
