import { SHOP_CACHE_TTL_MS, SHOP_CACHE_WRITE_DELAY_MS } from '@leafline/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toProductCard } from '@/components/product/product-card-data';
import {
  cachedProductsFor,
  cancelShopCacheWrites,
  clearShopFilters,
  DEFAULT_SHOP_FILTERS,
  flushShopCacheWrites,
  hasPendingCacheWrite,
  isFresh,
  NO_REFINEMENTS,
  readShopFilters,
  readShopProducts,
  refinementsOf,
  type ShopFilters,
  type ShopProductsPage,
  scheduleCacheWrite,
  writeShopFilters,
  writeShopProducts,
} from './shop-cache';

const FILTERS_KEY = 'shop_filters_cache';
const PRODUCTS_KEY = 'shop_products_cache';
const T0 = new Date('2026-03-01T12:00:00Z').getTime();

const soap: ShopFilters = {
  searchTerm: 'soap',
  selectedFilter: 'price_low_to_high',
  selectedCategory: 'Hygiene',
  currentPage: 2,
};

function pageFor(filters: ShopFilters): ShopProductsPage {
  return {
    products: [
      {
        id: 7,
        name: 'Shampoo Bar',
        price: '15.00',
        business: 3,
        condition: 'new',
        primary_image: '/media/products/a.webp',
      },
      {
        id: 9,
        name: 'Safety Razor',
        price: '38.50',
        business: 4,
        condition: 'second_hand',
        primary_image: null,
      },
    ],
    businessNames: { '3': 'Tidewater Soap Co.' },
    totalProducts: 42,
    nextPageUrl: 'http://localhost/api/search/?page=3',
    prevPageUrl: 'http://localhost/api/search/?page=1',
    currentPage: filters.currentPage,
    appliedFilters: filters,
  };
}

/** A page as React Query's persister hands it over: with the time it was fetched. */
const fetched = (filters: ShopFilters, at = T0) => ({ ...pageFor(filters), timestamp: at });

const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
};

