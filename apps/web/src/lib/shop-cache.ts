import type { ProductCondition } from '@leafline/contract/constants';
import {
  PRODUCT_CONDITIONS,
  SHOP_CACHE_TTL_MS,
  SHOP_CACHE_WRITE_DELAY_MS,
} from '@leafline/contract/constants';
import { readStorage, removeStorage, STORAGE_KEYS, type StorageKey } from '@/lib/storage';

/**
 * A product as a search page lists it and the shop cache keeps it (SPEC §3: id, name,
 * price, business, condition, primary_image). Prices are decimal strings ("15.00").
 */
export interface ProductSummary {
  id: number;
  name: string;
  price: string;
  business: number;
  condition: ProductCondition;
  primary_image: string | null;
  /** What can be bought (issue 26): null not counted; absent in pages cached before. */
  stock?: number | null;
  sold_out?: boolean;
  /** Its buyers' average and how many rated it (issue 27); absent in pages cached before. */
  rating_average?: number | null;
  rating_count?: number;
}

/** Business id → name, as the shop cache keeps it (JSON object keys are strings). */
export type BusinessNames = Record<string, string>;

/**
 * The shop's two local-storage caches (SPEC §3, §4, §9): the shopper's filters, and the
 * last page of products with the filters it was fetched for. The filters expire 20 minutes
 * after they were written, the page 20 minutes after it was fetched. Nothing here throws:
 * storage that is full, disabled or holds something unreadable just means "no cache".
 *
 * The page is kept by React Query's persister (`query-persist.ts`, decision 0033): it hands
 * each newly fetched page to `scheduleCacheWrite` and restores the saved one into the query
 * cache at start-up. This module is the storage format of both entries and their writes.
 */

/**
 * How long a cached page is shown without asking the server again: its whole life (SPEC §9,
 * 20 minutes), so a reload within 20 minutes shows the cached page with no request. After
 * that the cache is ignored and the page is fetched afresh.
 */
export const SHOP_CACHE_REVALIDATE_MS = SHOP_CACHE_TTL_MS;

/**
 * The shop's filters beside category and sort (issue 15), as the address writes them:
 * `second_hand=true`, `in_stock=true`, `verified=true`, `min_price`, `max_price` and `free_shipping_at` (the
 * shopper's cart amount), prices in dollars ('25', '49.99'); '' for none; and (issue 30)
 * `brands=3,7` and `ships_free=true`.
 */
export interface ShopRefinements {
  secondHand: boolean;
  /** Products that can be bought now only (`in_stock=true`; issue 26). */
  inStock: boolean;
  verified: boolean;
  minPrice: string;
  maxPrice: string;
  /** The cart amount "Ships free with your cart" was asked at; '' when that filter is off. */
  freeShippingAt: string;
  /** The chosen brands' ids, ascending, comma-separated ('3,7'); '' for any brand. */
  brands: string;
  /** "Ships free to me": products a cart of which alone ships free to the shopper's country. */
  shipsFree: boolean;
}

export const NO_REFINEMENTS: Readonly<ShopRefinements> = Object.freeze({
  secondHand: false,
  inStock: false,
  verified: false,
  minPrice: '',
  maxPrice: '',
  freeShippingAt: '',
  brands: '',
  shipsFree: false,
});

/**
 * What the shopper chose on the shop page. A refinement that is off is left out (the
 * canonical form, see `withRefinements`), so filters without any are the SPEC §3 shape, and
 * filters saved before the refinements existed read as they were.
 */
export interface ShopFilters extends Partial<ShopRefinements> {
  searchTerm: string;
  /** The price sort (SORT_OPTIONS value; '' for No Filter). */
  selectedFilter: string;
  /** The category (CATEGORY_OPTIONS value; '' for All Products). */
  selectedCategory: string;
  currentPage: number;
}

/** Clear All's state, and what missing stored filters stand for. */
export const DEFAULT_SHOP_FILTERS: Readonly<ShopFilters> = Object.freeze({
  searchTerm: '',
  selectedFilter: '',
  selectedCategory: '',
  currentPage: 1,
});

const REFINEMENT_KEYS = Object.keys(NO_REFINEMENTS) as (keyof ShopRefinements)[];

/** Every refinement of the filters, the ones left out as off. */
export function refinementsOf(filters: ShopFilters): ShopRefinements {
  const refinements = { ...NO_REFINEMENTS };
  for (const key of REFINEMENT_KEYS)
    if (filters[key]) Object.assign(refinements, { [key]: filters[key] });
  return refinements;
}

/** Whether any refinement is on. */
export function hasRefinements(filters: ShopFilters): boolean {
  return REFINEMENT_KEYS.some((key) => filters[key]);
}

