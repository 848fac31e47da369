import { SHOP_CACHE_TTL_MS, SHOP_CACHE_WRITE_DELAY_MS } from '@leafline/contract/constants';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchFacetsQueryOptions } from '@/lib/api/search-facets';
import { searchQueryKey, searchQueryOptions } from '@/lib/api/search-products';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { searchPage, shopFacets } from '@/test/shop-fixtures';
import { keepShopCache } from './query-persist';
import {
  cancelShopCacheWrites,
  clearShopProducts,
  DEFAULT_SHOP_FILTERS,
  readShopProducts,
  type ShopFilters,
  type ShopProductsPage,
  writeShopFilters,
  writeShopProducts,
} from './shop-cache';

const PRODUCTS_KEY = 'shop_products_cache';
const T0 = new Date('2026-03-01T12:00:00Z').getTime();
const wool: ShopFilters = { ...DEFAULT_SHOP_FILTERS, searchTerm: 'wool', currentPage: 2 };

const stored = () => JSON.parse(localStorage.getItem(PRODUCTS_KEY) ?? 'null');

function page(filters: ShopFilters, name = 'Cached Wool Socks'): ShopProductsPage {
  return {
    products: [{ id: 5, name, price: '12.00', business: 1, condition: 'new', primary_image: null }],
    businessNames: { '1': 'Fernhill' },
    totalProducts: 21,
    nextPageUrl: null,
    prevPageUrl: 'http://localhost/api/search/?page=1',
    currentPage: filters.currentPage,
    appliedFilters: filters,
  };
}

function server() {
  return mockFetch(({ url }) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/search/') return jsonResponse(200, searchPage(u));
    if (u.pathname === '/api/search/facets/') return jsonResponse(200, shopFacets(u));
    return jsonResponse(404, { error: 'Not found.' });
  });
}

/** A client as the app has it: the saved page restored, then every change persisted. */
function persistedClient() {
  const client = new QueryClient();
  keepShopCache(client);
  clients.push(client);
  return client;
}

const clients: QueryClient[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
  cancelShopCacheWrites();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('keeping the shop page with React Query', () => {
  it('saves the page fetched last, 300 ms later, as SPEC §3 has it, dated when it was fetched', async () => {
    server();
    const client = persistedClient();
    await client.fetchQuery(searchQueryOptions(DEFAULT_SHOP_FILTERS));
    vi.setSystemTime(T0 + 1000);
    await client.fetchQuery(searchQueryOptions(wool));
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS - 1);
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(Object.keys(stored()).sort()).toEqual(
      [
        'appliedFilters',
        'businessNames',
        'currentPage',
        'nextPageUrl',
        'prevPageUrl',
        'products',
        'timestamp',
        'totalProducts',
      ].sort(),
    );
    expect(stored()).toMatchObject({
      appliedFilters: wool,
      currentPage: 2,
      totalProducts: 45,
      timestamp: T0 + 1000,
    });
    expect(stored().products[0]).toEqual({
      id: 21,
      name: 'wool Product 21',
      price: '31.00',
      business: 100,
      condition: 'new',
      primary_image: null,
    });
  });

  it('saves nothing but search pages: not the filter counts', async () => {
    server();
    const client = persistedClient();
    await client.fetchQuery(searchFacetsQueryOptions(wool));
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
  });

  it('does not write a kept page back (the storage cleared at login), but a new fetch of it', async () => {
    server();
    const client = persistedClient();
    await client.fetchQuery(searchQueryOptions(wool));
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    expect(stored().appliedFilters).toEqual(wool);

    localStorage.clear();
    // Other queries come and go: the page kept is not written again.
    await client.fetchQuery(searchFacetsQueryOptions(wool));
    client.removeQueries({ queryKey: ['shop', 'facets'] });
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS * 2);
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();

    vi.setSystemTime(T0 + 5000);
    await client.refetchQueries({ queryKey: searchQueryKey(wool) });
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    expect(stored().timestamp).toBe(T0 + 5000);
  });

  it('keeps the saved page when the cache is emptied (logout) until it expires', async () => {
    server();
    const client = persistedClient();
    await client.fetchQuery(searchQueryOptions(wool));
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    client.clear();
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    expect(stored().appliedFilters).toEqual(wool);
  });

  it('drops the saved page when the catalogue changed, and does not save the stale pages again', async () => {
    server();
    const client = persistedClient();
    await client.fetchQuery(searchQueryOptions(wool));
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    // As the seller's dashboard does after a product was saved or deleted.
    clearShopProducts();
    await client.invalidateQueries({ queryKey: ['shop'], refetchType: 'none' });
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS * 2);
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
    // The next fetch is saved.
    await client.fetchQuery(searchQueryOptions(wool));
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    expect(stored().appliedFilters).toEqual(wool);
  });

  it('never throws when storage is full, and leaves no stale page behind', async () => {
    server();
    writeShopProducts(page(DEFAULT_SHOP_FILTERS));
    const client = persistedClient();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.setSystemTime(T0 + 1000);
    await client.fetchQuery(searchQueryOptions(wool));
    expect(() => vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS)).not.toThrow();
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
  });
});

