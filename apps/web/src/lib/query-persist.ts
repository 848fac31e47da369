import { SHOP_CACHE_TTL_MS } from '@leafline/contract/constants';
import { hashKey, hydrate, type QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { searchQueryKey } from '@/lib/api/search-products';
import {
  cachedProductsFor,
  clearShopProducts,
  DEFAULT_SHOP_FILTERS,
  readShopFilters,
  type ShopProductsCache,
  type ShopProductsPage,
  scheduleCacheWrite,
} from '@/lib/shop-cache';

/**
 * React Query's persistence of the shop's search results (decision 0033). The query cache
 * says when there is something to keep (`persistQueryClientSubscribe`), and the saved page
 * goes back into it when the app's client is made (`hydrate`); the storage itself is SPEC
 * §3's `shop_products_cache`, one page with its filters, in the format of `shop-cache.ts`:
 *
 * - kept: the search page fetched last (not one the catalogue made stale), 300 ms later;
 * - restored: when it is less than 20 minutes old and the shopper's saved filters (none
 *   counts as the defaults) are the ones it was fetched for; its age counts from its fetch,
 *   so it is fresh in the query cache (no request) for the rest of those 20 minutes;
 * - unreadable, malformed or expired: removed, nothing restored; storage that throws (full,
 *   disabled): nothing kept, nothing restored.
 *
 * The shop's code starts it (`keepShopCache`) before it asks for a page: the restore is
 * synchronous, as localStorage is, so the saved page is in the cache before the shop's first
 * search, and no query of the app waits for it; nor is this code loaded before the shop's.
 */

/** A page of the cache as the persister hands it over: the query's key hash beside it. */
type KeptPage = ShopProductsCache & { queryHash: string };

/** The shop page fetched last of those dehydrated (all are shop pages, see the options). */
function lastFetchedPage(client: PersistedClient): KeptPage | null {
  let last: KeptPage | null = null;
  for (const { queryHash, state } of client.clientState.queries) {
    if (last && state.dataUpdatedAt < last.timestamp) continue;
    last = { ...(state.data as ShopProductsPage), timestamp: state.dataUpdatedAt, queryHash };
  }
  return last;
}

/** The saved page as React Query dehydrates a query: fetched at the page's timestamp. */
function asPersistedClient({ timestamp, ...page }: ShopProductsCache): PersistedClient {
  const queryKey = searchQueryKey(page.appliedFilters);
  return {
    timestamp,
    buster: '',
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey,
          queryHash: hashKey(queryKey),
          dehydratedAt: timestamp,
          state: {
            data: page,
            dataUpdateCount: 1,
            dataUpdatedAt: timestamp,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  };
}

/** The saved page as a persisted client, if it may be used (see above); else undefined. */
function savedClient(): PersistedClient | undefined {
  const page = cachedProductsFor(readShopFilters() ?? DEFAULT_SHOP_FILTERS);
  return page ? asPersistedClient(page) : undefined;
}

/**
 * The persister of one query client. The cache calls `persistClient` on every change; a
 * page is written only when it is another page or a new fetch of it (so a page already
 * kept is not written back after the storage was cleared at login, nor again and again).
 * With no page to keep (none fetched yet, or the cache emptied), the saved one stays until
 * it expires, as SPEC §3 keeps it.
 */
function createShopCachePersister(restored: PersistedClient | undefined): Persister {
  const idOf = (page: { queryHash: string; timestamp: number }) =>
    `${page.timestamp} ${page.queryHash}`;
  const first = restored?.clientState.queries[0];
  let kept = first && idOf({ queryHash: first.queryHash, timestamp: first.state.dataUpdatedAt });
  return {
    persistClient(client) {
      const page = lastFetchedPage(client);
      if (!page || idOf(page) === kept) return;
      kept = idOf(page);
      const { queryHash: _, ...products } = page;
      scheduleCacheWrite({ products });
    },
    restoreClient: savedClient,
    removeClient: clearShopProducts,
  };
}

/** The clients whose shop pages are kept (each from its first use of the shop on). */
const keeping = new WeakSet<QueryClient>();

/**
 * Keeps the shop's search pages of `queryClient` in the browser, from the first call on (the
 * shop's code calls it before it asks for a page; later calls do nothing): the saved page is
 * put in the cache now, and from then on each newly fetched page is saved. A restored page
 * stays in memory as long as it may be used (20 minutes), like the pages fetched.
 */
export function keepShopCache(queryClient: QueryClient): void {
  if (keeping.has(queryClient)) return;
  keeping.add(queryClient);
  const saved = savedClient();
  if (saved) {
    try {
      hydrate(queryClient, saved.clientState, {
        defaultOptions: { queries: { gcTime: SHOP_CACHE_TTL_MS } },
      });
    } catch {
      clearShopProducts();
    }
  }
  persistQueryClientSubscribe({
    queryClient,
    persister: createShopCachePersister(saved),
    dehydrateOptions: {
      // The shop's search pages that hold: fetched, not made stale by a catalogue change.
      shouldDehydrateQuery: (query) =>
        query.queryKey[0] === 'shop' &&
        query.queryKey[1] === 'search' &&
        query.state.status === 'success' &&
        !query.state.isInvalidated,
      shouldDehydrateMutation: () => false,
    },
  });
}
