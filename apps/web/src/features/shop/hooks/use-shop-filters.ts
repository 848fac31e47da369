import { CATEGORY_OPTIONS, SORT_OPTIONS } from '@leafline/contract/constants';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import {
  type SetURLSearchParams,
  useLocation,
  useNavigationType,
  useSearchParams,
} from 'react-router';
import { hasFilterParams } from '@/lib/shop-address';
import {
  clearShopFilters,
  DEFAULT_SHOP_FILTERS,
  flushShopCacheWrites,
  readShopFilters,
  refinementsOf,
  type ShopFilters,
  type ShopRefinements,
  sameFilters,
  scheduleCacheWrite,
  withRefinements,
} from '@/lib/shop-cache';
import { canonicalBrands, canonicalPrice } from '../lib/refinements';
import { useDebouncedValue } from './use-debounced-value';

export const FAVORITES_CATEGORY = 'weekly_favorites';

export const CATEGORY_VALUES = new Set<string>(CATEGORY_OPTIONS.map((o) => o.value));
const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));

/** A yes/no filter of the address: 'true' (or '1', as the API reads it) turns it on. */
const flag = (value: string | null) => value === 'true' || value === '1';

/** The filters an address says; what it leaves out is off (a value it cannot hold, too). */
export function filtersFromParams(params: URLSearchParams): ShopFilters {
  const category = params.get('category') ?? '';
  const filter = params.get('filter') ?? '';
  const page = Number(params.get('page') ?? '1');
  return withRefinements(
    {
      searchTerm: (params.get('search') ?? '').trim(),
      selectedCategory: CATEGORY_VALUES.has(category) ? category : '',
      selectedFilter: SORT_VALUES.has(filter) ? filter : '',
      currentPage: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    },
    {
      secondHand: flag(params.get('second_hand')),
      inStock: flag(params.get('in_stock')),
      verified: flag(params.get('verified')),
      minPrice: canonicalPrice(params.get('min_price')),
      maxPrice: canonicalPrice(params.get('max_price')),
      freeShippingAt: canonicalPrice(params.get('free_shipping_at')),
      brands: canonicalBrands(params.get('brands')),
      shipsFree: flag(params.get('ships_free')),
    },
  );
}

/** Filters from the address (a shared link wins), else the saved ones, else the defaults. */
export function initialShopFilters(params: URLSearchParams): ShopFilters {
  if (hasFilterParams(params)) return filtersFromParams(params);
  const stored = readShopFilters();
  if (!stored) return { ...DEFAULT_SHOP_FILTERS };
  const { timestamp: _, ...filters } = stored;
  return withRefinements(filters);
}

export function filtersToParams(filters: ShopFilters): URLSearchParams {
  const r = refinementsOf(filters);
  const params = new URLSearchParams();
  if (filters.searchTerm) params.set('search', filters.searchTerm);
  if (filters.selectedCategory) params.set('category', filters.selectedCategory);
  if (filters.selectedFilter) params.set('filter', filters.selectedFilter);
  if (r.secondHand) params.set('second_hand', 'true');
  if (r.inStock) params.set('in_stock', 'true');
  if (r.verified) params.set('verified', 'true');
  if (r.minPrice) params.set('min_price', r.minPrice);
  if (r.maxPrice) params.set('max_price', r.maxPrice);
  if (r.freeShippingAt) params.set('free_shipping_at', r.freeShippingAt);
  if (r.brands) params.set('brands', r.brands);
  if (r.shipsFree) params.set('ships_free', 'true');
  if (filters.currentPage > 1) params.set('page', String(filters.currentPage));
  return params;
}

type HistoryMode = 'push' | 'replace';

/** What the shop's callbacks read and write between renders. */
interface FilterRefs {
  /** The filters as last set (read by the callbacks without waiting for a render). */
  current: RefObject<ShopFilters>;
  /** The latest setter: React Router makes a new one whenever the address changes. */
  writeParams: RefObject<SetURLSearchParams>;
  /** Whether the last change was a typed search: the next one then replaces its entry. */
  typing: RefObject<boolean>;
  /** Whether "Ships free with your cart" was ticked here, so it asks at the cart's amount. */
  followCart: RefObject<boolean>;
  /**
   * Set when the shopper leaves for another page: a typed search still waiting must not
   * write the shop's address over the page being opened (its navigation can still be on its
   * way while this page shows).
   */
  leaving: RefObject<boolean>;
}