describe('shop cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    cancelShopCacheWrites();
    vi.useRealTimers();
  });

  describe('filters', () => {
    it('stores exactly the fields of SPEC §3 with a timestamp', () => {
      writeShopFilters(soap);
      expect(stored(FILTERS_KEY)).toEqual({ ...soap, timestamp: T0 });
      expect(readShopFilters()).toEqual({ ...soap, timestamp: T0 });
    });

    it('keeps the refinements that are on (issue 15), and reads filters saved without them', () => {
      const refined: ShopFilters = {
        ...soap,
        secondHand: true,
        minPrice: '25',
        maxPrice: '49.99',
        freeShippingAt: '0',
      };
      writeShopFilters(refined);
      expect(stored(FILTERS_KEY)).toEqual({ ...refined, timestamp: T0 });
      expect(readShopFilters()).toEqual({ ...refined, timestamp: T0 });
      // Off is left out: `verified: false` is not stored.
      writeShopFilters({ ...soap, verified: false, minPrice: '' });
      expect(stored(FILTERS_KEY)).toEqual({ ...soap, timestamp: T0 });
      expect(refinementsOf(readShopFilters()!)).toEqual(NO_REFINEMENTS);
    });

    it('removes saved filters whose refinements cannot be read', () => {
      for (const bad of [
        { secondHand: 'yes' },
        { minPrice: '25 dollars' },
        { maxPrice: 12 },
        { freeShippingAt: '-1' },
      ]) {
        localStorage.setItem(FILTERS_KEY, JSON.stringify({ ...soap, ...bad, timestamp: T0 }));
        expect(readShopFilters(), JSON.stringify(bad)).toBeNull();
        expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
      }
    });

    it('ignores and removes filters 20 minutes old', () => {
      writeShopFilters(soap);
      vi.setSystemTime(T0 + SHOP_CACHE_TTL_MS - 1);
      expect(readShopFilters()).not.toBeNull();
      vi.setSystemTime(T0 + SHOP_CACHE_TTL_MS);
      expect(readShopFilters()).toBeNull();
      expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
    });

    it('Clear All removes the saved filters, and a write still waiting', () => {
      writeShopFilters(soap);
      scheduleCacheWrite({ filters: { ...soap, searchTerm: 'soap bar' } });
      clearShopFilters();
      vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS * 2);
      expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
      expect(hasPendingCacheWrite()).toBe(false);
    });

    it('Clear All keeps a waiting products write', () => {
      scheduleCacheWrite({ filters: soap, products: fetched(soap) });
      clearShopFilters();
      vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
      expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
      expect(stored(PRODUCTS_KEY).appliedFilters).toEqual(soap);
    });
  });

  describe('products', () => {
    it('stores exactly the fields of SPEC §3 with a timestamp', () => {
      writeShopProducts(pageFor(soap));
      expect(Object.keys(stored(PRODUCTS_KEY)).sort()).toEqual(
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
      expect(Object.keys(stored(PRODUCTS_KEY).products[0]).sort()).toEqual(
        ['business', 'condition', 'id', 'name', 'price', 'primary_image'].sort(),
      );
      expect(readShopProducts()).toEqual({ ...pageFor(soap), timestamp: T0 });
    });

    it('ignores and removes a page 20 minutes old', () => {
      writeShopProducts(pageFor(soap));
      vi.setSystemTime(T0 + SHOP_CACHE_TTL_MS);
      expect(readShopProducts()).toBeNull();
      expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
    });

    it('ignores an entry stamped in the future', () => {
      writeShopProducts(pageFor(soap), T0 + 60_000);
      expect(readShopProducts()).toBeNull();
    });
  });

  describe('cachedProductsFor', () => {
    it('returns the page when stored, applied and asked filters are equal', () => {
      writeShopFilters(soap);
      writeShopProducts(pageFor(soap));
      expect(cachedProductsFor({ ...soap })?.totalProducts).toBe(42);
    });

    it('refuses a page whose applied filters differ from the stored filters', () => {
      writeShopFilters({ ...soap, searchTerm: 'shampoo' });
      writeShopProducts(pageFor(soap));
      expect(cachedProductsFor(soap)).toBeNull();
      expect(cachedProductsFor({ ...soap, searchTerm: 'shampoo' })).toBeNull();
    });

    it('refuses a page for other filters than those asked for', () => {
      writeShopFilters(soap);
      writeShopProducts(pageFor(soap));
      for (const change of [
        { searchTerm: 'Soap' },
        { selectedFilter: '' },
        { selectedCategory: 'Apparel' },
        { currentPage: 3 },
        { secondHand: true },
        { verified: true },
        { minPrice: '25' },
        { maxPrice: '49.99' },
        { freeShippingAt: '0' },
      ]) {
        expect(cachedProductsFor({ ...soap, ...change }), JSON.stringify(change)).toBeNull();
      }
    });

    it('treats missing stored filters as the defaults (home prefetch of page 1)', () => {
      writeShopProducts(pageFor(DEFAULT_SHOP_FILTERS));
      expect(cachedProductsFor({ ...DEFAULT_SHOP_FILTERS })).not.toBeNull();
      expect(cachedProductsFor(soap)).toBeNull();
    });

    it('expires with its page', () => {
      writeShopFilters(soap);
      writeShopProducts(pageFor(soap));
      vi.setSystemTime(T0 + SHOP_CACHE_TTL_MS + 1);
      expect(cachedProductsFor(soap)).toBeNull();
    });

    it('returns nothing without a cache', () => {
      expect(cachedProductsFor(DEFAULT_SHOP_FILTERS)).toBeNull();
    });
  });

  describe('delayed writes', () => {
    it('writes 300 ms later, not before; a page is dated when it was fetched', () => {
      scheduleCacheWrite({ filters: soap, products: fetched(soap) });
      vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS - 1);
      expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
      expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
      vi.advanceTimersByTime(1);
      expect(stored(FILTERS_KEY)).toEqual({ ...soap, timestamp: T0 + SHOP_CACHE_WRITE_DELAY_MS });
      expect(stored(PRODUCTS_KEY).timestamp).toBe(T0);
      expect(hasPendingCacheWrite()).toBe(false);
    });

    it('coalesces a burst into one write where the last value of each cache wins', () => {
      const setItem = vi.spyOn(Storage.prototype, 'setItem');
      scheduleCacheWrite({ filters: { ...soap, searchTerm: 's' } });
      vi.advanceTimersByTime(100);
      scheduleCacheWrite({ products: fetched(soap) });
      vi.advanceTimersByTime(100);
      scheduleCacheWrite({ filters: { ...soap, searchTerm: 'so' } });
      vi.advanceTimersByTime(100);
      scheduleCacheWrite({ filters: soap });
      vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS - 1);
      expect(setItem).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(setItem).toHaveBeenCalledTimes(2);
      expect(stored(FILTERS_KEY).searchTerm).toBe('soap');
      expect(stored(PRODUCTS_KEY).totalProducts).toBe(42);
    });

    it('can be flushed at once or cancelled', () => {
      scheduleCacheWrite({ filters: soap });
      flushShopCacheWrites();
      expect(stored(FILTERS_KEY).searchTerm).toBe('soap');

      scheduleCacheWrite({ filters: { ...soap, searchTerm: 'never' } });
      cancelShopCacheWrites();
      vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
      expect(stored(FILTERS_KEY).searchTerm).toBe('soap');
    });
  });

  describe('robustness', () => {
    it('ignores and removes corrupt JSON', () => {
      localStorage.setItem(FILTERS_KEY, '{not json');
      localStorage.setItem(PRODUCTS_KEY, 'undefined');
      expect(readShopFilters()).toBeNull();
      expect(readShopProducts()).toBeNull();
      expect(cachedProductsFor(DEFAULT_SHOP_FILTERS)).toBeNull();
      expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
      expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
    });

    it('ignores entries of the wrong shape', () => {
      const good = { ...pageFor(soap), timestamp: T0 };
      for (const bad of [
        null,
        42,
        [],
        { ...good, timestamp: undefined },
        { ...good, timestamp: 'now' },
        { ...good, products: 'many' },
        { ...good, products: [{ id: '7' }] },
        { ...good, products: [{ ...good.products[0], condition: 'used' }] },
        { ...good, totalProducts: -1 },
        { ...good, nextPageUrl: 3 },
        { ...good, currentPage: 0 },
        { ...good, appliedFilters: { ...soap, currentPage: '2' } },
        { ...good, appliedFilters: undefined },
        { ...good, businessNames: [] },
      ]) {
        localStorage.setItem(PRODUCTS_KEY, JSON.stringify(bad));
        expect(readShopProducts(), JSON.stringify(bad)).toBeNull();
      }
      localStorage.setItem(
        FILTERS_KEY,
        JSON.stringify({ ...soap, searchTerm: null, timestamp: T0 }),
      );
      expect(readShopFilters()).toBeNull();
    });

    it('keeps only the names of a business map, and a missing image as null', () => {
      const page = pageFor(soap);
      localStorage.setItem(
        PRODUCTS_KEY,
        JSON.stringify({
          ...page,
          products: [{ ...page.products[0], primary_image: undefined }],
          businessNames: { '3': 'Tidewater Soap Co.', '4': 17 },
          timestamp: T0,
        }),
      );
      const cache = readShopProducts();
      expect(cache?.businessNames).toEqual({ '3': 'Tidewater Soap Co.' });
      expect(cache?.products[0]?.primary_image).toBeNull();
    });

    it('never throws when storage is full or disabled, and leaves no stale entry', () => {
      writeShopProducts(pageFor(DEFAULT_SHOP_FILTERS));
      const quota = new DOMException('full', 'QuotaExceededError');
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw quota;
      });
      expect(() => writeShopProducts(pageFor(soap))).not.toThrow();
      expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
      expect(() => {
        scheduleCacheWrite({ filters: soap, products: fetched(soap) });
        vi.advanceTimersByTime(SHOP_CACHE_WRITE_DELAY_MS);
      }).not.toThrow();

      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      expect(readShopFilters()).toBeNull();
      expect(cachedProductsFor(soap)).toBeNull();
      expect(() => clearShopFilters()).not.toThrow();
    });

    it('does not store malformed filters passed in', () => {
      writeShopFilters({ ...soap, currentPage: 0 });
      expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
    });

    it('knows when an entry is fresh', () => {
      expect(isFresh(T0, T0)).toBe(true);
      expect(isFresh(T0, T0 + SHOP_CACHE_TTL_MS - 1)).toBe(true);
      expect(isFresh(T0, T0 + SHOP_CACHE_TTL_MS)).toBe(false);
      expect(isFresh(T0 + 1, T0)).toBe(false);
      expect(isFresh(Number.NaN, T0)).toBe(false);
    });
  });
});

describe('toProductCard', () => {
  it('maps a cached product and its business name to card props', () => {
    const product = pageFor(soap).products[0]!;
    expect(toProductCard(product, { '3': 'Tidewater Soap Co.' })).toEqual({
      id: 7,
      name: 'Shampoo Bar',
      price: '15.00',
      primaryImage: '/media/products/a.webp',
      businessId: 3,
      businessName: 'Tidewater Soap Co.',
      condition: 'new',
      // A page cached before stock and ratings existed: nothing said of them.
      soldOut: false,
      ratingAverage: null,
      ratingCount: 0,
    });
    expect(toProductCard(product).businessName).toBeUndefined();
  });
});
