import type { SearchFilter } from '@leafline/contract/catalog';

/**
 * What one search asks, once parsed (issue 15): the same criteria go to the SQL query of
 * search.repo.ts and to the in-memory index of engine/, which must answer them alike.
 */

/** The shop's filters beside category and sort (contract `searchRefinements`), in cents. */
export interface SearchRefinements {
  /** Second-hand products only. */
  secondHand: boolean;
  /** Products of verified brands only. */
  verified: boolean;
  /** Lowest price, included; null for none. */
  minPriceCents: number | null;
  /** Highest price, included; null for none. */
  maxPriceCents: number | null;
  /**
   * Products of brands that ship free to the US at this cart amount (see
   * `freeUsShippingFromCents`); null for no such filter.
   */
  freeShippingAtCents: number | null;
}

export const NO_REFINEMENTS: Readonly<SearchRefinements> = Object.freeze({
  secondHand: false,
  verified: false,
  minPriceCents: null,
  maxPriceCents: null,
  freeShippingAtCents: null,
});

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
}

/** Counts of the facets of one search (contract `searchFacetsResponse`, in cents). */
export interface FacetCounts {
  count: number;
  secondHand: number;
  verified: number;
  freeShipping: number;
  /** One per SEARCH_PRICE_RANGES range, in order. */
  priceRanges: number[];
  /** Product category → count, for every product category. */
  categories: Map<string, number>;
}
