import {
  CURATED_LISTS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  PRODUCT_CATEGORIES,
  SEARCH_PAGE_SIZE,
} from '@leafline/contract';
import {
  CATEGORY_ALIASES,
  type ProductPage,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PRICE_RANGES,
  type SearchFacets,
  type SearchQuery,
} from '@leafline/contract/catalog';
import { type CatalogDeps, curatedProducts, toSummary } from '../catalog/catalog.service';
import { assertPageExists, pageLinks } from '../catalog/pagination';
import type { SearchEngine } from './engine/search-engine';
import type { EngineQuery } from './engine/search-index';
import { hasPhrase } from './engine/text';
import { correctWords, phraseMatches, searchProducts } from './search.repo';
import type { FacetCounts, SearchCriteria, SearchRefinements } from './search-criteria';

/** Shop search (SPEC §2 Shop, §4, §9; DESIGN 2.11; issue 15, decision 0023). */

export interface SearchDeps extends CatalogDeps {
  /** This instance's search index; the SQL search answers while it is still loading. */
  engine: SearchEngine;
}

/** Words used for typo correction: enough for any real query, bounded against abuse. */
const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 40;
/** How long a facets call waits for the index's first load before it answers 503. */
const FACETS_WAIT_MS = 10_000;

export function termWords(terms: string): string[] {
  const words = terms.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(''));
}

export function refinementsOf(query: SearchQuery): SearchRefinements {
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
  };
}

function productCategoryOf(query: SearchQuery): string | null {
  return query.category === '' ? null : (CATEGORY_ALIASES[query.category] ?? query.category);
}

/** The criteria of a search with terms, parsed by the engine (or the SQL path's correction). */
async function engineQuery(
  deps: SearchDeps,
  query: SearchQuery,
  words: string[],
): Promise<EngineQuery & { correctedWords: string[] | null }> {
  const parsed = await deps.engine.prepare(query.search, words);
  return {
    correctedWords: parsed.corrected ? parsed.correctedWords : null,
    typed: parsed.typed,
    corrected: parsed.corrected,
    hasTerms: query.search !== '',
    productCategory: productCategoryOf(query),
    sort: query.filter,
    refinements: refinementsOf(query),
  };
}

export async function search(
  deps: SearchDeps,
  query: SearchQuery,
  requestUrl: string,
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
    const refinements = refinementsOf(query);
    let favorites = await curatedProducts(deps, CURATED_LISTS.currentFavorites);
    if (deps.engine.loaded) {
      await deps.engine.catchUp();
      const kept = deps.engine.index.filterIds(
        favorites.map((p) => p.id),
        refinements,
      );
      favorites = favorites.filter((p) => kept.has(p.id));
    }
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
  const prepared = deps.engine.loaded ? await engineQuery(deps, query, words) : null;
  // A phrase in quotes needs the words' positions: the SQL search answers it.
  if (prepared && !hasPhrase(prepared.typed) && !hasPhrase(prepared.corrected)) {
    const found = deps.engine.search(prepared, pageSize, offset);
    // The page's fields come from the index too: no second round trip.
    return respond(deps.engine.index.summaries(found.ids).map(toSummary), found.total);
  }

  // The index is still loading (a large catalogue at start): the same search in SQL.
  const criteria: SearchCriteria = {
    terms: query.search,
    words,
    corrected: await correctWords(deps.db, words),
    productCategory: productCategoryOf(query),
    sort: query.filter,
    refinements: refinementsOf(query),
  };
  const { rows, total } = await searchProducts(
    deps.db,
    criteria,
    pageSize,
    offset,
    FREE_SHIPPING_THRESHOLD_CENTS,
  );
  return respond(rows.map(toSummary), total);
}

/** Cents as the contract's price strings. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

export function facetsResponse(counts: FacetCounts): SearchFacets {
  return {
    count: counts.count,
    second_hand: counts.secondHand,
    verified: counts.verified,
    free_shipping: counts.freeShipping,
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

/** The facet counts of a search (`api/search/facets/`). */
export async function searchFacets(deps: SearchDeps, query: SearchQuery): Promise<SearchFacets> {
  if (!deps.engine.loaded) {
    const timeout = new Promise<'timeout'>((resolve) => {
      setTimeout(() => resolve('timeout'), FACETS_WAIT_MS).unref();
    });
    if ((await Promise.race([deps.engine.ready, timeout])) === 'timeout' || !deps.engine.loaded) {
      throw new SearchUnavailableError();
    }
  }
  const words = termWords(query.search);
  if (query.category === 'weekly_favorites') {
    // The curated list: its products' facets, the engine's filters applied.
    const favorites = await curatedProducts(deps, CURATED_LISTS.currentFavorites);
    await deps.engine.catchUp();
    const counts = deps.engine.index.facetsOfIds(
      favorites.map((p) => p.id),
      refinementsOf(query),
    );
    // A category chosen leaves the list for that category of the whole shop: those counts.
    counts.categories = deps.engine.facets({
      typed: null,
      corrected: null,
      hasTerms: false,
      productCategory: null,
      sort: '',
      refinements: refinementsOf(query),
    }).categories;
    return facetsResponse(counts);
  }
  if (query.search !== '' && words.length === 0) {
    return facetsResponse(deps.engine.index.facetsOfIds([], refinementsOf(query)));
  }
  const prepared = await engineQuery(deps, query, words);
  if (hasPhrase(prepared.typed) || hasPhrase(prepared.corrected)) {
    // The index's matches of all the words, narrowed by PostgreSQL to the phrase's.
    const exact = await phraseMatches(
      deps.db,
      deps.engine.index.textMatchIds(prepared),
      query.search,
      prepared.correctedWords,
    );
    return facetsResponse(
      deps.engine.index.facetsOfIds(exact, prepared.refinements, prepared.productCategory),
    );
  }
  return facetsResponse(deps.engine.facets(prepared));
}