describe('restoring the saved shop page', () => {
  it('puts the page of the saved filters in the cache, fresh, for 20 minutes from its fetch', async () => {
    const { calls } = server();
    writeShopFilters(wool);
    writeShopProducts(page(wool), T0 - 60_000);
    const client = persistedClient();
    const query = client.getQueryCache().find({ queryKey: searchQueryKey(wool), exact: true });
    expect(query?.state.data).toEqual(page(wool));
    expect(query?.state.dataUpdatedAt).toBe(T0 - 60_000);
    // Asked for, it is the answer: no request.
    await expect(client.fetchQuery(searchQueryOptions(wool))).resolves.toEqual(page(wool));
    expect(calls).toEqual([]);
    // Nothing new to write: the page keeps its age.
    vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
    expect(stored().timestamp).toBe(T0 - 60_000);
    // Unwatched, it stays in memory as long as it may be used.
    vi.advanceTimersByTime(SHOP_CACHE_TTL_MS - 60_000 - 1000);
    expect(client.getQueryData(searchQueryKey(wool))).toEqual(page(wool));
    // Once 20 minutes old, asking for it fetches it again.
    vi.setSystemTime(T0 + SHOP_CACHE_TTL_MS);
    await client.fetchQuery(searchQueryOptions(wool));
    expect(calls).toHaveLength(1);
  });

  it('with no saved filters, restores the first page of the defaults (the home prefetch)', () => {
    writeShopProducts(page(DEFAULT_SHOP_FILTERS));
    const client = persistedClient();
    expect(client.getQueryData(searchQueryKey(DEFAULT_SHOP_FILTERS))).toEqual(
      page(DEFAULT_SHOP_FILTERS),
    );
  });

  it('does not restore a page the saved filters do not match, and leaves it', () => {
    writeShopFilters({ ...wool, searchTerm: 'linen' });
    writeShopProducts(page(wool));
    const client = persistedClient();
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(readShopProducts()?.appliedFilters).toEqual(wool);
  });

  it('removes a page 20 minutes old, or unreadable, and restores nothing', () => {
    writeShopProducts(page(DEFAULT_SHOP_FILTERS), T0 - SHOP_CACHE_TTL_MS);
    const client = persistedClient();
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();

    for (const bad of ['{not json', JSON.stringify({ ...page(wool), totalProducts: -1 })]) {
      localStorage.setItem(PRODUCTS_KEY, bad);
      const other = persistedClient();
      expect(other.getQueryCache().getAll()).toEqual([]);
      expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
    }
  });

  it('restores nothing, and does not throw, when storage cannot be read', () => {
    writeShopProducts(page(DEFAULT_SHOP_FILTERS));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(persistedClient().getQueryCache().getAll()).toEqual([]);
  });
});
