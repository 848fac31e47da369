import { BrandTable } from './brands';
import { facetsOver } from './facets';
import { type Filter, filterOf, keeps } from './filter';
import { Layout } from './layout';
import { ListingOrders } from './orders';
import { allOf, offerAllWords } from './planners/all-words';
import { offerByPrice, offerByRank, offerByRating, textMatches } from './planners/boolean';
import { listing } from './planners/listing';
import { searchOneWord, singleList } from './planners/one-word';
import { Postings } from './postings';
import { SlotStore } from './slot-store';
import { type IndexState, RankScratch } from './state';
import { SuggestionIndex } from './suggestions';
import { parseTsvector } from './text';
import { pageOf, TopK } from './top-k';
import type {
  BrandDoc,
  EngineQuery,
  FacetCounts,
  ProductDoc,
  ProductSummary,
  SearchIndexOptions,
  SearchPage,
  SearchRefinements,
} from './types';

/**
 * An in-memory product search index (README.md): every product's lexemes (from PostgreSQL's
 * own search document), price, age, category and brand in typed arrays, and an inverted index
 * from lexeme to the products that contain it with their share of the rank. It answers a
 * shop's searches (match, rank, filter, count, page, facets) and search as you type, the page's
 * fields (name, brand, first picture) included. Whoever owns the data keeps it in step by
 * `upsert`, `remove` and `setBusiness`.
 *
 * The work is split along its seams: the columns of the products (slot-store.ts) and brands
 * (brands.ts), the posting lists (postings.ts), the filter (filter.ts), the query planners
 * (planners/: one word, words all required, any boolean shape, a listing without terms), the
 * facets (facets.ts) and the suggestions (suggestions.ts). This class writes and dispatches.
 */
export class SearchIndex {
  private readonly state: IndexState;
  private readonly layout: Layout;
  private readonly store: SlotStore;
  private readonly brands = new BrandTable();
  private readonly postings = new Map<string, Postings>();
  private readonly orders: ListingOrders;
  /** Names of products and brands for search as you type. */
  readonly suggestions: SuggestionIndex;

  constructor(options: SearchIndexOptions) {
    this.layout = new Layout(options);
    this.store = new SlotStore(this.layout);
    this.orders = new ListingOrders(this.layout);
    this.state = {
      layout: this.layout,
      store: this.store,
      brands: this.brands,
      postings: this.postings,
      orders: this.orders,
      scratch: new RankScratch(),
    };
    this.suggestions = new SuggestionIndex((businessId) => this.brands.isActive(businessId), {
      categories: this.layout.categories,
      max: this.layout.maxSuggestions,
    });
  }

  /** Products in the index. */
  get size(): number {
    return this.store.size;
  }

  /** Distinct lexemes in the index. */
  get terms(): number {
    return this.postings.size;
  }

  // ---- writing ----

  /** Adds or replaces a product. */
  upsert(doc: ProductDoc): void {
    this.remove(doc.id);
    this.brands.grow(doc.businessId);
    const slot = this.store.add(doc, this.brands.isActive(doc.businessId));
    for (const term of parseTsvector(doc.vector)) {
      let list = this.postings.get(term.lexeme);
      if (!list) {
        list = new Postings();
        this.postings.set(term.lexeme, list);
      }
      list.push(slot, term.score, doc.id, doc.priceCents);
    }
    this.orders.added(slot);
    this.suggestions.setProduct(doc.id, doc.name, doc.businessId);
  }

  /** Removes a product (nothing when it is not there). */
  remove(id: number): void {
    if (this.store.kill(id)) this.suggestions.removeProduct(id);
  }

  has(id: number): boolean {
    return this.store.slotOf(id) >= 0;
  }

  /** Sets a brand's attributes (name, open, verified, where it ships free from). */
  setBusiness(doc: BrandDoc): void {
    const openChanged = this.brands.set(doc);
    this.suggestions.setBrand(doc.id, doc.name);
    if (openChanged) this.store.recount(this.brands);
  }

  /** Drops the spare capacity (after a bulk load). */
  trim(): void {
    for (const p of this.postings.values()) p.trim();
    this.store.trim();
    this.suggestions.finishLoad();
  }

  /** True when dead slots are worth dropping (a quarter of all). */
  get needsCompaction(): boolean {
    return this.store.dead > 1000 && this.store.dead * 4 > this.store.count;
  }

  /** Rebuilds the arrays without the dead slots (same answers, less memory). */
  compact(): void {
    const map = this.store.compact();
    for (const [lexeme, p] of this.postings) {
      if (!p.remap(map, this.store.ids, this.store.price)) this.postings.delete(lexeme);
    }
    this.orders.reset();
  }

  // ---- reading ----

