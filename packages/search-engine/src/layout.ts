import type { SearchIndexOptions } from './types';

/** A slot's category is kept in four bits of its `meta` byte (slot-store.ts). */
const CATEGORY_CODES = 16;

/**
 * The codes the index gives the shop's categories and price ranges (from the options): a
 * category is its place in the list, one the list does not have is `otherCategory` (never
 * filtered in); a price's range is its place among the price ranges, or `rangeNone`.
 */
export class Layout {
  readonly categories: readonly string[];
  readonly priceRanges: ReadonlyArray<readonly [number, number | null]>;
  readonly maxSuggestions: number;
  /** The most brands the brand facet lists, besides the chosen ones. */
  readonly maxBrandFacets: number;
  /** The code of a category the options do not list. */
  readonly otherCategory: number;
  /** The code of a price in no range. */
  readonly rangeNone: number;
  readonly rangeCodes: number;
  /**
   * Facet cells: category × second-hand × price range × in the price filter × sold out ×
   * ships free to the shopper × brand flags (four).
   */
  readonly facetCells: number;
  private readonly categoryIndex: Map<string, number>;

  constructor(options: SearchIndexOptions) {
    if (options.categories.length >= CATEGORY_CODES) {
      throw new Error(`at most ${CATEGORY_CODES - 1} categories`);
    }
    if (new Set(options.categories).size !== options.categories.length) {
      throw new Error('the categories must be distinct');
    }
    this.categories = [...options.categories];
    this.priceRanges = options.priceRanges.map(([low, high]) => [low, high] as const);
    this.maxSuggestions = options.maxSuggestions;
    this.maxBrandFacets = options.maxBrandFacets ?? Number.POSITIVE_INFINITY;
    this.categoryIndex = new Map(this.categories.map((c, i) => [c, i]));
    this.otherCategory = this.categories.length;
    this.rangeNone = this.priceRanges.length;
    this.rangeCodes = this.rangeNone + 1;
    this.facetCells = (this.otherCategory + 1) * 2 * this.rangeCodes * 2 * 2 * 2 * 16;
  }

  /** A category's code (`otherCategory` when not listed). */
  categoryCode(category: string): number {
    return this.categoryIndex.get(category) ?? this.otherCategory;
  }

  /** A query's category code: -1 for any. */
  queryCategory(category: string | null): number {
    return category === null ? -1 : this.categoryCode(category);
  }

  /** The facets' price range of a price: its index among the ranges, or `rangeNone`. */
  rangeOf(cents: number): number {
    const k = this.priceRanges.findIndex(
      ([low, high]) => cents >= low && (high === null || cents <= high),
    );
    return k < 0 ? this.rangeNone : k;
  }
}
