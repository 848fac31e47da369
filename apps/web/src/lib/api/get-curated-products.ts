import type {
  CuratedProductList,
  CuratedProductsResponse as CuratedProducts,
} from '@leafline/contract/catalog';
import { SUGGESTION_TIMEOUT_MS } from '@leafline/contract/constants';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toProductCard } from '@/components/product/product-card-data';
import { apiCall } from '@/lib/api-client';

/** GET /api/curated/{key}/: a hand-picked list (Newly Added, Current Favorites, People also love). */
export function getCuratedProducts(
  key: CuratedProductList,
  signal?: AbortSignal,
): Promise<CuratedProducts> {
  // A product list's key answers the product shape of the route's two.
  return apiCall(SHOP_ROUTES.curatedList, {
    params: { key },
    auth: false,
    signal,
    timeoutMs: SUGGESTION_TIMEOUT_MS,
  }) as Promise<CuratedProducts>;
}

export const curatedProductsQueryOptions = (key: CuratedProductList) =>
  queryOptions({
    queryKey: ['curated', key] as const,
    queryFn: ({ signal }) => getCuratedProducts(key, signal),
    // Hand-picked lists change weekly at most.
    staleTime: 10 * 60_000,
  });

/** A hand-picked list as product cards: its first `max` products, in the list's order. */
export function useCuratedCards(key: CuratedProductList, max: number) {
  return useQuery({
    ...curatedProductsQueryOptions(key),
    select: (list) => list.results.slice(0, max).map((product) => toProductCard(product)),
  });
}