/** The filters with `changes` made, in the canonical form: refinements that are off left out. */
export function withRefinements(
  filters: ShopFilters,
  changes: Partial<ShopRefinements> = {},
): ShopFilters {
  const { searchTerm, selectedFilter, selectedCategory, currentPage } = filters;
  const next: ShopFilters = { searchTerm, selectedFilter, selectedCategory, currentPage };
  for (const key of REFINEMENT_KEYS) {
    const value = key in changes ? changes[key] : filters[key];
    if (value) Object.assign(next, { [key]: value });
  }
  return next;
}

/** A price as the shop's address writes it: dollars, '25' or '49.99' (the contract's form). */
export const PRICE_PARAM = /^\d{1,7}(?:\.\d{1,2})?$/;
/** Brand ids as the shop's address writes them: '3' or '3,7'. */
export const BRANDS_PARAM = /^\d{1,9}(?:,\d{1,9})*$/;

export interface ShopFiltersCache extends ShopFilters {
  /** Epoch milliseconds of the write. */
  timestamp: number;
}

/** One fetched page of the shop, as the cache keeps it. */
export interface ShopProductsPage {
  products: ProductSummary[];
  businessNames: BusinessNames;
  totalProducts: number;
  nextPageUrl: string | null;
  prevPageUrl: string | null;
  currentPage: number;
  /** The filters the page was fetched with. */
  appliedFilters: ShopFilters;
}

export interface ShopProductsCache extends ShopProductsPage {
  timestamp: number;
}

// ——— reading and checking ———

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPage = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;
const isUrlOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** A refinement as saved: absent, or a flag, brand ids or a price ('' for none). */
const isRefinement = (key: keyof ShopRefinements, value: unknown) =>
  value === undefined ||
  (typeof NO_REFINEMENTS[key] === 'boolean'
    ? typeof value === 'boolean'
    : typeof value === 'string' &&
      (value === '' || (key === 'brands' ? BRANDS_PARAM : PRICE_PARAM).test(value)));

function toFilters(value: unknown): ShopFilters | null {
  if (!isObject(value)) return null;
  const { searchTerm, selectedFilter, selectedCategory, currentPage } = value;
  if (
    typeof searchTerm !== 'string' ||
    typeof selectedFilter !== 'string' ||
    typeof selectedCategory !== 'string' ||
    !isPage(currentPage) ||
    // Refinements are optional: filters saved before they existed have none.
    !REFINEMENT_KEYS.every((key) => isRefinement(key, value[key]))
  )
    return null;
  return withRefinements(value as unknown as ShopFilters);
}

function toProduct(value: unknown): ProductSummary | null {
  if (!isObject(value)) return null;
  const {
    id,
    name,
    price,
    business,
    condition,
    primary_image,
    stock,
    sold_out,
    rating_average,
    rating_count,
  } = value;
  if (
    typeof id !== 'number' ||
    typeof name !== 'string' ||
    typeof price !== 'string' ||
    typeof business !== 'number' ||
    !(PRODUCT_CONDITIONS as readonly unknown[]).includes(condition) ||
    !(primary_image === undefined || isUrlOrNull(primary_image))
  )
    return null;
  return {
    id,
    name,
    price,
    business,
    condition: condition as ProductSummary['condition'],
    primary_image: primary_image ?? null,
    // Stock is a hint on a card (the product page reads it afresh): kept when readable.
    ...(typeof stock === 'number' || stock === null ? { stock } : {}),
    ...(typeof sold_out === 'boolean' ? { sold_out } : {}),
    ...(typeof rating_average === 'number' || rating_average === null ? { rating_average } : {}),
    ...(typeof rating_count === 'number' ? { rating_count } : {}),
  };
}

function toBusinessNames(value: unknown): BusinessNames | null {
  if (!isObject(value)) return null;
  const names: BusinessNames = {};
  for (const [id, name] of Object.entries(value)) if (typeof name === 'string') names[id] = name;
  return names;
}

function toProductsPage(value: unknown): ShopProductsPage | null {
  if (!isObject(value) || !Array.isArray(value.products)) return null;
  const products = value.products.map(toProduct);
  if (products.some((p) => p === null)) return null;
  const businessNames = toBusinessNames(value.businessNames);
  const appliedFilters = toFilters(value.appliedFilters);
  const { totalProducts, nextPageUrl, prevPageUrl, currentPage } = value;
  if (
    !businessNames ||
    !appliedFilters ||
    typeof totalProducts !== 'number' ||
    !Number.isInteger(totalProducts) ||
    totalProducts < 0 ||
    !isUrlOrNull(nextPageUrl) ||
    !isUrlOrNull(prevPageUrl) ||
    !isPage(currentPage)
  )
    return null;
  return {
    products: products as ProductSummary[],
    businessNames,
    totalProducts,
    nextPageUrl,
    prevPageUrl,
    currentPage,
    appliedFilters,
  };
}

