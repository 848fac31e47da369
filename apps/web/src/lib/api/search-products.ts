import type { SearchResponse } from '@leafline/contract/catalog';
import {
  PAGING_TIMEOUT_MS,
  SEARCH_PAGE_SIZE,
  SEARCH_TIMEOUT_MS,
  SHOP_CACHE_TTL_MS,
} from '@leafline/contract/constants';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall, NetworkError } from '@/lib/api-client';
import { getAccessToken, getRefreshToken, useHasAccessToken } from '@/lib/auth-tokens';
import {
  type BusinessNames,
  refinementsOf,
  SHOP_CACHE_REVALIDATE_MS,
  type ShopFilters,
  type ShopProductsPage,
} from '@/lib/shop-cache';

export interface SearchOptions {
  signal?: AbortSignal | undefined;
  /** 55 s from the search box, 30 s for paging and the home prefetch (SPEC §7). */
  timeoutMs?: number;
}

/** The timeout of one shop fetch: a new search may take its time, a page turn may not. */
export function searchTimeoutFor(filters: ShopFilters): number {
  return filters.currentPage > 1 ? PAGING_TIMEOUT_MS : SEARCH_TIMEOUT_MS;
}

/**
 * The query string of a search without its page: the same for `api/search/` and
 * `api/search/facets/`. Empty values are left out (apiFetch drops them), so the refinements
 * that are off are not sent.
 */
export function searchCriteriaQuery(filters: ShopFilters) {
  const r = refinementsOf(filters);
  return {
    search: filters.searchTerm,
    filter: filters.selectedFilter,
    category: filters.selectedCategory,
    second_hand: r.secondHand ? 'true' : '',
    in_stock: r.inStock ? 'true' : '',
    verified: r.verified ? 'true' : '',
    min_price: r.minPrice,
    max_price: r.maxPrice,
    free_shipping_at: r.freeShippingAt,
    brands: r.brands,
    ships_free: r.shipsFree ? 'true' : '',
  };
}

/**
 * Whether the shop's calls that depend on the shopper ("Ships free to me": the signed-in
 * shopper's country) send the token: as the header's cart, only a session that can be renewed
 * (a lone access token must not send anyone to /login from the shop).
 */
export const sendsShopper = () => getAccessToken() !== null && getRefreshToken() !== null;

/** Who a shop answer is for, in its query key: a sign-in or sign-out asks again. */
export type ShopperOfAnswer = 'account' | 'guest';
export const shopperOfAnswer = (): ShopperOfAnswer => (sendsShopper() ? 'account' : 'guest');

/**
 * shopperOfAnswer for a component: a visitor while the page hydrates (the server rendered it
 * for one, decision 0044), then the shopper — so the page hydrates as it was rendered and then
 * asks again for a signed-in shopper.
 */
export function useShopperOfAnswer(): ShopperOfAnswer {
  return useHasAccessToken() && getRefreshToken() !== null ? 'account' : 'guest';
}

/** GET /api/search/: one page of 20 products for the shop's filters. */
export function searchProducts(
  filters: ShopFilters,
  {
    signal,
    timeoutMs = searchTimeoutFor(filters),
    shopper = shopperOfAnswer(),
  }: SearchOptions & { shopper?: ShopperOfAnswer } = {},
): Promise<SearchResponse> {
  return apiCall(SHOP_ROUTES.search, {
    // Only "Ships free to me" depends on who asks (their country); every other search is the
    // same for everyone, and cached so.
    auth: refinementsOf(filters).shipsFree && shopper === 'account',
    signal,
    timeoutMs,
    query: {
      ...searchCriteriaQuery(filters),
      page: filters.currentPage,
      page_size: SEARCH_PAGE_SIZE,
    },
  });
}

/** A search answer in the shape the shop shows and caches (SPEC §3 shop products cache). */
export function toShopPage(response: SearchResponse, filters: ShopFilters): ShopProductsPage {
  const businessNames: BusinessNames = {};
  for (const p of response.results) businessNames[String(p.business)] = p.business_name;
  return {
    products: response.results.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      business: p.business,
      condition: p.condition,
      primary_image: p.primary_image,
      stock: p.stock,
      sold_out: p.sold_out,
      rating_average: p.rating_average,
      rating_count: p.rating_count,
    })),
    businessNames,
    totalProducts: response.count,
    nextPageUrl: response.next,
    prevPageUrl: response.previous,
    currentPage: filters.currentPage,
    appliedFilters: { ...filters },
  };
}

/** What decides a search's answer but its page: the shared part of the search and facets keys. */
export const searchCriteriaKey = (
  filters: ShopFilters,
  shopper: ShopperOfAnswer = shopperOfAnswer(),
) => {
  const r = refinementsOf(filters);
  return [
    filters.searchTerm,
    filters.selectedFilter,
    filters.selectedCategory,
    r.secondHand,
    r.inStock,
    r.verified,
    r.minPrice,
    r.maxPrice,
    r.freeShippingAt,
    r.brands,
    r.shipsFree ? shopper : false,
  ] as const;
};

export const searchQueryKey = (filters: ShopFilters, shopper?: ShopperOfAnswer) =>
  ['shop', 'search', ...searchCriteriaKey(filters, shopper), filters.currentPage] as const;

/** A timed-out search (SPEC §8 shows its own text) or a page past the end is not retried. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof NetworkError && error.timedOut) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failures < 1;
}

/**
 * The shop's search. The page saved in this browser (SPEC §3, §4) is put in the query cache
 * at start-up by React Query's persister (`query-persist.ts`), dated when it was fetched:
 * shown at once, and fetched again only once it is older than SHOP_CACHE_REVALIDATE_MS. A
 * failed refresh keeps it (React Query keeps data on error). Each page fetched is saved by
 * the persister in turn; the pages stay in memory as long as a saved page may be used.
 */
export const searchQueryOptions = (
  filters: ShopFilters,
  shopper: ShopperOfAnswer = shopperOfAnswer(),
) =>
  queryOptions({
    queryKey: searchQueryKey(filters, shopper),
    queryFn: async ({ signal }) =>
      toShopPage(await searchProducts(filters, { signal, shopper }), filters),
    staleTime: SHOP_CACHE_REVALIDATE_MS,
    gcTime: SHOP_CACHE_TTL_MS,
    retry: shouldRetry,
  });

export function useSearchProducts(filters: ShopFilters, enabled = true) {
  return useQuery({
    ...searchQueryOptions(filters, useShopperOfAnswer()),
    enabled,
    // Paging keeps the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
