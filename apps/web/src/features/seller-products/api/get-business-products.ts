import type { ProductStatus } from '@leafline/contract/constants';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCallWithHeaders } from '@/lib/api-client';
import { toPagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * Which products the list shows: all of them, newest first, or the "Low stock" view (issue 26:
 * a counted product or variant at LOW_STOCK_THRESHOLD or fewer left, fewest first).
 */
export type ProductsView = 'all' | 'low';

/** The list narrowed (issue 29, point 5): one status ('' for all) and a search ('' for none). */
export interface ProductsFilter {
  status: ProductStatus | '';
  /** Part of the name or of a SKU. */
  q: string;
}

export const ALL_PRODUCTS: ProductsFilter = { status: '', q: '' };

/**
 * One page of the business's products in a view, with the total the server gave in
 * `X-Total-Count`. The key holds the view beside the page (the two views page separately),
 * under SELLER_KEYS.products, so a save or a delete reads both again.
 */
export function businessProductsQuery(
  businessId: number,
  page: number,
  view: ProductsView,
  filter: ProductsFilter = ALL_PRODUCTS,
) {
  return queryOptions({
    queryKey: [...SELLER_KEYS.products(businessId), view, filter.status, filter.q, page],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiCallWithHeaders(SELLER_ROUTES.sellerProducts, {
        params: { businessId },
        query: {
          page,
          stock: view === 'low' ? 'low' : undefined,
          status: filter.status || undefined,
          q: filter.q.trim() || undefined,
        },
        signal,
      });
      return toPagedList(data, headers);
    },
    // The page shown stays while the next one (or the other view) loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/business/products/{businessId}/?page=[&stock=low][&status=][&q=] (owner; SPEC §7,
 * issues 26 and 29): a page of the business's products, all or those low on stock, narrowed to
 * a status or a search.
 */
export const useBusinessProducts = (
  businessId: number,
  page: number,
  view: ProductsView,
  filter?: ProductsFilter,
) => useQuery(businessProductsQuery(businessId, page, view, filter));