/** Whether a cache written at `timestamp` is still good at `now` (less than 20 min old). */
export function isFresh(timestamp: number, now: number = Date.now()): boolean {
  const age = now - timestamp;
  return Number.isFinite(age) && age >= 0 && age < SHOP_CACHE_TTL_MS;
}

/**
 * Reads one cache entry: unreadable, malformed or expired entries are removed, so they are
 * not parsed again and again.
 */
function readEntry<T>(
  key: StorageKey,
  parse: (value: unknown) => T | null,
  now: number,
): (T & { timestamp: number }) | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = parse(value);
  const timestamp = isObject(value) ? value.timestamp : undefined;
  if (parsed === null || typeof timestamp !== 'number' || !isFresh(timestamp, now)) {
    removeStorage(key);
    return null;
  }
  return { ...parsed, timestamp };
}

/** Stores one entry; when it cannot be stored (quota), no stale entry is left behind. */
function writeEntry(key: StorageKey, value: object, now: number): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ ...value, timestamp: now }));
  } catch {
    removeStorage(key);
  }
}

// ——— the filters ———

export function readShopFilters(now: number = Date.now()): ShopFiltersCache | null {
  return readEntry(STORAGE_KEYS.shopFiltersCache, toFilters, now);
}

export function writeShopFilters(filters: ShopFilters, now: number = Date.now()): void {
  const clean = toFilters(filters);
  if (clean) writeEntry(STORAGE_KEYS.shopFiltersCache, clean, now);
}

/** Clear All (SPEC §4): forgets the saved filters, including a write still waiting. */
export function clearShopFilters(): void {
  pending.filters = undefined;
  if (!pending.products) cancelShopCacheWrites();
  removeStorage(STORAGE_KEYS.shopFiltersCache);
}

// ——— the products ———

export function readShopProducts(now: number = Date.now()): ShopProductsCache | null {
  return readEntry(STORAGE_KEYS.shopProductsCache, toProductsPage, now);
}

/** Saves a page stamped with `fetchedAt`, the time it was fetched (its age counts from then). */
export function writeShopProducts(page: ShopProductsPage, fetchedAt: number = Date.now()): void {
  const clean = toProductsPage(page);
  if (clean) writeEntry(STORAGE_KEYS.shopProductsCache, clean, fetchedAt);
}

/**
 * The catalogue changed in this browser (a seller added, edited or deleted a product): the
 * cached page, and one still waiting to be written, would show the product as it was.
 */
export function clearShopProducts(): void {
  pending.products = undefined;
  if (!pending.filters) cancelShopCacheWrites();
  removeStorage(STORAGE_KEYS.shopProductsCache);
}

export function sameFilters(a: ShopFilters, b: ShopFilters): boolean {
  return (
    a.searchTerm === b.searchTerm &&
    a.selectedFilter === b.selectedFilter &&
    a.selectedCategory === b.selectedCategory &&
    a.currentPage === b.currentPage &&
    REFINEMENT_KEYS.every((key) => (a[key] || '') === (b[key] || ''))
  );
}

/**
 * The cached page for these filters, or null (SPEC §4): used only when the stored filters
 * equal the cache's applied filters, and those equal the filters asked for. Missing stored
 * filters stand for the defaults, so the home page's prefetch of the first page (empty
 * terms) serves a shopper who arrives with no filters saved.
 */
export function cachedProductsFor(
  filters: ShopFilters,
  now: number = Date.now(),
): ShopProductsCache | null {
  const products = readShopProducts(now);
  if (!products) return null;
  const stored = readShopFilters(now) ?? DEFAULT_SHOP_FILTERS;
  if (!sameFilters(stored, products.appliedFilters)) return null;
  if (!sameFilters(products.appliedFilters, filters)) return null;
  return products;
}

// ——— delayed writes ———

interface PendingWrite {
  filters?: ShopFilters | undefined;
  /** A fetched page with the time it was fetched. */
  products?: ShopProductsCache | undefined;
}

let pending: PendingWrite = {};
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Saves the filters and/or the page 300 ms later (SPEC §9). Calls within that time are
 * coalesced: each restarts the wait, and the last value of each cache wins.
 */
export function scheduleCacheWrite(write: PendingWrite): void {
  if (write.filters) pending.filters = write.filters;
  if (write.products) pending.products = write.products;
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(flushShopCacheWrites, SHOP_CACHE_WRITE_DELAY_MS);
}

/** Writes what is waiting now (e.g. when the shop page unmounts or the tab is hidden). */
export function flushShopCacheWrites(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const { filters, products } = pending;
  pending = {};
  const now = Date.now();
  if (filters) writeShopFilters(filters, now);
  if (products) writeShopProducts(products, products.timestamp);
}

/** Drops what is waiting, unwritten. */
export function cancelShopCacheWrites(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  pending = {};
}

/** Whether a delayed write is waiting (for tests and for flushing on page hide). */
export function hasPendingCacheWrite(): boolean {
  return timer !== undefined;
}
