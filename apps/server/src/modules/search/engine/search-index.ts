import { PRODUCT_CATEGORIES } from '@leafline/contract';
import { SEARCH_PRICE_RANGES, type SearchFilter } from '@leafline/contract/catalog';
import type { SummaryRow } from '../../catalog/catalog.repo';
import type { FacetCounts, SearchRefinements } from '../search-criteria';
import { SuggestionIndex } from './suggestions';
import { parseTsvector, type QueryNode, queryLexemes } from './text';

/**
 * The in-process search index of one app instance (docs/decisions/0023): every product's
 * lexemes (from PostgreSQL's own search document), price, age, category and brand in typed
 * arrays, and an inverted index from lexeme to the products that contain it with their share
 * of the rank. It answers the shop's searches (match, rank, filter, count, page, facets) in
 * memory, the page's fields (name, brand, first picture) included. It is kept in step with
 * the database by the change log of migration 0016 (engine/search-engine.ts).
 *
 * A product's row is a slot; a change gives the product a new slot and leaves the old one dead
 * (skipped everywhere), so posting lists only grow at their end and stay sorted by slot. Dead
 * slots are dropped by `compact()` once they are a quarter of all.
 */

export interface ProductDoc {
  id: number;
  name: string;
  businessId: number;
  priceCents: number;
  createdMs: number;
  productCategory: string;
  secondHand: boolean;
  /** The product's first picture (media key), or null. */
  primaryImage: string | null;
  /** The product's `search_vector` as text. */
  vector: string | null;
}

export interface BusinessDoc {
  id: number;
  /** Null for a brand that is gone. */
  name: string | null;
  active: boolean;
  verified: boolean;
  /** What the brand charges to ship to the US before any free-shipping rule, in cents. */
  usRateCents: number;
  /** The brand's own free-shipping subtotal, or null. */
  thresholdFreeCents: number | null;
}

export interface EngineQuery {
  /** The terms as typed (websearch_to_tsquery), or null: no terms (or only stop words). */
  typed: QueryNode | null;
  /** The typo-corrected terms, only when a word was corrected. */
  corrected: QueryNode | null;
  /** True when the shopper typed terms (then a null `typed` matches nothing). */
  hasTerms: boolean;
  productCategory: string | null;
  sort: SearchFilter;
  refinements: SearchRefinements;
}

/** The marketplace's free-shipping subtotal is passed in, so this file needs no settings. */
export interface SearchIndexOptions {
  marketplaceFreeShippingCents: number;
}

const CATEGORY_INDEX = new Map<string, number>(PRODUCT_CATEGORIES.map((c, i) => [c, i]));
/** A product category the shop does not list (none today): its own code, never filtered in. */
const OTHER_CATEGORY = PRODUCT_CATEGORIES.length;
/** Ids are packed beside a price or a time into one float64 sort key below this bound. */
const ID_BITS = 2 ** 23;
const EPOCH_SECONDS = 946_684_800; // 2000-01-01

