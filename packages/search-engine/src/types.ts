import type { QueryNode } from './text';

/** The orders a search can ask: by rank (newest first without terms), or by price either way. */
/**
 * The result orders: rank (newest first without terms), by price, or by buyers' rating (the
 * average in tenths, then how many ratings, then the newest id; products without one last).
 */
export type SortOrder = '' | 'price_low_to_high' | 'price_high_to_low' | 'rating_high_to_low';

/** The shop's filters beside category and sort, in cents. */
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
   * Products of brands that ship free at this cart amount (their `freeShippingFromCents` is at
   * most this); null for no such filter.
   */
  freeShippingAtCents: number | null;
  /** Products that can be bought only (not sold out). */
  inStock: boolean;
  /** Products of these brands only (ids); empty for any brand. */
  brandIds: readonly number[];
  /**
   * The shopper's country (upper-case code, as the brands' `freeShippingByCountry` names it):
   * what `shipsFree` and the `shipsFree` facet count are for. '' names no country (each brand's
   * amount for the countries it does not name).
   */
  country: string;
  /**
   * Products a cart of which alone ships free to `country`: the product's price reaches the
   * amount its brand ships free from to that country (BrandDoc.freeShippingByCountry).
   */
  shipsFree: boolean;
  /**
   * Sold-out products only: the second part of a search that lists them after the others
   * (SearchIndex.search does this itself; a caller asks `inStock` or neither).
   */
  soldOut: boolean;
}

export const NO_REFINEMENTS: Readonly<SearchRefinements> = Object.freeze({
  secondHand: false,
  verified: false,
  minPriceCents: null,
  maxPriceCents: null,
  freeShippingAtCents: null,
  inStock: false,
  brandIds: Object.freeze([]) as readonly number[],
  country: '',
  shipsFree: false,
  soldOut: false,
});

/** Counts of the facets of one search: each choice with every other current choice kept. */
export interface FacetCounts {
  count: number;
  secondHand: number;
  verified: number;
  freeShipping: number;
  /** Products that are not sold out. */
  inStock: number;
  /** One per price range of the options, in order. */
  priceRanges: number[];
  /** Category → count, for every category of the options. */
  categories: Map<string, number>;
  /**
   * Products a cart of which alone ships free to the refinements' `country` (every other
   * current choice kept).
   */
  shipsFree: number;
  /**
   * Per brand, the products of that brand with every other current choice kept (the brand
   * choice itself left out): the brands with any, and every chosen brand that is shown (even
   * at 0); by count, most first, then by name, then by id.
   */
  brands: BrandCount[];
}

/** One brand of the brand facet. */
export interface BrandCount {
  id: number;
  name: string;
  count: number;
}

/** A product as the index takes it. */
export interface ProductDoc {
  /** A non-negative integer. */
  id: number;
  name: string;
  businessId: number;
  /** A non-negative integer below 2^30. */
  priceCents: number;
  /** Creation time in ms since 1970 (ordered by the second, from 2000-01-01 on). */
  createdMs: number;
  productCategory: string;
  secondHand: boolean;
  /** The product's first picture (media key), or null. */
  primaryImage: string | null;
  /** The product's PostgreSQL `tsvector` as text (its lexemes distinct), or null. */
  vector: string | null;
  /**
   * What can be bought of it (a whole number ≥ 0; 0: sold out), or null when not counted.
   * Absent counts as null.
   */
  stock?: number | null;
  /** Its buyers' ratings: how many, and their sum (1–5 each). Absent counts as none. */
  ratingCount?: number;
  ratingSum?: number;
}

/** A brand (business) as the index takes it. */
export interface BrandDoc {
  /** A non-negative integer. */
  id: number;
  /** Null for a brand that is gone. */
  name: string | null;
  /** Its products are shown only while it is active. */
  active: boolean;
  verified: boolean;
  /**
   * The smallest cart amount, in cents, from which the brand ships free: worked out by the app
   * (Leafline's shipping module), the index only compares it with the filter's amount.
   */
  freeShippingFromCents: number;
  /**
   * The same amount per country the shopper may be in (the `shipsFree` filter's): for each
   * country the brand names (upper-case codes), and for every other. Absent: the brand ships
   * free from `freeShippingFromCents` to every country.
   */
  freeShippingByCountry?: {
    countries: Readonly<Record<string, number>>;
    elsewhereCents: number;
  };
}

/** One search, its terms already parsed. */
export interface EngineQuery {
  /** The terms as typed (websearch_to_tsquery), or null: no terms (or only stop words). */
  typed: QueryNode | null;
  /** The typo-corrected terms, only when a word was corrected. */
  corrected: QueryNode | null;
  /** True when the shopper typed terms (then a null `typed` matches nothing). */
  hasTerms: boolean;
  /** A category of the options, or null for all. */
  productCategory: string | null;
  sort: SortOrder;
  refinements: SearchRefinements;
}

/** A page of product ids and the count of all the matches. */
export interface SearchPage {
  ids: number[];
  total: number;
}

/** The fields of a result the index answers without the database. */
export interface ProductSummary {
  id: number;
  name: string;
  priceCents: number;
  businessId: number;
  businessName: string;
  condition: 'new' | 'second_hand';
  productCategory: string;
  primaryImage: string | null;
  /** As the product's doc gave it: what can be bought, or null when not counted. */
  stock: number | null;
  /** The average rating to one decimal (null with none) and how many ratings. */
  ratingAverage: number | null;
  ratingCount: number;
}

/** One suggestion of search as you type. */
export interface Suggestion {
  kind: 'product' | 'brand' | 'category';
  label: string;
  /** The product's or the brand's id; null for a category. */
  id: number | null;
  /** The category's value; null for a product or a brand. */
  category: string | null;
}

/** What the index is told of the shop it searches (no other settings). */
export interface SearchIndexOptions {
  /** The product categories, in the order the facets list them (at most 15). */
  categories: readonly string[];
  /** The facets' price ranges in cents, [min, max] (max null: "and over"), disjoint. */
  priceRanges: ReadonlyArray<readonly [number, number | null]>;
  /** The most suggestions one prefix gets. */
  maxSuggestions: number;
  /** The most brands the brand facet lists besides the chosen ones (the first by its order); all by default. */
  maxBrandFacets?: number;
}
