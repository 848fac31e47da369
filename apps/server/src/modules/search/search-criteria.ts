import type { SearchFilter } from '@leafline/contract/catalog';
import type { SearchRefinements } from '@leafline/search-engine';

/**
 * What one search asks, once parsed (issue 15): the same refinements and facet counts for the
 * in-memory engine (@leafline/search-engine, whose types they are) and for the SQL query of
 * search.repo.ts, which must answer them alike.
 */
export { type FacetCounts, NO_REFINEMENTS, type SearchRefinements } from '@leafline/search-engine';

/** The country of the shop's free-shipping filter (SPEC §9: free shipping to the US). */
export const FREE_SHIPPING_COUNTRY = 'US';

/** The SQL search's criteria: the terms with their typo correction, category, sort, filters. */
export interface SearchCriteria {
  /** The terms as typed (already cut to the maximum length); '' lists everything. */
  terms: string;
  /** Lower-case words of the terms, for the typo correction. */
  words: string[];
  /** `words` with each unknown word replaced by its closest known word (correctWords). */
  corrected: string[];
  /** A product_category, or null for all. */
  productCategory: string | null;
  sort: SearchFilter;
  refinements: SearchRefinements;
  /**
   * With a free-shipping filter: the brands that do not ship free at its amount (worked out
   * by the shipping module's rule, free-shipping.ts), left out. Empty without one.
   */
  notShippingFree: readonly number[];
}