class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Int32Array(capacity);
  }
  push(value: number) {
    if (this.length === this.data.length) {
      const next = new Int32Array(Math.max(4, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}

class Postings {
  docs: Int32Array;
  scores: Float32Array;
  length = 0;
  constructor() {
    this.docs = new Int32Array(2);
    this.scores = new Float32Array(2);
  }
  push(slot: number, score: number) {
    if (this.length === this.docs.length) {
      const size = this.docs.length < 1024 ? this.docs.length * 2 : this.docs.length * 1.5;
      const docs = new Int32Array(Math.ceil(size));
      docs.set(this.docs);
      this.docs = docs;
      const scores = new Float32Array(Math.ceil(size));
      scores.set(this.scores);
      this.scores = scores;
    }
    this.docs[this.length] = slot;
    this.scores[this.length] = score;
    this.length++;
  }
  /** Trims the spare capacity (after a bulk load). */
  trim() {
    if (this.docs.length === this.length) return;
    this.docs = this.docs.slice(0, this.length);
    this.scores = this.scores.slice(0, this.length);
  }
}

/** Sorted, distinct slots. */
type SlotSet = Int32Array;

function intersect(a: SlotSet, b: SlotSet): SlotSet {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, k);
}

function union(a: SlotSet, b: SlotSet): SlotSet {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out.subarray(0, k);
}

function difference(a: SlotSet, b: SlotSet): SlotSet {
  const out = new Int32Array(a.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length) {
    const x = a[i]!;
    while (j < b.length && b[j]! < x) j++;
    if (j < b.length && b[j] === x) {
      i++;
      continue;
    }
    out[k++] = x;
    i++;
  }
  return out.subarray(0, k);
}

/** Filter bits of a product for one query (facets count with one of them left out). */
const PASS_CATEGORY = 1;
const PASS_SECOND_HAND = 2;
const PASS_VERIFIED = 4;
const PASS_PRICE = 8;
const PASS_FREE = 16;
const PASS_ALL = 31;

export class SearchIndex {
  private readonly marketplaceFree: number;
  // Per slot.
  private ids = new Int32Array(1024);
  private business = new Int32Array(1024);
  private price = new Int32Array(1024);
  private createdSeconds = new Float64Array(1024);
  private category = new Uint8Array(1024);
  /** bit 0: alive; bit 1: second-hand. */
  private flags = new Uint8Array(1024);
  /** The page's fields the arrays do not hold (a result is answered without the database). */
  private names: string[] = [];
  private images: Array<string | null> = [];
  /** Picture keys shared by many products are kept once. */
  private readonly interned = new Map<string, string>();
  private slots = 0;
  private dead = 0;
  // Per product id: its live slot + 1 (0: none).
  private slotOfId = new Int32Array(1024);
  // Per business id.
  private bizActive = new Uint8Array(256);
  private bizVerified = new Uint8Array(256);
  private bizUsRate = new Int32Array(256);
  /** The brand's free-shipping subtotal; -1 for none. */
  private bizThreshold = new Int32Array(256).fill(-1);
  private bizName: string[] = [];
  /** The category of a product whose category the shop does not list (none today). */
  private readonly otherCategory = new Map<number, string>();
  private readonly postings = new Map<string, Postings>();
  /** Live products of open brands, per category code: the count of a listing without terms. */
  private categoryCounts = new Int32Array(OTHER_CATEGORY + 1);
  private liveShown = 0;
  // Orders of the listings without terms, built on demand, plus the slots added since.
  private byCreated: Int32Array | null = null;
  private byPrice: Int32Array | null = null;
  private recent = new IntList();
  /** Names of products and brands for search as you type. */
  readonly suggestions = new SuggestionIndex((businessId) => this.bizActive[businessId] === 1);

  constructor(options: SearchIndexOptions) {
    this.marketplaceFree = options.marketplaceFreeShippingCents;
  }

  get size(): number {
    return this.slots - this.dead;
  }

  get terms(): number {
    return this.postings.size;
  }

  // ---- writing ----

  private growSlots(need: number) {
    if (need <= this.ids.length) return;
    const size = Math.max(need, Math.ceil(this.ids.length * 1.5));
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T): T => {
      const next = new (a.constructor as new (n: number) => T)(size);
      next.set(a);
      return next;
    };
    this.ids = grow(this.ids);
    this.business = grow(this.business);
    this.price = grow(this.price);
    this.createdSeconds = grow(this.createdSeconds);
    this.category = grow(this.category);
    this.flags = grow(this.flags);
  }

  private growIds(id: number) {
    if (id < this.slotOfId.length) return;
    const next = new Int32Array(Math.max(id + 1, this.slotOfId.length * 2));
    next.set(this.slotOfId);
    this.slotOfId = next;
  }

  private growBusinesses(id: number) {
    if (id < this.bizActive.length) return;
    const size = Math.max(id + 1, this.bizActive.length * 2);
    const active = new Uint8Array(size);
    active.set(this.bizActive);
    this.bizActive = active;
    const verified = new Uint8Array(size);
    verified.set(this.bizVerified);
    this.bizVerified = verified;
    const rate = new Int32Array(size);
    rate.set(this.bizUsRate);
    this.bizUsRate = rate;
    const threshold = new Int32Array(size).fill(-1);
    threshold.set(this.bizThreshold);
    this.bizThreshold = threshold;
  }

  private isShown(slot: number): boolean {
    return (this.flags[slot]! & 1) === 1 && this.bizActive[this.business[slot]!] === 1;
  }

  /** Adds or replaces a product. */
  upsert(doc: ProductDoc): void {
    this.remove(doc.id);
    const slot = this.slots++;
    this.growSlots(this.slots);
    this.growIds(doc.id);
    this.growBusinesses(doc.businessId);
    this.ids[slot] = doc.id;
    this.business[slot] = doc.businessId;
    this.price[slot] = doc.priceCents;
    this.createdSeconds[slot] = Math.floor(doc.createdMs / 1000);
    this.category[slot] = CATEGORY_INDEX.get(doc.productCategory) ?? OTHER_CATEGORY;
    if (this.category[slot] === OTHER_CATEGORY) this.otherCategory.set(doc.id, doc.productCategory);
    else this.otherCategory.delete(doc.id);
    this.flags[slot] = 1 | (doc.secondHand ? 2 : 0);
    this.names[slot] = doc.name;
    this.images[slot] = doc.primaryImage === null ? null : this.intern(doc.primaryImage);
    this.slotOfId[doc.id] = slot + 1;
    for (const term of parseTsvector(doc.vector)) {
      let list = this.postings.get(term.lexeme);
      if (!list) {
        list = new Postings();
        this.postings.set(term.lexeme, list);
      }
      list.push(slot, term.score);
    }
    if (this.isShown(slot)) {
      this.categoryCounts[this.category[slot]!]!++;
      this.liveShown++;
    }
    if (this.byCreated) this.recent.push(slot);
    this.suggestions.setProduct(doc.id, doc.name, doc.businessId);
  }

  /** Removes a product (nothing when it is not there). */
  remove(id: number): void {
    if (id >= this.slotOfId.length) return;
    const slot = this.slotOfId[id]! - 1;
    if (slot < 0) return;
    if (this.isShown(slot)) {
      this.categoryCounts[this.category[slot]!]!--;
      this.liveShown--;
    }
    this.flags[slot] = this.flags[slot]! & ~1;
    this.names[slot] = '';
    this.images[slot] = null;
    this.slotOfId[id] = 0;
    this.dead++;
    this.suggestions.removeProduct(id);
  }

  has(id: number): boolean {
    return id < this.slotOfId.length && this.slotOfId[id]! > 0;
  }

  /** Sets a brand's attributes (open, verified, shipping to the US). */
  setBusiness(doc: BusinessDoc): void {
    this.growBusinesses(doc.id);
    const wasActive = this.bizActive[doc.id] === 1;
    this.bizActive[doc.id] = doc.active ? 1 : 0;
    this.bizVerified[doc.id] = doc.verified ? 1 : 0;
    this.bizUsRate[doc.id] = doc.usRateCents;
    this.bizThreshold[doc.id] = doc.thresholdFreeCents ?? -1;
    this.bizName[doc.id] = doc.name ?? '';
    this.suggestions.setBrand(doc.id, doc.name);
    if (wasActive !== doc.active) this.recount();
  }

  private recount() {
    this.categoryCounts.fill(0);
    this.liveShown = 0;
    for (let s = 0; s < this.slots; s++) {
      if (this.isShown(s)) {
        this.categoryCounts[this.category[s]!]!++;
        this.liveShown++;
      }
    }
  }

  /** Drops the spare capacity of the posting lists (after a bulk load). */
  trim(): void {
    for (const p of this.postings.values()) p.trim();
    this.suggestions.finishLoad();
  }

  /** True when dead slots are worth dropping (a quarter of all). */
  get needsCompaction(): boolean {
    return this.dead > 1000 && this.dead * 4 > this.slots;
  }

  /** Rebuilds the arrays without the dead slots (same answers, less memory). */
  compact(): void {
    const map = new Int32Array(this.slots).fill(-1);
    let next = 0;
    for (let s = 0; s < this.slots; s++) if (this.flags[s]! & 1) map[s] = next++;
    const keep = <T extends Int32Array | Float64Array | Uint8Array>(a: T): T => {
      const out = new (a.constructor as new (n: number) => T)(Math.max(1024, next));
      for (let s = 0; s < this.slots; s++) if (map[s]! >= 0) out[map[s]!] = a[s]!;
      return out;
    };
    this.ids = keep(this.ids);
    this.business = keep(this.business);
    this.price = keep(this.price);
    this.createdSeconds = keep(this.createdSeconds);
    this.category = keep(this.category);
    this.flags = keep(this.flags);
    const names: string[] = [];
    const images: Array<string | null> = [];
    for (let s = 0; s < this.slots; s++) {
      if (map[s]! >= 0) {
        names[map[s]!] = this.names[s]!;
        images[map[s]!] = this.images[s] ?? null;
      }
    }
    this.names = names;
    this.images = images;
    for (const [lexeme, p] of this.postings) {
      let k = 0;
      for (let i = 0; i < p.length; i++) {
        const to = map[p.docs[i]!]!;
        if (to < 0) continue;
        p.docs[k] = to;
        p.scores[k] = p.scores[i]!;
        k++;
      }
      p.length = k;
      if (k === 0) this.postings.delete(lexeme);
      else p.trim();
    }
    this.slotOfId.fill(0);
    for (let s = 0; s < next; s++) this.slotOfId[this.ids[s]!] = s + 1;
    this.slots = next;
    this.dead = 0;
    this.byCreated = null;
    this.byPrice = null;
    this.recent = new IntList();
  }

  private intern(key: string): string {
    const known = this.interned.get(key);
    if (known !== undefined) return known;
    this.interned.set(key, key);
    return key;
  }

  // ---- reading ----

  /** The summary rows of these products (those still shown), in the order given. */
  summaries(ids: readonly number[]): SummaryRow[] {
    const rows: SummaryRow[] = [];
    for (const id of ids) {
      if (id >= this.slotOfId.length) continue;
      const s = this.slotOfId[id]! - 1;
      if (s < 0 || !this.isShown(s)) continue;
      const biz = this.business[s]!;
      rows.push({
        id,
        name: this.names[s]!,
        priceCents: this.price[s]!,
        businessId: biz,
        businessName: this.bizName[biz] ?? '',
        condition: this.flags[s]! & 2 ? 'second_hand' : 'new',
        productCategory:
          this.category[s]! < OTHER_CATEGORY
            ? PRODUCT_CATEGORIES[this.category[s]!]!
            : (this.otherCategory.get(id) ?? ''),
        primaryImage: this.images[s] ?? null,
      });
    }
    return rows;
  }

  /** The slots of products that contain a lexeme (live ones; dead ones are filtered later). */
  private termSlots(lexeme: string): SlotSet {
    const p = this.postings.get(lexeme);
    return p ? p.docs.subarray(0, p.length) : new Int32Array(0);
  }

  private allSlots(): SlotSet {
    const out = new Int32Array(this.slots);
    let k = 0;
    for (let s = 0; s < this.slots; s++) if (this.flags[s]! & 1) out[k++] = s;
    return out.subarray(0, k);
  }

  private evaluate(node: QueryNode): SlotSet {
    switch (node.kind) {
      case 'term':
        return this.termSlots(node.lexeme);
      case 'not':
        return difference(this.allSlots(), this.evaluate(node.operand));
      case 'and': {
        // `a & !b` without building the complement.
        if (node.right.kind === 'not') {
          return difference(this.evaluate(node.left), this.evaluate(node.right.operand));
        }
        if (node.left.kind === 'not') {
          return difference(this.evaluate(node.right), this.evaluate(node.left.operand));
        }
        return intersect(this.evaluate(node.left), this.evaluate(node.right));
      }
      case 'or':
        return union(this.evaluate(node.left), this.evaluate(node.right));
      case 'phrase':
        // Never asked (the SQL search answers phrases); all its words, at least.
        return node.parts.map((p) => this.evaluate(p)).reduce(intersect);
    }
  }

  /**
   * ts_rank of a query (its `calc_rank_or`: the lexemes' scores over their number) for each of
   * the slots, added into `into` times `factor`.
   */
  private addRank(query: QueryNode, slots: SlotSet, into: Float64Array, factor: number) {
    const lexemes = queryLexemes(query);
    const share = new Float64Array(slots.length);
    for (const lexeme of lexemes) {
      const p = this.postings.get(lexeme);
      if (!p) continue;
      // Both sorted by slot: one merge.
      const { docs, scores, length } = p;
      let j = 0;
      for (let i = 0; i < slots.length; i++) {
        const s = slots[i]!;
        while (j < length && docs[j]! < s) j++;
        if (j < length && docs[j] === s) share[i] = Math.fround(share[i]! + scores[j]!);
      }
    }
    const size = lexemes.size;
    for (let i = 0; i < slots.length; i++) {
      into[i] = into[i]! + factor * Math.fround(share[i]! / size);
    }
  }

  /** Which filters a slot passes (PASS_* bits), for a query's refinements and category. */
  private passes(
    slot: number,
    categoryCode: number,
    r: SearchRefinements,
    freeAt: number,
    freeAll: boolean,
  ): number {
    let bits = 0;
    const biz = this.business[slot]!;
    if (categoryCode < 0 || this.category[slot] === categoryCode) bits |= PASS_CATEGORY;
    if (!r.secondHand || this.flags[slot]! & 2) bits |= PASS_SECOND_HAND;
    if (!r.verified || this.bizVerified[biz] === 1) bits |= PASS_VERIFIED;
    const price = this.price[slot]!;
    if (
      (r.minPriceCents === null || price >= r.minPriceCents) &&
      (r.maxPriceCents === null || price <= r.maxPriceCents)
    ) {
      bits |= PASS_PRICE;
    }
    if (r.freeShippingAtCents === null || freeAll || this.shipsFree(biz, freeAt)) bits |= PASS_FREE;
    return bits;
  }

  private shipsFree(biz: number, amountCents: number): boolean {
    const threshold = this.bizThreshold[biz]!;
    return (
      this.bizUsRate[biz] === 0 ||
      (threshold >= 0 && amountCents >= threshold) ||
      amountCents >= this.marketplaceFree
    );
  }

  private categoryCode(query: EngineQuery): number {
    return query.productCategory === null
      ? -1
      : (CATEGORY_INDEX.get(query.productCategory) ?? OTHER_CATEGORY);
  }

  private static hasRefinements(r: SearchRefinements): boolean {
    return (
      r.secondHand ||
      r.verified ||
      r.minPriceCents !== null ||
      r.maxPriceCents !== null ||
      r.freeShippingAtCents !== null
    );
  }

  /** The live products of open brands that match the query's terms (all without terms). */
  private textMatches(query: EngineQuery): SlotSet | null {
    if (!query.hasTerms) return null;
    if (!query.typed) return new Int32Array(0);
    const typed = this.evaluate(query.typed);
    return query.corrected ? union(typed, this.evaluate(query.corrected)) : typed;
  }

  /** The page of product ids and the count of all matches, ordered as the SQL search orders. */
  search(query: EngineQuery, limit: number, offset: number): { ids: number[]; total: number } {
    const matches = this.textMatches(query);
    const categoryCode = this.categoryCode(query);
    const r = query.refinements;
    const freeAt = r.freeShippingAtCents ?? 0;
    const freeAll = freeAt >= this.marketplaceFree;
    if (matches === null) return this.listing(query, categoryCode, limit, offset);
    if (query.sort === '' && query.typed?.kind === 'term' && !query.corrected) {
      return this.oneWord(query.typed.lexeme, query, categoryCode, limit, offset);
    }

    // Keep the shown products that pass every filter (the arrays read once, for the loop).
    const kept = new Int32Array(matches.length);
    let m = 0;
    const refined = SearchIndex.hasRefinements(r);
    const { flags, bizActive, business, category } = this;
    for (let i = 0; i < matches.length; i++) {
      const s = matches[i]!;
      if ((flags[s]! & 1) === 0 || bizActive[business[s]!] !== 1) continue;
      if (categoryCode >= 0 && category[s] !== categoryCode) continue;
      if (refined && this.passes(s, categoryCode, r, freeAt, freeAll) !== PASS_ALL) continue;
      kept[m++] = s;
    }
    const slots = kept.subarray(0, m);
    const want = Math.min(m, offset + limit);
    if (offset >= m) return { ids: [], total: m };

    // Sort keys, larger first: rank then id, or price then id.
    // Keys, larger first: the rank (as float4, as PostgreSQL compares it) then the id, or the
    // price then the id.
    const primary = new Float64Array(m);
    const ids = new Int32Array(m);
    const allIds = this.ids;
    for (let i = 0; i < m; i++) ids[i] = allIds[slots[i]!]!;
    if (query.sort === '') {
      const rank = new Float64Array(m);
      if (query.corrected) {
        this.addRank(query.typed!, slots, rank, 2);
        this.addRank(query.corrected, slots, rank, 1);
      } else {
        this.addRank(query.typed!, slots, rank, 3);
      }
      for (let i = 0; i < m; i++) primary[i] = Math.fround(rank[i]!);
    } else {
      const sign = query.sort === 'price_low_to_high' ? -1 : 1;
      const price = this.price;
      for (let i = 0; i < m; i++) {
        primary[i] = sign * price[slots[i]!]!;
        if (sign < 0) ids[i] = -ids[i]!;
      }
    }
    const top = topK(primary, ids, want);
    const page: number[] = [];
    for (let i = offset; i < top.length; i++) page.push(Math.abs(ids[top[i]!]!));
    return { ids: page, total: m };
  }

  /**
   * One word by rank, the commonest search: its rank is its lexeme's score (ts_rank of one
   * lexeme, times 3, orders alike), read in the same pass that filters its postings.
   */
  private oneWord(
    lexeme: string,
    query: EngineQuery,
    categoryCode: number,
    limit: number,
    offset: number,
  ): { ids: number[]; total: number } {
    const p = this.postings.get(lexeme);
    if (!p) return { ids: [], total: 0 };
    const r = query.refinements;
    const refined = SearchIndex.hasRefinements(r);
    const freeAt = r.freeShippingAtCents ?? 0;
    const freeAll = freeAt >= this.marketplaceFree;
    const { flags, bizActive, business, category, ids: allIds } = this;
    const { docs, scores, length } = p;
    const primary = new Float64Array(length);
    const ids = new Int32Array(length);
    let m = 0;
    for (let j = 0; j < length; j++) {
      const s = docs[j]!;
      if ((flags[s]! & 1) === 0 || bizActive[business[s]!] !== 1) continue;
      if (categoryCode >= 0 && category[s] !== categoryCode) continue;
      if (refined && this.passes(s, categoryCode, r, freeAt, freeAll) !== PASS_ALL) continue;
      primary[m] = scores[j]!;
      ids[m] = allIds[s]!;
      m++;
    }
    if (offset >= m) return { ids: [], total: m };
    const top = topK(primary.subarray(0, m), ids.subarray(0, m), Math.min(m, offset + limit));
    const page: number[] = [];
    for (let i = offset; i < top.length; i++) page.push(ids[top[i]!]!);
    return { ids: page, total: m };
  }

  /** Builds the orders of the listings without terms (newest first; by price). */
  private ensureOrders() {
    if (this.byCreated && this.recent.length <= Math.max(2000, this.slots / 50)) return;
    const live = this.allSlots();
    const n = live.length;
    const maxId = this.slotOfId.length;
    const keys = new Float64Array(n);
    const byKey = (key: (s: number) => number) => {
      for (let i = 0; i < n; i++) keys[i] = key(live[i]!);
      keys.sort();
      const out = new Int32Array(n);
      for (let i = 0; i < n; i++) out[i] = this.slotOfId[keys[i]! % ID_BITS]! - 1;
      return out;
    };
    if (maxId < ID_BITS) {
      // Oldest first (reversed when walked), then by price.
      this.byCreated = byKey(
        (s) => Math.max(0, this.createdSeconds[s]! - EPOCH_SECONDS) * ID_BITS + this.ids[s]!,
      );
      this.byPrice = byKey((s) => this.price[s]! * ID_BITS + this.ids[s]!);
    } else {
      const cmpCreated = (a: number, b: number) =>
        this.createdSeconds[a]! - this.createdSeconds[b]! || this.ids[a]! - this.ids[b]!;
      this.byCreated = Int32Array.from(live).sort(cmpCreated);
      this.byPrice = Int32Array.from(live).sort(
        (a, b) => this.price[a]! - this.price[b]! || this.ids[a]! - this.ids[b]!,
      );
    }
    this.recent = new IntList();
  }

  /** A listing without terms: walks the prebuilt order, merged with the recent slots. */
  private listing(
    query: EngineQuery,
    categoryCode: number,
    limit: number,
    offset: number,
  ): { ids: number[]; total: number } {
    this.ensureOrders();
    const r = query.refinements;
    const refined = SearchIndex.hasRefinements(r);
    const freeAt = r.freeShippingAtCents ?? 0;
    const freeAll = freeAt >= this.marketplaceFree;
    const keep = (s: number) =>
      (this.flags[s]! & 1) === 1 &&
      this.bizActive[this.business[s]!] === 1 &&
      (categoryCode < 0 || this.category[s] === categoryCode) &&
      (!refined || this.passes(s, categoryCode, r, freeAt, freeAll) === PASS_ALL);

    // Keys, larger first.
    const key =
      query.sort === 'price_low_to_high'
        ? (s: number) => -(this.price[s]! * ID_BITS + this.ids[s]!)
        : query.sort === 'price_high_to_low'
          ? (s: number) => this.price[s]! * ID_BITS + this.ids[s]!
          : (s: number) =>
              Math.max(0, this.createdSeconds[s]! - EPOCH_SECONDS) * ID_BITS + this.ids[s]!;
    const base = query.sort === '' ? this.byCreated! : this.byPrice!;
    const ascending = query.sort === 'price_low_to_high';
    const recent = Array.from(this.recent.data.subarray(0, this.recent.length))
      .filter(keep)
      .sort((a, b) => key(b) - key(a));

    let total: number;
    if (!refined) {
      total = categoryCode < 0 ? this.liveShown : this.categoryCounts[categoryCode]!;
    } else {
      total = 0;
      for (let s = 0; s < this.slots; s++) if (keep(s)) total++;
    }
    const ids: number[] = [];
    let skipped = 0;
    let i = ascending ? 0 : base.length - 1;
    const step = ascending ? 1 : -1;
    let j = 0;
    while (ids.length < limit) {
      let next = -1;
      while (i >= 0 && i < base.length && !keep(base[i]!)) i += step;
      const fromBase = i >= 0 && i < base.length ? base[i]! : -1;
      const fromRecent = j < recent.length ? recent[j]! : -1;
      if (fromBase < 0 && fromRecent < 0) break;
      if (fromRecent >= 0 && (fromBase < 0 || key(fromRecent) > key(fromBase))) {
        next = fromRecent;
        j++;
      } else {
        next = fromBase;
        i += step;
      }
      if (skipped < offset) skipped++;
      else ids.push(this.ids[next]!);
    }
    return { ids, total };
  }

  /**
   * Facet counts: for each choice, the products the search finds with that choice made and
   * every other current choice kept.
   */
  facets(query: EngineQuery): FacetCounts {
    return this.facetsOver(this.textMatches(query), this.categoryCode(query), query.refinements);
  }

  /** The slots of these product ids (those in the index), sorted. */
  private slotsOf(ids: readonly number[]): SlotSet {
    const out: number[] = [];
    for (const id of ids) {
      if (id < this.slotOfId.length && this.slotOfId[id]! > 0) out.push(this.slotOfId[id]! - 1);
    }
    return Int32Array.from(out).sort();
  }

  /** Which of these products are shown and pass the filters (a curated list filtered). */
  filterIds(ids: readonly number[], r: SearchRefinements): Set<number> {
    const freeAt = r.freeShippingAtCents ?? 0;
    const freeAll = freeAt >= this.marketplaceFree;
    const kept = new Set<number>();
    for (const s of this.slotsOf(ids)) {
      if (this.isShown(s) && this.passes(s, -1, r, freeAt, freeAll) === PASS_ALL) {
        kept.add(this.ids[s]!);
      }
    }
    return kept;
  }

  /** The facets of a fixed set of products (a curated list; a phrase's exact matches). */
  facetsOfIds(
    ids: readonly number[],
    r: SearchRefinements,
    productCategory: string | null = null,
  ): FacetCounts {
    return this.facetsOver(
      this.slotsOf(ids),
      productCategory === null ? -1 : (CATEGORY_INDEX.get(productCategory) ?? OTHER_CATEGORY),
      r,
    );
  }

  /** The ids of the products that match the query's words (a phrase as all its words). */
  textMatchIds(query: EngineQuery): number[] {
    const matches = this.textMatches(query) ?? this.allSlots();
    const ids: number[] = [];
    for (const s of matches) if (this.isShown(s)) ids.push(this.ids[s]!);
    return ids;
  }

  private facetsOver(
    matches: SlotSet | null,
    categoryCode: number,
    r: SearchRefinements,
  ): FacetCounts {
    const freeAt = r.freeShippingAtCents ?? 0;
    const freeAll = freeAt >= this.marketplaceFree;
    // Per brand, once: shown, verified, ships free (as filter bits and as facet flags).
    const brands = this.bizActive.length;
    const bizBits = new Uint8Array(brands);
    const bizFlags = new Uint8Array(brands);
    for (let b = 0; b < brands; b++) {
      if (this.bizActive[b] !== 1) continue;
      const verified = this.bizVerified[b] === 1;
      const free = freeAll || this.shipsFree(b, freeAt);
      bizFlags[b] = 1 | (verified ? 2 : 0) | (free ? 4 : 0);
      bizBits[b] =
        (!r.verified || verified ? PASS_VERIFIED : 0) |
        (r.freeShippingAtCents === null || free ? PASS_FREE : 0);
    }
    const ranges = SEARCH_PRICE_RANGES;
    const counts: FacetCounts = {
      count: 0,
      secondHand: 0,
      verified: 0,
      freeShipping: 0,
      priceRanges: ranges.map(() => 0),
      categories: new Map(PRODUCT_CATEGORIES.map((c) => [c, 0])),
    };
    const perCategory = new Int32Array(OTHER_CATEGORY + 1);
    const perRange = new Int32Array(ranges.length);
    const { flags, business, category, price } = this;
    const min = r.minPriceCents ?? Number.NEGATIVE_INFINITY;
    const max = r.maxPriceCents ?? Number.POSITIVE_INFINITY;
    const n = matches ? matches.length : this.slots;
    let count = 0;
    let secondHand = 0;
    let verified = 0;
    let freeShipping = 0;
    for (let i = 0; i < n; i++) {
      const s = matches ? matches[i]! : i;
      const f = flags[s]!;
      if ((f & 1) === 0) continue;
      const biz = business[s]!;
      const bf = bizFlags[biz]!;
      if (bf === 0) continue;
      const p = price[s]!;
      const c = category[s]!;
      const bits =
        bizBits[biz]! |
        (categoryCode < 0 || c === categoryCode ? PASS_CATEGORY : 0) |
        (!r.secondHand || f & 2 ? PASS_SECOND_HAND : 0) |
        (p >= min && p <= max ? PASS_PRICE : 0);
      if (bits === PASS_ALL) count++;
      if ((bits | PASS_SECOND_HAND) === PASS_ALL && f & 2) secondHand++;
      if ((bits | PASS_VERIFIED) === PASS_ALL && bf & 2) verified++;
      if ((bits | PASS_FREE) === PASS_ALL && bf & 4) freeShipping++;
      if ((bits | PASS_PRICE) === PASS_ALL) {
        for (let k = 0; k < ranges.length; k++) {
          const [lo, hi] = ranges[k]!;
          if (p >= lo && (hi === null || p <= hi)) perRange[k]!++;
        }
      }
      if ((bits | PASS_CATEGORY) === PASS_ALL) perCategory[c]!++;
    }
    counts.count = count;
    counts.secondHand = secondHand;
    counts.verified = verified;
    counts.freeShipping = freeShipping;
    counts.priceRanges = Array.from(perRange);
    PRODUCT_CATEGORIES.forEach((c, k) => {
      counts.categories.set(c, perCategory[k]!);
    });
    return counts;
  }
}

/**
 * The indexes of the `k` largest (primary, then secondary) entries, largest first: one pass
 * with a heap of k whose root is the smallest kept, so most entries cost one comparison.
 */
function topK(primary: Float64Array, secondary: Int32Array, k: number): Int32Array {
  const n = primary.length;
  const size = Math.min(k, n);
  const heap = new Int32Array(size);
  // `a` ranks below `b`.
  const below = (a: number, b: number) =>
    primary[a]! < primary[b]! || (primary[a] === primary[b] && secondary[a]! < secondary[b]!);
  const siftDown = (from: number, length: number) => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= length) return;
      let m = l;
      if (l + 1 < length && below(heap[l + 1]!, heap[l]!)) m = l + 1;
      if (!below(heap[m]!, heap[i]!)) return;
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  };
  let filled = 0;
  // From the end: entries come in slot order (about id order), so among equal ranks the
  // highest ids come first and the rest fail the root's test at once.
  for (let e = n - 1; e >= 0; e--) {
    if (filled < size) {
      // Sift up.
      let i = filled++;
      heap[i] = e;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!below(heap[i]!, heap[p]!)) break;
        const t = heap[i]!;
        heap[i] = heap[p]!;
        heap[p] = t;
        i = p;
      }
    } else if (size > 0 && below(heap[0]!, e)) {
      heap[0] = e;
      siftDown(0, size);
    }
  }
  // Heap sort: the smallest goes last.
  for (let end = size - 1; end > 0; end--) {
    const t = heap[0]!;
    heap[0] = heap[end]!;
    heap[end] = t;
    siftDown(0, end);
  }
  return heap;
}