  /** The summary rows of these products (those still shown), in the order given. */
  summaries(ids: readonly number[]): ProductSummary[] {
    const rows: ProductSummary[] = [];
    for (const id of ids) {
      const s = this.store.slotOf(id);
      if (s >= 0 && this.store.isShown(s)) rows.push(this.store.summary(s, this.brands));
    }
    return rows;
  }

  /**
   * The page of product ids and the count of all matches, ordered as README.md says, sold-out
   * products after the others (each part in the asked order) unless the query asks for one
   * part itself (`inStock`, `soldOut`).
   */
  search(query: EngineQuery, limit: number, offset: number): SearchPage {
    const r = query.refinements;
    if (r.inStock || r.soldOut || this.store.liveSoldOut === 0) {
      return this.searchPart(query, limit, offset);
    }
    const inStock = this.searchPart(
      { ...query, refinements: { ...r, inStock: true } },
      limit,
      offset,
    );
    const first = inStock.total;
    // The sold-out part: what of the page is past the in-stock matches (at least its count).
    const soldOut = this.searchPart(
      { ...query, refinements: { ...r, soldOut: true } },
      Math.max(1, offset + limit - Math.max(offset, first)),
      Math.max(0, offset - first),
    );
    const room = Math.max(0, limit - inStock.ids.length);
    return {
      ids: [...inStock.ids, ...soldOut.ids.slice(0, room)],
      total: first + soldOut.total,
    };
  }

  /** One part of a search (search() puts sold-out products last with two). */
  private searchPart(query: EngineQuery, limit: number, offset: number): SearchPage {
    const filter = this.filter(this.layout.queryCategory(query.productCategory), query.refinements);
    // One word (the commonest search, and a typo's one-word correction).
    const single = singleList(this.state, query);
    if (single === null) return { ids: [], total: 0 };
    if (query.sort === 'rating_high_to_low') {
      // By rating: one pass over the matches (every product without terms).
      const top = new TopK(offset + limit);
      const matches = textMatches(this.state, query) ?? this.store.allSlots();
      return pageOf(top, offset, offerByRating(this.state, matches, filter, top));
    }
    if (single) return searchOneWord(this.state, single, filter, query.sort, limit, offset);
    // Words that must all be there, by rank (most searches of several words): matched and
    // ranked from the rarest word's postings, without intersecting lists.
    const typedAll = query.sort === '' ? allOf(query.typed) : null;
    const correctedAll = query.corrected ? allOf(query.corrected) : [];
    if (
      query.hasTerms &&
      typedAll &&
      correctedAll &&
      (typedAll.length > 1 || correctedAll.length > 0)
    ) {
      const top = new TopK(offset + limit);
      return pageOf(top, offset, offerAllWords(this.state, typedAll, correctedAll, filter, top));
    }
    const matches = textMatches(this.state, query);
    if (matches === null) {
      return listing(this.state, query.sort, query.refinements, filter, limit, offset);
    }
    // Any other shape: one pass over the matches, by price or by rank.
    const top = new TopK(offset + limit);
    const total =
      query.sort !== ''
        ? offerByPrice(this.state, matches, filter, query.sort, top)
        : offerByRank(this.state, matches, filter, query, top);
    return pageOf(top, offset, total);
  }

  /**
   * Facet counts: for each choice, the products the search finds with that choice made and
   * every other current choice kept.
   */
  facets(query: EngineQuery): FacetCounts {
    return facetsOver(
      this.state,
      textMatches(this.state, query),
      this.layout.queryCategory(query.productCategory),
      query.refinements,
    );
  }

  /** Which of these products are shown and pass the filters (a curated list filtered). */
  filterIds(ids: readonly number[], r: SearchRefinements): Set<number> {
    const filter = this.filter(-1, r);
    const kept = new Set<number>();
    for (const s of this.store.slotsOf(ids)) {
      if (keeps(this.store, filter, s)) kept.add(this.store.ids[s]!);
    }
    return kept;
  }

  /** The facets of a fixed set of products (a curated list; a phrase's exact matches). */
  facetsOfIds(
    ids: readonly number[],
    r: SearchRefinements,
    productCategory: string | null = null,
  ): FacetCounts {
    return facetsOver(
      this.state,
      this.store.slotsOf(ids),
      this.layout.queryCategory(productCategory),
      r,
    );
  }

  /** The ids of the shown products that match the query's words (a phrase as all its words). */
  textMatchIds(query: EngineQuery): number[] {
    const matches = textMatches(this.state, query) ?? this.store.allSlots();
    const ids: number[] = [];
    for (const s of matches) if (this.store.isShown(s)) ids.push(this.store.ids[s]!);
    return ids;
  }

  private filter(categoryCode: number, r: SearchRefinements): Filter {
    return filterOf(this.store, this.brands, categoryCode, r);
  }
}
