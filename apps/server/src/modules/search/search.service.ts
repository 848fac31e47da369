import { CURATED_LISTS, SEARCH_PAGE_SIZE } from '@leafline/contract';
import {
  CATEGORY_ALIASES,
  type ProductPage,
  SEARCH_MAX_PAGE_SIZE,
  type SearchQuery,
} from '@leafline/contract/catalog';
import { type CatalogDeps, curatedProducts, toSummary } from '../catalog/catalog.service';
import { assertPageExists, pageLinks } from '../catalog/pagination';
import { correctWords, type SearchCriteria, searchProducts } from './search.repo';

/** Shop search (SPEC §2 Shop, §4, §9; DESIGN 2.11). */

/** Words used for typo correction: enough for any real query, bounded against abuse. */
const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 40;

export function termWords(terms: string): string[] {
  const words = terms.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(''));
}

export async function search(
  deps: CatalogDeps,
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
    // The 'Current Favorites' category is the curated list itself (SPEC §4), in its order.
    const favorites = await curatedProducts(deps, CURATED_LISTS.currentFavorites);
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

  const criteria: SearchCriteria = {
    terms: query.search,
    words,
    corrected: await correctWords(deps.db, words),
    productCategory:
      query.category === '' ? null : (CATEGORY_ALIASES[query.category] ?? query.category),
    sort: query.filter,
  };
  const { rows, total } = await searchProducts(deps.db, criteria, pageSize, (page - 1) * pageSize);
  return respond(rows.map(toSummary), total);
}
