import { CATEGORY_OPTIONS, SORT_OPTIONS } from '@leafline/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearShopFilters,
  DEFAULT_SHOP_FILTERS,
  flushShopCacheWrites,
  readShopFilters,
  type ShopFilters,
  sameFilters,
  scheduleCacheWrite,
} from '@/lib/shop-cache';
import { useDebouncedValue } from './use-debounced-value';

export const FAVORITES_CATEGORY = 'weekly_favorites';

const CATEGORY_VALUES = new Set<string>(CATEGORY_OPTIONS.map((o) => o.value));
const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));
const URL_KEYS = ['search', 'category', 'filter', 'page'] as const;

/** Filters from the address (a shared link wins), else the saved ones, else the defaults. */
export function initialShopFilters(params: URLSearchParams): ShopFilters {
  if (URL_KEYS.some((key) => params.has(key))) {
    const category = params.get('category') ?? '';
    const filter = params.get('filter') ?? '';
    const page = Number(params.get('page') ?? '1');
    return {
      searchTerm: (params.get('search') ?? '').trim(),
      selectedCategory: CATEGORY_VALUES.has(category) ? category : '',
      selectedFilter: SORT_VALUES.has(filter) ? filter : '',
      currentPage: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    };
  }
  const stored = readShopFilters();
  if (!stored) return { ...DEFAULT_SHOP_FILTERS };
  const { searchTerm, selectedCategory, selectedFilter, currentPage } = stored;
  return { searchTerm, selectedCategory, selectedFilter, currentPage };
}

export function filtersToParams(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.searchTerm) params.set('search', filters.searchTerm);
  if (filters.selectedCategory) params.set('category', filters.selectedCategory);
  if (filters.selectedFilter) params.set('filter', filters.selectedFilter);
  if (filters.currentPage > 1) params.set('page', String(filters.currentPage));
  return params;
}

/**
 * The shop's state (SPEC §4 Shop): typed text searches after a 500 ms pause, submitting
 * searches at once; every new search, category or filter starts at page 1. The filters
 * are kept in the address and saved (300 ms later) to shop_filters_cache; the defaults are
 * not saved (Clear All removes them).
 */
export function useShopFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<ShopFilters>(() => initialShopFilters(searchParams));
  const [searchInput, setSearchInput] = useState(filters.searchTerm);
  const debouncedInput = useDebouncedValue(searchInput);

  const applySearch = useCallback((text: string) => {
    const searchTerm = text.trim();
    setFilters((f) =>
      f.searchTerm === searchTerm
        ? f
        : {
            ...f,
            searchTerm,
            // The favorites are a fixed list: a search looks through everything.
            selectedCategory:
              searchTerm && f.selectedCategory === FAVORITES_CATEGORY ? '' : f.selectedCategory,
            currentPage: 1,
          },
    );
  }, []);

  useEffect(() => applySearch(debouncedInput), [debouncedInput, applySearch]);

  const urlParams = searchParams.toString();
  useEffect(() => {
    if (sameFilters(filters, DEFAULT_SHOP_FILTERS)) clearShopFilters();
    else scheduleCacheWrite({ filters });
    const next = filtersToParams(filters).toString();
    if (next !== urlParams) setSearchParams(new URLSearchParams(next), { replace: true });
  }, [filters, urlParams, setSearchParams]);

  // Waiting writes are not lost when the shopper leaves the page or the tab.
  useEffect(() => {
    const onHide = () => flushShopCacheWrites();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushShopCacheWrites();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flushShopCacheWrites();
    };
  }, []);

  return {
    filters,
    searchInput,
    setSearchInput,
    /** The search form was submitted: search now, from page 1. */
    submitSearch: () => applySearch(searchInput),
    setCategory: (selectedCategory: string) =>
      setFilters((f) => ({ ...f, selectedCategory, currentPage: 1 })),
    setSort: (selectedFilter: string) =>
      setFilters((f) => ({ ...f, selectedFilter, currentPage: 1 })),
    setPage: (currentPage: number) => setFilters((f) => ({ ...f, currentPage })),
    clearAll: () => {
      setSearchInput('');
      setFilters({ ...DEFAULT_SHOP_FILTERS });
      clearShopFilters();
    },
  };
}
