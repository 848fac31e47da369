import type { SearchFacets } from '@leafline/contract/catalog';
import { SEARCH_TIMEOUT_MS } from '@leafline/contract/constants';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SHOP_CACHE_REVALIDATE_MS, type ShopFilters } from '@/lib/shop-cache';
import {
  type ShopperOfAnswer,
  searchCriteriaKey,
  searchCriteriaQuery,
  shopperOfAnswer,
  useShopperOfAnswer,
} from './search-products';

/**
 * GET /api/search/facets/ (issue 15): for each choice of the shop's filters, how many products
 * the search would find with that choice made and every other current choice kept. Same query
 * string as api/search/, without the page.
 */
export function getSearchFacets(
  filters: ShopFilters,
  signal?: AbortSignal,
  shopper: ShopperOfAnswer = shopperOfAnswer(),
): Promise<SearchFacets> {
  return apiCall(SHOP_ROUTES.searchFacets, {
    // The ships-free count is for the signed-in shopper's country.
    auth: shopper === 'account',
    signal,
    timeoutMs: SEARCH_TIMEOUT_MS,
    query: searchCriteriaQuery(filters),
  });
}

export const searchFacetsQueryKey = (
  filters: ShopFilters,
  shopper: ShopperOfAnswer = shopperOfAnswer(),
) => ['shop', 'facets', ...searchCriteriaKey(filters, shopper), shopper] as const;

/**
 * The counts are a help, not the page: a failure (a 503 while the server's index starts, a
 * timeout) is not retried and just shows no counts.
 */
export const searchFacetsQueryOptions = (
  filters: ShopFilters,
  shopper: ShopperOfAnswer = shopperOfAnswer(),
) =>
  queryOptions({
    queryKey: searchFacetsQueryKey(filters, shopper),
    queryFn: ({ signal }) => getSearchFacets(filters, signal, shopper),
    staleTime: SHOP_CACHE_REVALIDATE_MS,
    retry: false,
  });

export function useSearchFacets(filters: ShopFilters) {
  return useQuery({
    ...searchFacetsQueryOptions(filters, useShopperOfAnswer()),
    // The last counts stay (dimmed by the page) until the new ones arrive: no jumping labels.
    placeholderData: keepPreviousData,
  });
}