/** The filters, and how a change is written to them and to the address. */
function useFilterState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<ShopFilters>(() => initialShopFilters(searchParams));
  const current = useRef(filters);
  const writeParams = useRef(setSearchParams);
  useEffect(() => {
    writeParams.current = setSearchParams;
  }, [setSearchParams]);
  const typing = useRef(false);
  const followCart = useRef(false);
  const leaving = useRef(false);

  const commit = useCallback((next: ShopFilters, mode: HistoryMode) => {
    if (leaving.current || sameFilters(next, current.current)) return;
    current.current = next;
    setFilters(next);
    writeParams.current(filtersToParams(next), { replace: mode === 'replace' });
  }, []);

  /** A choice of the shopper's: a new history entry, from page 1 unless `make` says. */
  const choose = useCallback(
    (make: (f: ShopFilters) => ShopFilters) => {
      typing.current = false;
      commit(make(current.current), 'push');
    },
    [commit],
  );

  const refs: FilterRefs = { current, writeParams, typing, followCart, leaving };
  return { filters, setFilters, refs, commit, choose };
}

/**
 * The address is followed: Back and Forward, a shared link opened in this tab, and links to
 * the bare /shop. An address without filters after Back or Forward is the defaults; at the
 * first visit, or from a link, it keeps the filters the page has (the saved ones).
 */
function useFollowAddress(
  { current, writeParams, typing, followCart, leaving }: FilterRefs,
  setFilters: (filters: ShopFilters) => void,
  setSearchInput: (text: string) => void,
) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const seenSearch = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const before = seenSearch.current;
    seenSearch.current = location.search;
    leaving.current = false;
    const mine = current.current;
    let next: ShopFilters = mine;
    if (hasFilterParams(params)) next = filtersFromParams(params);
    else if (navigationType === 'POP' && before !== null && before !== location.search)
      next = { ...DEFAULT_SHOP_FILTERS };
    if (!sameFilters(next, mine)) {
      current.current = next;
      setFilters(next);
      setSearchInput(next.searchTerm);
      typing.current = false;
      followCart.current = false;
    }
    // The address in its one written form (the saved filters, an unknown value dropped).
    const canonical = filtersToParams(next);
    if (canonical.toString() !== params.toString())
      writeParams.current(canonical, { replace: true });
  }, [
    location.search,
    navigationType,
    current,
    writeParams,
    typing,
    followCart,
    leaving,
    setFilters,
    setSearchInput,
  ]);
}

/**
 * "Ships free with your cart" follows the cart: once ticked here, and whenever the cart changes
 * while it is on (replacing the entry: the shopper chose nothing new). A shared address
 * keeps its amount until then.
 */
function useFreeShippingFollowsCart(
  cartAmount: string | undefined,
  { current, followCart }: FilterRefs,
  commit: (next: ShopFilters, mode: HistoryMode) => void,
) {
  const lastCartAmount = useRef(cartAmount);
  useEffect(() => {
    const previous = lastCartAmount.current;
    lastCartAmount.current = cartAmount;
    const f = current.current;
    if (cartAmount === undefined || !f.freeShippingAt || f.freeShippingAt === cartAmount) return;
    if (followCart.current || (previous !== undefined && previous !== cartAmount)) {
      commit({ ...withRefinements(f, { freeShippingAt: cartAmount }), currentPage: 1 }, 'replace');
    }
  }, [cartAmount, commit, current, followCart]);
}

/**
 * The filters are saved (300 ms later) to shop_filters_cache, the defaults not at all; the
 * waiting writes are not lost when the shopper leaves the page or the tab.
 */
function useSavedFilters(filters: ShopFilters) {
  useEffect(() => {
    if (sameFilters(filters, DEFAULT_SHOP_FILTERS)) clearShopFilters();
    else scheduleCacheWrite({ filters });
  }, [filters]);

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
}

