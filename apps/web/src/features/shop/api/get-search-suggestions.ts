import type { SearchSuggestionsResponse } from '@leafline/contract/catalog';
import { SUGGESTION_TIMEOUT_MS } from '@leafline/contract/constants';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/search/suggestions/?q=: products, brands and categories for what was typed. */
export function getSearchSuggestions(
  q: string,
  signal?: AbortSignal,
): Promise<SearchSuggestionsResponse> {
  return apiCall(SHOP_ROUTES.searchSuggestions, {
    auth: false,
    signal,
    timeoutMs: SUGGESTION_TIMEOUT_MS,
    query: { q },
  });
}

export const searchSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['shop', 'suggestions', q] as const,
    queryFn: ({ signal }) => getSearchSuggestions(q, signal),
    staleTime: 5 * 60_000,
    // A help while typing: a failure shows no suggestions and is not tried again.
    retry: false,
  });

export function useSearchSuggestions(q: string, enabled: boolean) {
  return useQuery({
    ...searchSuggestionsQueryOptions(q),
    enabled,
    // The last list stays while the next letters' list is on its way: no flicker.
    placeholderData: keepPreviousData,
  });
}
