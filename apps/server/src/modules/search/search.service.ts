import { CURATED_LISTS, PRODUCT_CATEGORIES, SEARCH_PAGE_SIZE } from '@leafline/contract';
import {
  CATEGORY_ALIASES,
  type ProductPage,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PRICE_RANGES,
  type SearchFacets,
  type SearchQuery,
  type SearchSuggestion,
} from '@leafline/contract/catalog';
import {
  assertPageExists,
  type CatalogDeps,
  curatedProducts,
  pageLinks,
  toSummary,
} from '../catalog';
import type { FacetCounts, SearchRefinements } from './search-criteria';
import { firstAnswer, type SearchPort, type SearchRequest } from './search-port';

/**
 * Shop search (SPEC §2 Shop, §4, §9; DESIGN 2.11; issue 15, decision 0023), asked of the
 * search port's adapters in turn (decision 0031).
 */

export interface SearchDeps extends CatalogDeps {
  /**
   * The search's adapters, asked in this order (search-port.ts): this instance's in-memory
   * engine, then the SQL search, which answers while the engine's index is still loading.
   */
  search: readonly SearchPort[];
}

/** Words used for typo correction: enough for any real query, bounded against abuse. */
const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 40;

export function termWords(terms: string): string[] {
  const words = terms.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(''));
}

/**
 * The search's refinements; `country` is the shopper's (the route's `countryFor`): what
 * "Ships free to me" and its count are for.
 */
export function refinementsOf(query: SearchQuery, country: string): SearchRefinements {
  let min = query.min_price ?? null;
  let max = query.max_price ?? null;
  // A range typed the wrong way round means the same range.
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return {
    secondHand: query.second_hand,
    verified: query.verified,
    minPriceCents: min,
    maxPriceCents: max,
    freeShippingAtCents: query.free_shipping_at ?? null,
    inStock: query.in_stock,
    brandIds: query.brands,
    country,
    shipsFree: query.ships_free,
    soldOut: false,
  };
}

function productCategoryOf(query: SearchQuery): string | null {
  return query.category === '' ? null : (CATEGORY_ALIASES[query.category] ?? query.category);
}

/** The search a query asks, as the adapters take it. */
function requestOf(query: SearchQuery, words: string[], country: string): SearchRequest {
  return {
    terms: query.search,
    words,
    productCategory: productCategoryOf(query),
    sort: query.filter,
    refinements: refinementsOf(query, country),
  };
}

export async function search(
  deps: SearchDeps,
  query: SearchQuery,
  requestUrl: string,
  country: string,
): Promise<ProductPage> {
  const page = query.page ?? 1;
  const pageSize = Math.min(query.page_size ?? SEARCH_PAGE_SIZE, SEARCH_MAX_PAGE_SIZE);
  const respond = (results: ProductPage['results'], total: number): ProductPage => {
    assertPageExists(page, pageSize, total);
    return {
      results,
      count: total,
      ...pageLinks(deps.publicUrl, requestUrl, page, pageSize, total),
    };
  };

  if (query.category === 'weekly_favorites') {
    // The 'Current Favorites' category is the curated list itself (SPEC §4), in its order,
    // with the shop's filters applied to it.
    const refinements = refinementsOf(query, country);
    let favorites = await curatedProducts(deps, CURATED_LISTS.currentFavorites);
    const kept = await firstAnswer(deps.search, (port) =>
      port.filterList(
        favorites.map((p) => p.id),
        refinements,
      ),
    );
    if (kept) favorites = favorites.filter((p) => kept.has(p.id));
    if (query.filter) {
      const sign = query.filter === 'price_low_to_high' ? 1 : -1;
      favorites.sort((a, b) => sign * (Number(a.price) - Number(b.price)) || sign * (a.id - b.id));
    }
    const start = (page - 1) * pageSize;
    return respond(favorites.slice(start, start + pageSize), favorites.length);
  }

  const words = termWords(query.search);
  // Terms with no letter or digit at all ('%', '"', an emoji) cannot match a product.
  if (query.search !== '' && words.length === 0) return respond([], 0);

  const offset = (page - 1) * pageSize;
  const request = requestOf(query, words, country);
  const found = await firstAnswer(deps.search, (port) => port.search(request, pageSize, offset));
  if (!found) throw new Error('no search adapter answered');
  return respond(found.rows.map(toSummary), found.total);
}

/** Cents as the contract's price strings. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

export function facetsResponse(counts: FacetCounts, refinements: SearchRefinements): SearchFacets {
  return {
    count: counts.count,
    second_hand: counts.secondHand,
    verified: counts.verified,
    free_shipping: counts.freeShipping,
    in_stock: counts.inStock,
    country: refinements.country,
    ships_free: counts.shipsFree,
    // The brands with the most products, and every chosen one wherever it stands (the engine
    // keeps SEARCH_BRAND_FACET_MAX of them: engine-search.ts's maxBrandFacets).
    brands: counts.brands,
    price_ranges: SEARCH_PRICE_RANGES.map(([min, max], k) => ({
      min_price: dollars(min),
      max_price: max === null ? null : dollars(max),
      count: counts.priceRanges[k] ?? 0,
    })),
    categories: PRODUCT_CATEGORIES.map((category) => ({
      category,
      count: counts.categories.get(category) ?? 0,
    })),
  };
}

export class SearchUnavailableError extends Error {}

/** The facet counts of a search (`api/search/facets/`) for the shopper's `country`. */
export async function searchFacets(
  deps: SearchDeps,
  query: SearchQuery,
  country: string,
): Promise<SearchFacets> {
  const refinements = refinementsOf(query, country);
  if (query.category === 'weekly_favorites') {
    // The curated list: its products' facets, the shop's filters applied.
    const favorites = await curatedProducts(deps, CURATED_LISTS.currentFavorites);
    const counts = await firstAnswer(deps.search, (port) =>
      port.facetsOfList(
        favorites.map((p) => p.id),
        refinements,
      ),
    );
    if (!counts) throw new SearchUnavailableError();
    // A category chosen leaves the list for that category of the whole shop: those counts.
    const shop = await firstAnswer(deps.search, (port) =>
      port.facets({ terms: '', words: [], productCategory: null, sort: '', refinements }),
    );
    if (!shop) throw new SearchUnavailableError();
    counts.categories = shop.categories;
    return facetsResponse(counts, refinements);
  }
  const counts = await firstAnswer(deps.search, (port) =>
    port.facets({ ...requestOf(query, termWords(query.search), country), refinements }),
  );
  if (!counts) throw new SearchUnavailableError();
  return facetsResponse(counts, refinements);
}

/** Search as you type (`api/search/suggestions/`): none while no adapter suggests. */
export async function searchSuggestions(deps: SearchDeps, q: string): Promise<SearchSuggestion[]> {
  return (await firstAnswer(deps.search, (port) => port.suggest(q))) ?? [];
}