/**
 * The shop's state (SPEC §4 Shop): typed text searches after a 500 ms pause, submitting
 * searches at once; every new search, category, filter or refinement starts at page 1.
 *
 * The address holds the filters, so a link can be shared and the browser's Back and Forward
 * buttons step through them: each choice (and each page turn) is a new history entry, while
 * the searches of one bout of typing share one entry. The filters are saved (300 ms later)
 * to shop_filters_cache; the defaults are not saved (Clear All removes them).
 *
 * `cartAmount` is the shopper's cart subtotal as the address writes dollars (undefined while
 * it loads): "Ships free with your cart" asks at that amount, taken when it is ticked and followed
 * while the cart changes.
 */
export function useShopFilters(cartAmount?: string) {
  const { filters, setFilters, refs, commit, choose } = useFilterState();
  const { current, typing, followCart, leaving } = refs;
  const [searchInput, setSearchInput] = useState(filters.searchTerm);
  const debouncedInput = useDebouncedValue(searchInput);

  const applySearch = useCallback(
    (text: string, typed: boolean) => {
      const f = current.current;
      const searchTerm = text.trim();
      if (f.searchTerm !== searchTerm) {
        const next = {
          ...f,
          searchTerm,
          // The favorites are a fixed list: a search looks through everything.
          selectedCategory:
            searchTerm && f.selectedCategory === FAVORITES_CATEGORY ? '' : f.selectedCategory,
          currentPage: 1,
        };
        commit(next, typing.current ? 'replace' : 'push');
        typing.current = typed;
      } else if (!typed) typing.current = false;
    },
    [commit, current, typing],
  );

  useEffect(() => applySearch(debouncedInput, true), [debouncedInput, applySearch]);
  useFollowAddress(refs, setFilters, setSearchInput);
  useFreeShippingFollowsCart(cartAmount, refs, commit);
  useSavedFilters(filters);

  return {
    filters,
    searchInput,
    setSearchInput,
    /** The search form was submitted: search now, from page 1. */
    submitSearch: () => applySearch(searchInput, false),
    /** Searches for `text` at once, as if typed and submitted (a suggestion without a page). */
    searchFor: (text: string) => {
      setSearchInput(text);
      typing.current = false;
      applySearch(text, false);
    },
    setCategory: (selectedCategory: string) =>
      choose((f) => ({ ...f, selectedCategory, currentPage: 1 })),
    /** A category picked from the suggestions: that category, with no search terms. */
    pickCategory: (selectedCategory: string) => {
      setSearchInput('');
      choose((f) => ({ ...f, searchTerm: '', selectedCategory, currentPage: 1 }));
    },
    setSort: (selectedFilter: string) => choose((f) => ({ ...f, selectedFilter, currentPage: 1 })),
    /** Second-hand, verified brands, the price range, the brands, ships free to me. */
    setRefinements: (changes: Partial<Omit<ShopRefinements, 'freeShippingAt'>>) =>
      choose((f) => ({ ...withRefinements(f, changes), currentPage: 1 })),
    /** "Ships free with your cart": at the cart's amount ('0' with no cart or while it loads). */
    setFreeShipping: (on: boolean) => {
      followCart.current = on;
      const freeShippingAt = on ? (cartAmount ?? '0') : '';
      choose((f) => ({ ...withRefinements(f, { freeShippingAt }), currentPage: 1 }));
    },
    /** A page turn is an entry of its own; `replace` for a correction (past the end). */
    setPage: (currentPage: number, { replace = false }: { replace?: boolean } = {}) => {
      typing.current = false;
      commit({ ...current.current, currentPage }, replace ? 'replace' : 'push');
    },
    /** The shopper is off to another page (a suggestion): what is still waiting is dropped. */
    leave: () => {
      leaving.current = true;
    },
    clearAll: () => {
      setSearchInput('');
      followCart.current = false;
      choose(() => ({ ...DEFAULT_SHOP_FILTERS }));
      clearShopFilters();
    },
  };
}
