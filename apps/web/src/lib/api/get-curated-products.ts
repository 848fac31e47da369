import type {
  CuratedProductList,
  CuratedProductsResponse as CuratedProducts,
} from '@leafline/contract/catalog';
import { SUGGESTION_TIMEOUT_MS } from '@leafline/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/curated/{key}/: a hand-picked list (Newly Added, Current Favorites, People also love). */
export function getCuratedProducts(
  key: CuratedProductList,
  signal?: AbortSignal,
): Promise<CuratedProducts> {
  return apiFetch<CuratedProducts>(`/api/curated/${key}/`, {
    auth: false,
    signal,
    timeoutMs: SUGGESTION_TIMEOUT_MS,
  });
}

export const curatedProductsQueryOptions = (key: CuratedProductList) =>
  queryOptions({
    queryKey: ['curated', key] as const,
    queryFn: ({ signal }) => getCuratedProducts(key, signal),
    // Hand-picked lists change weekly at most.
    staleTime: 10 * 60_000,
  });

export function useCuratedProducts(key: CuratedProductList, enabled = true) {
  return useQuery({ ...curatedProductsQueryOptions(key), enabled });
}
