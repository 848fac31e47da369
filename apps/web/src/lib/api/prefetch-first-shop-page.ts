import { PAGING_TIMEOUT_MS } from '@leafline/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { keepShopCache } from '@/lib/query-persist';
import { DEFAULT_SHOP_FILTERS, readShopFilters, sameFilters } from '@/lib/shop-cache';
import { searchProducts, searchQueryOptions, toShopPage } from './search-products';

/**
 * The home page's background prefetch (SPEC §2 Home): the first page of the shop with empty
 * terms, into the query cache, whose persister saves it to the shop products cache, so /shop
 * opens at once (now, or after a reload within 20 minutes). Skipped when the shopper has
 * other filters saved (their own cached page is worth more) or the first page is still
 * fresh. One try, 30 s (SPEC §7); a failure keeps whatever is cached.
 */
export async function prefetchFirstShopPage(queryClient: QueryClient): Promise<void> {
  keepShopCache(queryClient);
  const stored = readShopFilters();
  if (stored && !sameFilters(stored, DEFAULT_SHOP_FILTERS)) return;
  const filters = { ...DEFAULT_SHOP_FILTERS };
  await queryClient.prefetchQuery({
    ...searchQueryOptions(filters),
    queryFn: async ({ signal }) =>
      toShopPage(await searchProducts(filters, { signal, timeoutMs: PAGING_TIMEOUT_MS }), filters),
    retry: false,
  });
}
