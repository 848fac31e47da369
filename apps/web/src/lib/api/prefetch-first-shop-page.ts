import { PAGING_TIMEOUT_MS } from '@leafline/contract/constants';
import {
  cachedProductsFor,
  DEFAULT_SHOP_FILTERS,
  readShopFilters,
  SHOP_CACHE_REVALIDATE_MS,
  sameFilters,
  scheduleCacheWrite,
} from '@/lib/shop-cache';
import { searchProducts, toShopPage } from './search-products';

/**
 * The home page's background prefetch (SPEC §2 Home): the first page of the shop with empty
 * terms, saved to the shop products cache so /shop opens at once. Skipped when the shopper
 * has other filters saved (their own cached page is worth more) or the cached first page is
 * recent. A failure keeps whatever is cached.
 */
export async function prefetchFirstShopPage(signal?: AbortSignal): Promise<boolean> {
  const stored = readShopFilters();
  if (stored && !sameFilters(stored, DEFAULT_SHOP_FILTERS)) return false;
  const cached = cachedProductsFor(DEFAULT_SHOP_FILTERS);
  if (cached && Date.now() - cached.timestamp < SHOP_CACHE_REVALIDATE_MS) return false;
  try {
    const filters = { ...DEFAULT_SHOP_FILTERS };
    const response = await searchProducts(filters, { signal, timeoutMs: PAGING_TIMEOUT_MS });
    scheduleCacheWrite({ products: toShopPage(response, filters) });
    return true;
  } catch {
    return false;
  }
}
