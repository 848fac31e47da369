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

/** Postings per block of a list's block maxima (a power of 2). */
const BLOCK_SHIFT = 7;
const BLOCK = 1 << BLOCK_SHIFT;

/**
 * A lexeme's products (slots, ascending) with its score in each. Per block of BLOCK postings,
 * bounds (the highest score, the lowest and highest price, each with its best id; the highest
 * id) that let a search by rank or price pass over whole blocks that cannot reach its page
 * (block-max, as search engines do), which is most of a common word's list.
 */
class Postings {
  docs: Int32Array;
  scores: Float32Array;
  blockMax: Float32Array;
  blockMaxId: Int32Array;
  /** Per block, the lowest price and the lowest id at it; the highest and the highest id. */
  blockMinPrice: Int32Array;
  blockMinPriceId: Int32Array;
  blockMaxPrice: Int32Array;
  blockMaxPriceId: Int32Array;
  /** Per block, the highest product id in it. */
  blockTopId: Int32Array;
  /** The list as a bit per slot, for a list of many products (built when first needed). */
  private bits: Int32Array | null = null;
  private bitsUpTo = 0;
  length = 0;
  constructor() {
    this.docs = new Int32Array(2);
    this.scores = new Float32Array(2);
    this.blockMax = new Float32Array(1);
    this.blockMaxId = new Int32Array(1);
    this.blockMinPrice = new Int32Array(1);
    this.blockMinPriceId = new Int32Array(1);
    this.blockMaxPrice = new Int32Array(1);
    this.blockMaxPriceId = new Int32Array(1);
    this.blockTopId = new Int32Array(1);
  }
  push(slot: number, score: number, id: number, price: number) {
    if (this.length === this.docs.length) {
      const size = this.docs.length < 1024 ? this.docs.length * 2 : this.docs.length * 1.5;
      const docs = new Int32Array(Math.ceil(size));
      docs.set(this.docs);
      this.docs = docs;
      const scores = new Float32Array(Math.ceil(size));
      scores.set(this.scores);
      this.scores = scores;
    }
    const j = this.length++;
    this.docs[j] = slot;
    this.scores[j] = score;
    const b = j >> BLOCK_SHIFT;
    if (b >= this.blockMax.length) this.resizeBlocks(Math.max(b + 1, this.blockMax.length * 2));
    this.bound(j, id, price);
  }
  private resizeBlocks(blocks: number) {
    const grow = <T extends Int32Array | Float32Array>(a: T): T => {
      const out = new (a.constructor as new (n: number) => T)(blocks);
      out.set(a.subarray(0, Math.min(blocks, a.length)));
      return out;
    };
    this.blockMax = grow(this.blockMax);
    this.blockMaxId = grow(this.blockMaxId);
    this.blockMinPrice = grow(this.blockMinPrice);
    this.blockMinPriceId = grow(this.blockMinPriceId);
    this.blockMaxPrice = grow(this.blockMaxPrice);
    this.blockMaxPriceId = grow(this.blockMaxPriceId);
    this.blockTopId = grow(this.blockTopId);
  }
  /** Takes posting j (of product `id` at `price`) into its block's bounds. */
  private bound(j: number, id: number, price: number) {
    const b = j >> BLOCK_SHIFT;
    const score = this.scores[j]!;
    if ((j & (BLOCK - 1)) === 0) {
      this.blockMax[b] = score;
      this.blockMaxId[b] = id;
      this.blockMinPrice[b] = price;
      this.blockMinPriceId[b] = id;
      this.blockMaxPrice[b] = price;
      this.blockMaxPriceId[b] = id;
      this.blockTopId[b] = id;
      return;
    }
    if (id > this.blockTopId[b]!) this.blockTopId[b] = id;
    if (score > this.blockMax[b]! || (score === this.blockMax[b] && id > this.blockMaxId[b]!)) {
      this.blockMax[b] = score;
      this.blockMaxId[b] = id;
    }
    if (
      price < this.blockMinPrice[b]! ||
      (price === this.blockMinPrice[b] && id < this.blockMinPriceId[b]!)
    ) {
      this.blockMinPrice[b] = price;
      this.blockMinPriceId[b] = id;
    }
    if (
      price > this.blockMaxPrice[b]! ||
      (price === this.blockMaxPrice[b] && id > this.blockMaxPriceId[b]!)
    ) {
      this.blockMaxPrice[b] = price;
      this.blockMaxPriceId[b] = id;
    }
  }
  /** Trims the spare capacity (after a bulk load). */
  trim() {
    const blocks = (this.length + BLOCK - 1) >> BLOCK_SHIFT;
    if (this.docs.length !== this.length) {
      this.docs = this.docs.slice(0, this.length);
      this.scores = this.scores.slice(0, this.length);
    }
    if (this.blockMax.length !== blocks) this.resizeBlocks(blocks);
  }
  /** Whether the list has this slot (a binary search). */
  has(slot: number): boolean {
    const { docs } = this;
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const d = docs[mid]!;
      if (d === slot) return true;
      if (d < slot) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  /** The highest score in the list. */
  maxScore(): number {
    let max = Number.NEGATIVE_INFINITY;
    const blocks = (this.length + BLOCK - 1) >> BLOCK_SHIFT;
    for (let b = 0; b < blocks; b++) if (this.blockMax[b]! > max) max = this.blockMax[b]!;
    return max;
  }
  /**
   * The list as a bit set over `slots` slots, brought up to date with the postings added since
   * (a list only grows between compactions; a removed product's bit stays, as its posting does).
   */
  bitsOver(slots: number): Int32Array {
    const words = (slots + 31) >> 5;
    if (!this.bits || this.bits.length < words) {
      const next = new Int32Array(words + (words >> 3));
      if (this.bits) next.set(this.bits);
      this.bits = next;
    }
    const { bits, docs } = this;
    for (let j = this.bitsUpTo; j < this.length; j++) {
      const s = docs[j]!;
      bits[s >> 5]! |= 1 << (s & 31);
    }
    this.bitsUpTo = this.length;
    return bits;
  }
  /** Works the block bounds out anew (after the postings were rewritten). */
  reblock(ids: Int32Array, price: Int32Array) {
    this.bits = null;
    this.bitsUpTo = 0;
    this.resizeBlocks((this.length + BLOCK - 1) >> BLOCK_SHIFT);
    for (let j = 0; j < this.length; j++) {
      const s = this.docs[j]!;
      this.bound(j, ids[s]!, price[s]!);
    }
  }
}

/** The fewest products of the rarest word for words all required to be matched by blocks. */
const BLOCKS_FROM = 4096;

/** The most steps of a price order a one-word search by price walks expecting its page. */
const WALK_STEPS = 2000;

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
  /** The facets' price range of the product's price (priceRangeOf). */
  private priceRange = new Uint8Array(1024);
  /** bit 0: alive; bit 1: second-hand. */
  private flags = new Uint8Array(1024);
  /** 1 when the slot's product is live and its brand open (what every search shows at least). */
  private shown = new Uint8Array(1024);
  /**
   * What a filter reads first of a slot, in one byte: shown (bit 0), second-hand (bit 1),
   * category (bits 2–5). A megabyte at a million products: it stays in the CPU's cache while a
   * long list is filtered (five arrays of a slot's attributes do not).
   */
  private meta = new Uint8Array(1024);
  /** The brand of a slot in two bytes (while every brand id fits), for the brand filters. */
  private brand16 = new Uint16Array(1024);
  /** True once a brand's id does not fit two bytes: filters then read `business`. */
  private wideBusiness = false;
  /**
   * The page's fields the arrays do not hold (a result is answered without the database):
   * names and first pictures, as UTF-8 per slot, no string per product on the JS heap.
   */
  private names = new SlotStrings();
  private images = new SlotStrings();
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
  /** Ranking scratch (scratch()). */
  private readonly rankScratch: Float32Array[] = [new Float32Array(0), new Float32Array(0)];
  /** Live products of open brands, per category code: the count of a listing without terms. */
  private categoryCounts = new Int32Array(OTHER_CATEGORY + 1);
  private liveShown = 0;
  // Orders of the listings without terms, built on demand, plus the slots added since.
  private byCreated: Int32Array | null = null;
  private byPrice: Int32Array | null = null;
  /** Per category code, its products in those orders (ensureOrders()). */
  private byCreatedIn: Int32Array[] = [];
  private byPriceIn: Int32Array[] = [];
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
    this.priceRange = grow(this.priceRange);
    this.flags = grow(this.flags);
    this.shown = grow(this.shown);
    this.meta = grow(this.meta);
    const brand16 = new Uint16Array(size);
    brand16.set(this.brand16);
    this.brand16 = brand16;
  }

  /** Writes a slot's filter attributes (`meta`, `brand16`) from its arrays. */
  private pack(s: number) {
    const business = this.business[s]!;
    if (business > 0xffff) this.wideBusiness = true;
    this.meta[s] = this.shown[s]! | (this.flags[s]! & 2) | (this.category[s]! << 2);
    this.brand16[s] = business;
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
    return this.shown[slot] === 1;
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
    this.priceRange[slot] = priceRangeOf(doc.priceCents);
    this.createdSeconds[slot] = Math.floor(doc.createdMs / 1000);
    this.category[slot] = CATEGORY_INDEX.get(doc.productCategory) ?? OTHER_CATEGORY;
    if (this.category[slot] === OTHER_CATEGORY) this.otherCategory.set(doc.id, doc.productCategory);
    else this.otherCategory.delete(doc.id);
    this.flags[slot] = 1 | (doc.secondHand ? 2 : 0);
    this.shown[slot] = this.bizActive[doc.businessId] === 1 ? 1 : 0;
    this.pack(slot);
    this.names.set(slot, doc.name);
    this.images.set(slot, doc.primaryImage);
    this.slotOfId[doc.id] = slot + 1;
    for (const term of parseTsvector(doc.vector)) {
      let list = this.postings.get(term.lexeme);
      if (!list) {
        list = new Postings();
        this.postings.set(term.lexeme, list);
      }
      list.push(slot, term.score, doc.id, doc.priceCents);
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
    this.shown[slot] = 0;
    this.meta[slot] = this.meta[slot]! & ~1;
    this.names.set(slot, null);
    this.images.set(slot, null);
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
      const shown = (this.flags[s]! & 1) === 1 && this.bizActive[this.business[s]!] === 1;
      this.shown[s] = shown ? 1 : 0;
      this.meta[s] = (this.meta[s]! & ~1) | this.shown[s]!;
      if (shown) {
        this.categoryCounts[this.category[s]!]!++;
        this.liveShown++;
      }
    }
  }

  /** Drops the spare capacity of the posting lists (after a bulk load). */
  trim(): void {
    for (const p of this.postings.values()) p.trim();
    this.names.trim();
    this.images.trim();
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
    this.priceRange = keep(this.priceRange);
    this.flags = keep(this.flags);
    this.shown = keep(this.shown);
    this.meta = new Uint8Array(this.ids.length);
    this.brand16 = new Uint16Array(this.ids.length);
    for (let s = 0; s < next; s++) this.pack(s);
    this.names = this.names.compacted(map, this.slots, next);
    this.images = this.images.compacted(map, this.slots, next);
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
      else {
        p.trim();
        p.reblock(this.ids, this.price);
      }
    }
    this.slotOfId.fill(0);
    for (let s = 0; s < next; s++) this.slotOfId[this.ids[s]!] = s + 1;
    this.slots = next;
    this.dead = 0;
    this.byCreated = null;
    this.byPrice = null;
    this.recent = new IntList();
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
        name: this.names.get(s) ?? '',
        priceCents: this.price[s]!,
        businessId: biz,
        businessName: this.bizName[biz] ?? '',
        condition: this.flags[s]! & 2 ? 'second_hand' : 'new',
        productCategory:
          this.category[s]! < OTHER_CATEGORY
            ? PRODUCT_CATEGORIES[this.category[s]!]!
            : (this.otherCategory.get(id) ?? ''),
        primaryImage: this.images.get(s),
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
   * What a product must pass for one query, the brand's part (open, verified, ships free)
   * worked out once per brand, so each product costs one look-up for it.
   */
  private filterOf(categoryCode: number, r: SearchRefinements): Filter {
    let bizOk = this.bizActive;
    if (r.verified || r.freeShippingAtCents !== null) {
      const freeAt = r.freeShippingAtCents ?? 0;
      const freeAll = r.freeShippingAtCents === null || freeAt >= this.marketplaceFree;
      bizOk = new Uint8Array(this.bizActive.length);
      for (let b = 0; b < bizOk.length; b++) {
        bizOk[b] =
          this.bizActive[b] === 1 &&
          (!r.verified || this.bizVerified[b] === 1) &&
          (freeAll || this.shipsFree(b, freeAt))
            ? 1
            : 0;
      }
    }
    return {
      bizOk,
      brands: bizOk !== this.bizActive,
      categoryCode,
      secondHand: r.secondHand,
      priced: r.minPriceCents !== null || r.maxPriceCents !== null,
      min: r.minPriceCents ?? Number.NEGATIVE_INFINITY,
      max: r.maxPriceCents ?? Number.POSITIVE_INFINITY,
      wide: this.wideBusiness,
      mask: 1 | (r.secondHand ? 2 : 0) | (categoryCode >= 0 ? 0b111100 : 0),
      bits: 1 | (r.secondHand ? 2 : 0) | (categoryCode >= 0 ? categoryCode << 2 : 0),
    };
  }

  /** A filter that keeps every shown product. */
  private isPlain(f: Filter): boolean {
    return !f.brands && f.categoryCode < 0 && !f.secondHand && !f.priced;
  }

  /** Whether the product of a slot is shown and passes the query's filter. */
  private keeps(f: Filter, s: number): boolean {
    if (!f.wide) {
      // Shown, second-hand and category at once; then the brand and the price if asked.
      if ((this.meta[s]! & f.mask) !== f.bits) return false;
      if (f.brands && f.bizOk[this.brand16[s]!] !== 1) return false;
      if (!f.priced) return true;
      const price = this.price[s]!;
      return price >= f.min && price <= f.max;
    }
    // Shown first (one byte), then only the filters the query has.
    if (this.shown[s] !== 1) return false;
    if (f.categoryCode >= 0 && this.category[s] !== f.categoryCode) return false;
    if (f.brands && f.bizOk[this.business[s]!] !== 1) return false;
    if (f.secondHand && (this.flags[s]! & 2) === 0) return false;
    if (!f.priced) return true;
    const price = this.price[s]!;
    return price >= f.min && price <= f.max;
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

  /**
   * The postings of the one lexeme whose products are exactly the query's matches (null: that
   * lexeme is in no product), or false for any other query. A typo whose typed words are in
   * no product at all (`bambo`) is its correction alone: the typed share of its rank is 0.
   */
  private singleList(query: EngineQuery): Postings | null | false {
    if (!query.hasTerms || !query.typed) return false;
    let node = query.typed;
    if (query.corrected) {
      const typed = allOf(query.typed);
      if (!typed || typed.some((lexeme) => this.postings.has(lexeme))) return false;
      node = query.corrected;
    }
    if (node.kind !== 'term') return false;
    return this.postings.get(node.lexeme) ?? null;
  }

  /** The page of product ids and the count of all matches, ordered as the SQL search orders. */
  search(query: EngineQuery, limit: number, offset: number): { ids: number[]; total: number } {
    const filter = this.filterOf(this.categoryCode(query), query.refinements);
    const page = (top: TopK, total: number) =>
      offset >= total
        ? { ids: [], total }
        : { ids: Array.from(top.sorted().subarray(offset)), total };
    // One word (the commonest search, and a typo's one-word correction).
    const single = this.singleList(query);
    if (single === null) return { ids: [], total: 0 };
    if (single) {
      if (query.sort !== '') {
        return this.offerOneWordByPrice(single, filter, query.sort, limit, offset);
      }
      const top = new TopK(offset + limit);
      return page(top, this.offerOneWord(single, filter, top));
    }
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
      return page(top, this.offerAllWords(typedAll, correctedAll, filter, top));
    }
    const matches = this.textMatches(query);
    if (matches === null) return this.listing(query, filter, limit, offset);
    // One pass over the matches, from the last slot (about the highest id) down: each kept
    // product is counted and offered to a heap of the page's size. No array of the matches'
    // size is made. Each order has its own loop (a small function the JIT optimizes alone).
    const top = new TopK(offset + limit);
    if (query.sort !== '') return page(top, this.offerByPrice(matches, filter, query.sort, top));
    return page(top, this.offerByRank(matches, filter, query.typed, query.corrected, top));
  }

  /** How many of a list's products pass the filter (a sum, without a branch per product). */
  private countKept(p: Postings, filter: Filter): number {
    const { docs, length } = p;
    const { shown } = this;
    let total = 0;
    if (this.isPlain(filter)) {
      for (let j = 0; j < length; j++) total += shown[docs[j]!]!;
    } else if (filter.wide) {
      for (let j = 0; j < length; j++) if (this.keeps(filter, docs[j]!)) total++;
    } else {
      // keeps() as a sum of 0s and 1s: no branch per product to mispredict (whether a product
      // passes a filter is as good as random).
      const { meta, brand16, price } = this;
      const { mask, bits, bizOk, brands, priced, min, max } = filter;
      for (let j = 0; j < length; j++) {
        const s = docs[j]!;
        let pass = +((meta[s]! & mask) === bits);
        if (brands) pass &= bizOk[brand16[s]!]!;
        if (priced) {
          const cents = price[s]!;
          pass &= +(cents >= min) & +(cents <= max);
        }
        total += pass;
      }
    }
    return total;
  }

  /**
   * One word by price. The count is a pass over the word's list. The page: when the word is
   * common in the price order walked (the category's), the first products of that order that
   * have it (a binary search in its list each); else, or when the walk finds them too slowly
   * (price and word go together: candles are never the dearest home goods), the blocks of the
   * list whose cheapest (or dearest) product could still reach the heap.
   */
  private offerOneWordByPrice(
    p: Postings,
    filter: Filter,
    sort: SearchFilter,
    limit: number,
    offset: number,
  ): { ids: number[]; total: number } {
    const total = this.countKept(p, filter);
    if (offset >= total) return { ids: [], total };
    const need = offset + limit;
    const walked = this.walkByPrice(p, filter, sort, need, total);
    if (walked) return { ids: walked.slice(offset), total };
    const { docs } = p;
    const { price, ids } = this;
    const top = new TopK(need);
    const ascending = sort === 'price_low_to_high';
    const sign = ascending ? -1 : 1;
    // Per block, the best key it could offer and that key's best tie.
    const bound = ascending ? p.blockMinPrice : p.blockMaxPrice;
    const boundId = ascending ? p.blockMinPriceId : p.blockMaxPriceId;
    for (let b = (p.length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
      const best = sign * bound[b]!;
      if (best < top.floor || (best === top.floor && sign * boundId[b]! <= top.floorTie)) continue;
      const from = b << BLOCK_SHIFT;
      for (let j = Math.min(p.length, from + BLOCK) - 1; j >= from; j--) {
        const s = docs[j]!;
        if (!this.keeps(filter, s)) continue;
        const key = sign * price[s]!;
        if (key < top.floor) continue;
        const id = ids[s]!;
        top.push(key, sign * id, id);
      }
    }
    return { ids: Array.from(top.sorted().subarray(offset)), total };
  }

  /**
   * The ids of the first `need` products of the price order (the category's) that pass the
   * filter and have the word, or null when the walk would take too long: it is tried only when
   * the word's `total` products should turn up within a few hundred steps, and given up after
   * four times the steps an even spread would take.
   */
  private walkByPrice(
    p: Postings,
    filter: Filter,
    sort: SearchFilter,
    need: number,
    total: number,
  ): number[] | null {
    this.ensureOrders();
    const code = filter.categoryCode;
    const base = code >= 0 ? this.byPriceIn[code]! : this.byPrice!;
    const expected = (need * base.length) / total;
    if (expected > WALK_STEPS) return null;
    let budget = 4 * expected + 64;
    const ascending = sort === 'price_low_to_high';
    const { price, ids } = this;
    // Keys, larger first (as offerByPrice and listing order them).
    const key = ascending
      ? (s: number) => -(price[s]! * ID_BITS + ids[s]!)
      : (s: number) => price[s]! * ID_BITS + ids[s]!;
    const recent = Array.from(this.recent.data.subarray(0, this.recent.length))
      .filter((s) => this.keeps(filter, s) && p.has(s))
      .sort((a, b) => key(b) - key(a));
    const out: number[] = [];
    let i = ascending ? 0 : base.length - 1;
    const step = ascending ? 1 : -1;
    let j = 0;
    while (out.length < need) {
      for (; i >= 0 && i < base.length; i += step) {
        if (--budget < 0) return null;
        const s = base[i]!;
        if (this.keeps(filter, s) && p.has(s)) break;
      }
      const fromBase = i >= 0 && i < base.length ? base[i]! : -1;
      const fromRecent = j < recent.length ? recent[j]! : -1;
      if (fromBase < 0 && fromRecent < 0) break;
      if (fromRecent >= 0 && (fromBase < 0 || key(fromRecent) > key(fromBase))) {
        out.push(ids[fromRecent]!);
        j++;
      } else {
        out.push(ids[fromBase]!);
        i += step;
      }
    }
    return out;
  }

  /** By price, then id (both ascending, or both descending). */
  private offerByPrice(matches: SlotSet, filter: Filter, sort: SearchFilter, top: TopK): number {
    const sign = sort === 'price_low_to_high' ? -1 : 1;
    const { price, ids } = this;
    let total = 0;
    for (let i = matches.length - 1; i >= 0; i--) {
      const s = matches[i]!;
      if (!this.keeps(filter, s)) continue;
      total++;
      const key = sign * price[s]!;
      if (key < top.floor) continue;
      const id = ids[s]!;
      top.push(key, sign * id, id);
    }
    return total;
  }

  /**
   * One word by rank, the commonest search: its rank is its lexeme's score (ts_rank of one
   * lexeme, times 3, orders alike), read beside the slot. Without a filter, the count is a sum
   * over the list and the page comes from the blocks whose best can still reach the heap: once
   * the page is full of the best scores, the rest of a common word's list is passed over.
   */
  private offerOneWord(p: Postings, filter: Filter, top: TopK): number {
    const { docs, scores, blockMax, blockMaxId, blockTopId } = p;
    const { shown, ids } = this;
    const plain = this.isPlain(filter);
    for (let b = (p.length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
      const max = blockMax[b]!;
      if (max < top.floor || (max === top.floor && blockMaxId[b]! <= top.floorTie)) continue;
      // With a filter the best scores may all be filtered out, so the floor may stay below
      // most blocks' best: a block's ties are then turned away by its highest id, and the rest
      // by their score, read in order, before the product is looked at.
      const topId = blockTopId[b]!;
      const from = b << BLOCK_SHIFT;
      for (let j = Math.min(p.length, from + BLOCK) - 1; j >= from; j--) {
        const score = scores[j]!;
        if (score < top.floor || (score === top.floor && topId <= top.floorTie)) continue;
        const s = docs[j]!;
        if (plain ? shown[s] !== 1 : !this.keeps(filter, s)) continue;
        const id = ids[s]!;
        top.push(score, id, id);
      }
    }
    return this.countKept(p, filter);
  }

  /**
   * ts_rank (calc_rank_or) of the typed terms, and of the corrected ones when a word was
   * corrected (the typed weighing twice), as PostgreSQL computes it in float4: each lexeme's
   * scores added into a scratch value per slot (in float4, in the lexemes' order), read for the
   * matches, then cleared.
   */
  private offerByRank(
    matches: SlotSet,
    filter: Filter,
    typedQuery: QueryNode | null,
    correctedQuery: QueryNode | null,
    top: TopK,
  ): number {
    const typed = this.rankLists(typedQuery);
    const corrected = this.rankLists(correctedQuery);
    const typedShare = this.scratch(0);
    const correctedShare = this.scratch(1);
    try {
      accumulate(typedShare, typed.lists);
      accumulate(correctedShare, corrected.lists);
      return this.offerRanked(
        matches,
        filter,
        typedShare,
        correctedQuery ? 2 : 3,
        Math.max(1, typed.size),
        correctedShare,
        Math.max(1, corrected.size),
        top,
      );
    } finally {
      clear(typedShare, typed.lists);
      clear(correctedShare, corrected.lists);
    }
  }

  private offerRanked(
    matches: SlotSet,
    filter: Filter,
    typedShare: Float32Array,
    typedFactor: number,
    typedSize: number,
    correctedShare: Float32Array,
    correctedSize: number,
    top: TopK,
  ): number {
    const { shown, ids } = this;
    const plain = this.isPlain(filter);
    let total = 0;
    for (let i = matches.length - 1; i >= 0; i--) {
      const s = matches[i]!;
      if (plain ? shown[s] !== 1 : !this.keeps(filter, s)) continue;
      total++;
      // The corrected share is 0 (all cleared) when no word was corrected.
      const score = Math.fround(
        typedFactor * Math.fround(typedShare[s]! / typedSize) +
          Math.fround(correctedShare[s]! / correctedSize),
      );
      if (score < top.floor) continue;
      const id = ids[s]!;
      top.push(score, id, id);
    }
    return total;
  }

  /**
   * Products with every typed word (or every corrected word, when a word was corrected), by
   * rank: the rarest word's products, from the highest slot down, each looked for in the other
   * words' postings by galloping cursors (a few steps each, whether the next is near or far);
   * the scores found are the rank's shares. The same matches and ranks as evaluate() and
   * offerByRank().
   */
  private offerAllWords(
    typedLexemes: string[],
    correctedLexemes: string[],
    filter: Filter,
    top: TopK,
  ): number {
    const typed = this.wordLists(typedLexemes);
    const corrected = this.wordLists(correctedLexemes);
    const correcting = correctedLexemes.length > 0;
    const rank: AllWordsRank = {
      typedFactor: correcting ? 2 : 3,
      typedSize: typedLexemes.length,
      correctedSize: Math.max(1, correctedLexemes.length),
      correcting,
    };
    // One set of words to match, the rarest of many products, the others many: by blocks.
    if (!correcting && typed.complete && this.byBlocks(typed.lists, typed.rarest!)) {
      return this.offerAllWordsByBlocks(typed.lists, typed.rarest!, [], true, filter, top, rank);
    }
    if (
      correcting &&
      !typed.complete &&
      corrected.complete &&
      this.byBlocks(corrected.lists, corrected.rarest!)
    ) {
      return this.offerAllWordsByBlocks(
        corrected.lists,
        corrected.rarest!,
        typed.lists,
        false,
        filter,
        top,
        rank,
      );
    }
    const plain = this.isPlain(filter);
    const { shown, ids } = this;
    let total = 0;
    const typedCursors = new Int32Array(typed.lists.length);
    const correctedCursors = new Int32Array(corrected.lists.length);
    const reset = () => {
      typed.lists.forEach((p, l) => {
        typedCursors[l] = p.length - 1;
      });
      corrected.lists.forEach((p, l) => {
        correctedCursors[l] = p.length - 1;
      });
    };
    const offer = (s: number, typedShare: number, correctedShare: number) => {
      if (plain ? shown[s] !== 1 : !this.keeps(filter, s)) return;
      total++;
      const score = allWordsRank(rank, typedShare, correctedShare);
      if (score < top.floor) return;
      const id = ids[s]!;
      top.push(score, id, id);
    };
    if (typed.complete) {
      reset();
      const { docs, length } = typed.rarest!;
      for (let j = length - 1; j >= 0; j--) {
        const s = docs[j]!;
        const t = shareOf(typed.lists, typedCursors, s, true);
        if (t < 0) continue;
        offer(s, t, correcting ? shareOf(corrected.lists, correctedCursors, s, false) : 0);
      }
    }
    if (correcting && corrected.complete) {
      reset();
      const { docs, length } = corrected.rarest!;
      for (let j = length - 1; j >= 0; j--) {
        const s = docs[j]!;
        const c = shareOf(corrected.lists, correctedCursors, s, true);
        if (c < 0) continue;
        // Those the typed words matched too were offered above.
        if (typed.complete && shareOf(typed.lists, typedCursors, s, true) >= 0) continue;
        offer(s, shareOf(typed.lists, typedCursors, s, false), c);
      }
    }
    return total;
  }

  /**
   * Whether words are worth matching by blocks: two or more, the rarest in many products, each
   * other word in enough of them for a bit set (at most twice its postings' size).
   */
  private byBlocks(lists: Postings[], rarest: Postings): boolean {
    const many = Math.max(BLOCKS_FROM, this.slots / 128);
    return (
      lists.length > 1 &&
      rarest.length >= BLOCKS_FROM &&
      lists.every((p) => p === rarest || p.length >= many)
    );
  }

  /**
   * offerAllWords for one set of words (`lists`, which must all be there), the other set's
   * share (`others`) counted where present. The count: each of the rarest word's products
   * kept and in every other word (a bit each). The page: the rarest word's blocks from the last
   * down, each passed over when the best rank it could give (its best score with the other
   * words' best) cannot reach the heap; the others looked for by galloping cursors.
   */
  private offerAllWordsByBlocks(
    lists: Postings[],
    rarest: Postings,
    others: Postings[],
    typedBranch: boolean,
    filter: Filter,
    top: TopK,
    rank: AllWordsRank,
  ): number {
    const { shown, ids } = this;
    const plain = this.isPlain(filter);
    const { typedFactor, typedSize, correcting } = rank;
    const score = (typedShare: number, correctedShare: number) =>
      allWordsRank(rank, typedShare, correctedShare);
    const { docs, scores, length, blockMax, blockTopId } = rarest;
    const rarestAt = lists.indexOf(rarest);
    const bits = lists.filter((p) => p !== rarest).map((p) => p.bitsOver(this.slots));
    const first = bits[0]!;
    /** Whether a product of the rarest word is in every other word (a bit each). */
    const inAll = (s: number) => {
      if (((first[s >> 5]! >>> (s & 31)) & 1) === 0) return false;
      for (let l = 1; l < bits.length; l++) {
        if (((bits[l]![s >> 5]! >>> (s & 31)) & 1) === 0) return false;
      }
      return true;
    };
    // The count: each of the rarest word's products kept and in every other word.
    let total = 0;
    if (bits.length === 1 && plain) {
      for (let j = 0; j < length; j++) {
        const s = docs[j]!;
        total += shown[s]! & (first[s >> 5]! >>> (s & 31)) & 1;
      }
    } else {
      for (let j = 0; j < length; j++) {
        const s = docs[j]!;
        if ((plain ? shown[s] === 1 : this.keeps(filter, s)) && inAll(s)) total++;
      }
    }
    const best = lists.map((p) => (p === rarest ? 0 : p.maxScore()));
    let othersBest = 0;
    for (const p of others) othersBest = Math.fround(othersBest + p.maxScore());
    const cursors = Int32Array.from(lists, (p) => p.length - 1);
    const otherCursors = Int32Array.from(others, (p) => p.length - 1);
    // The page. Two typed words without a filter (the commonest): the same, in one loop.
    if (lists.length === 2 && others.length === 0 && !correcting && plain) {
      const other = lists[1 - rarestAt]!;
      const otherDocs = other.docs;
      const otherScores = other.scores;
      const otherMax = best[1 - rarestAt]!;
      let cursor = other.length - 1;
      for (let b = (length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
        const bound = score(Math.fround(blockMax[b]! + otherMax), 0);
        if (bound < top.floor || (bound === top.floor && blockTopId[b]! <= top.floorTie)) continue;
        const from = b << BLOCK_SHIFT;
        for (let j = Math.min(length, from + BLOCK) - 1; j >= from; j--) {
          // Float addition is commutative: the two shares add alike in either order.
          const own = scores[j]!;
          const most = Math.fround(
            typedFactor * Math.fround(Math.fround(own + otherMax) / typedSize),
          );
          if (most < top.floor || (most === top.floor && blockTopId[b]! <= top.floorTie)) continue;
          const s = docs[j]!;
          if (shown[s] !== 1 || ((first[s >> 5]! >>> (s & 31)) & 1) === 0) continue;
          cursor = seekDown(otherDocs, cursor, s);
          const value = Math.fround(
            typedFactor * Math.fround(Math.fround(own + otherScores[cursor]!) / typedSize),
          );
          if (value < top.floor) continue;
          const id = ids[s]!;
          top.push(value, id, id);
        }
      }
      return total;
    }
    // The page.
    for (let b = (length - 1) >> BLOCK_SHIFT; b >= 0; b--) {
      const from = b << BLOCK_SHIFT;
      const to = Math.min(length, from + BLOCK) - 1;
      let sum = 0;
      for (let l = 0; l < lists.length; l++) {
        sum = Math.fround(sum + (l === rarestAt ? blockMax[b]! : best[l]!));
      }
      const bound = typedBranch ? score(sum, othersBest) : score(othersBest, sum);
      if (bound < top.floor || (bound === top.floor && blockTopId[b]! <= top.floorTie)) continue;
      for (let j = to; j >= from; j--) {
        const s = docs[j]!;
        if (!(plain ? shown[s] === 1 : this.keeps(filter, s)) || !inAll(s)) continue;
        // The rank's shares, in the lists' order: the rarest's score here, the others' found.
        let own = 0;
        for (let l = 0; l < lists.length; l++) {
          if (l === rarestAt) {
            own = Math.fround(own + scores[j]!);
            continue;
          }
          const list = lists[l]!;
          const k = seekDown(list.docs, cursors[l]!, s);
          cursors[l] = k;
          own = Math.fround(own + list.scores[k]!);
        }
        const other = shareOf(others, otherCursors, s, false);
        const value = typedBranch ? score(own, other) : score(other, own);
        if (value < top.floor) continue;
        const id = ids[s]!;
        top.push(value, id, id);
      }
    }
    return total;
  }

  /** The postings of distinct lexemes: all found or not, and the shortest. */
  private wordLists(lexemes: string[]) {
    const lists: Postings[] = [];
    let rarest: Postings | null = null;
    for (const lexeme of lexemes) {
      const p = this.postings.get(lexeme);
      if (!p) continue;
      lists.push(p);
      if (!rarest || p.length < rarest.length) rarest = p;
    }
    return { lists, rarest, complete: lists.length === lexemes.length && lists.length > 0 };
  }

  /** The postings of a query's lexemes (in its order) and the number of its lexemes. */
  private rankLists(query: QueryNode | null): { lists: Postings[]; size: number } {
    const lexemes = queryLexemes(query);
    const lists: Postings[] = [];
    for (const lexeme of lexemes) {
      const p = this.postings.get(lexeme);
      if (p) lists.push(p);
    }
    return { lists, size: lexemes.size };
  }

  /**
   * A value per slot for ranking, all 0 between searches (a search is synchronous, so one
   * pair serves them all; each search clears what it wrote).
   */
  private scratch(k: 0 | 1): Float32Array {
    if (this.rankScratch[k]!.length < this.slots) {
      this.rankScratch[k] = new Float32Array(Math.ceil(this.slots * 1.25));
    }
    return this.rankScratch[k]!;
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
    // Each category's part of both orders, so a category's listing walks only its products.
    this.byCreatedIn = this.perCategory(this.byCreated);
    this.byPriceIn = this.perCategory(this.byPrice);
    this.recent = new IntList();
  }

  /** The slots of an order split by category, each part in the same order. */
  private perCategory(order: Int32Array): Int32Array[] {
    const counts = new Int32Array(OTHER_CATEGORY + 1);
    for (let i = 0; i < order.length; i++) counts[this.category[order[i]!]!]!++;
    const parts = Array.from(counts, (n) => new Int32Array(n));
    const filled = new Int32Array(OTHER_CATEGORY + 1);
    for (let i = 0; i < order.length; i++) {
      const s = order[i]!;
      const c = this.category[s]!;
      parts[c]![filled[c]!++] = s;
    }
    return parts;
  }

  /** A listing without terms: walks the prebuilt order, merged with the recent slots. */
  private listing(
    query: EngineQuery,
    filter: Filter,
    limit: number,
    offset: number,
  ): { ids: number[]; total: number } {
    this.ensureOrders();
    const r = query.refinements;
    const refined = SearchIndex.hasRefinements(r);
    const keep = (s: number) => this.keeps(filter, s);

    // Keys, larger first.
    const key =
      query.sort === 'price_low_to_high'
        ? (s: number) => -(this.price[s]! * ID_BITS + this.ids[s]!)
        : query.sort === 'price_high_to_low'
          ? (s: number) => this.price[s]! * ID_BITS + this.ids[s]!
          : (s: number) =>
              Math.max(0, this.createdSeconds[s]! - EPOCH_SECONDS) * ID_BITS + this.ids[s]!;
    const code = filter.categoryCode;
    const base =
      query.sort === ''
        ? code >= 0
          ? this.byCreatedIn[code]!
          : this.byCreated!
        : code >= 0
          ? this.byPriceIn[code]!
          : this.byPrice!;
    const ascending = query.sort === 'price_low_to_high';
    const recent = Array.from(this.recent.data.subarray(0, this.recent.length))
      .filter(keep)
      .sort((a, b) => key(b) - key(a));

    let total: number;
    if (!refined) {
      total = filter.categoryCode < 0 ? this.liveShown : this.categoryCounts[filter.categoryCode]!;
    } else {
      total = 0;
      for (let s = 0; s < this.slots; s++) if (this.keeps(filter, s)) total++;
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
    const filter = this.filterOf(-1, r);
    const kept = new Set<number>();
    for (const s of this.slotsOf(ids)) if (this.keeps(filter, s)) kept.add(this.ids[s]!);
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
    // Per brand, once: shown, verified, ships free.
    const brands = this.bizActive.length;
    const bizFlags = new Uint8Array(brands);
    for (let b = 0; b < brands; b++) {
      if (this.bizActive[b] !== 1) continue;
      const verified = this.bizVerified[b] === 1;
      const free = freeAll || this.shipsFree(b, freeAt);
      bizFlags[b] = 1 | (verified ? 2 : 0) | (free ? 4 : 0);
    }
    // One pass that only counts: each shown match adds one to the cell of its category,
    // second-hand flag, price range, price-filter result and brand flags (a few thousand cells,
    // no branch to mispredict). The facets are then read off the cells.
    const cells = new Int32Array(FACET_CELLS);
    const { flags, business, category, price, priceRange } = this;
    const min = r.minPriceCents ?? Number.NEGATIVE_INFINITY;
    const max = r.maxPriceCents ?? Number.POSITIVE_INFINITY;
    const priced = min !== Number.NEGATIVE_INFINITY || max !== Number.POSITIVE_INFINITY;
    const count = (s: number) => {
      const f = flags[s]!;
      const p = price[s]!;
      const inPrice = priced ? (p >= min && p <= max ? 1 : 0) : 1;
      // A dead slot counts as a closed brand's.
      const brand = bizFlags[business[s]!]! & -(f & 1);
      const key =
        ((((category[s]! * 2 + ((f >> 1) & 1)) * RANGE_CODES + priceRange[s]!) * 2 + inPrice) <<
          3) |
        brand;
      cells[key]!++;
    };
    if (matches) for (let i = 0; i < matches.length; i++) count(matches[i]!);
    else for (let s = 0; s < this.slots; s++) count(s);

    const counts: FacetCounts = {
      count: 0,
      secondHand: 0,
      verified: 0,
      freeShipping: 0,
      priceRanges: SEARCH_PRICE_RANGES.map(() => 0),
      categories: new Map(PRODUCT_CATEGORIES.map((c) => [c, 0])),
    };
    const perCategory = new Int32Array(OTHER_CATEGORY + 1);
    for (let key = 0; key < FACET_CELLS; key++) {
      const n = cells[key]!;
      if (n === 0) continue;
      const bf = key & 7;
      if ((bf & 1) === 0) continue;
      let rest = key >> 3;
      const inPrice = rest & 1;
      rest >>= 1;
      const range = rest % RANGE_CODES;
      rest = (rest - range) / RANGE_CODES;
      const secondHand = rest & 1;
      const c = rest >> 1;
      const bits =
        (!r.verified || bf & 2 ? PASS_VERIFIED : 0) |
        (r.freeShippingAtCents === null || bf & 4 ? PASS_FREE : 0) |
        (categoryCode < 0 || c === categoryCode ? PASS_CATEGORY : 0) |
        (!r.secondHand || secondHand ? PASS_SECOND_HAND : 0) |
        (inPrice ? PASS_PRICE : 0);
      if (bits === PASS_ALL) counts.count += n;
      if ((bits | PASS_SECOND_HAND) === PASS_ALL && secondHand) counts.secondHand += n;
      if ((bits | PASS_VERIFIED) === PASS_ALL && bf & 2) counts.verified += n;
      if ((bits | PASS_FREE) === PASS_ALL && bf & 4) counts.freeShipping += n;
      if ((bits | PASS_PRICE) === PASS_ALL && range < SEARCH_PRICE_RANGES.length) {
        counts.priceRanges[range]! += n;
      }
      if ((bits | PASS_CATEGORY) === PASS_ALL) perCategory[c]! += n;
    }
    PRODUCT_CATEGORIES.forEach((c, k) => {
      counts.categories.set(c, perCategory[k]!);
    });
    return counts;
  }
}

/** The facets' price range of a price: its index in SEARCH_PRICE_RANGES (disjoint), or none. */
const RANGE_NONE = SEARCH_PRICE_RANGES.length;
const RANGE_CODES = RANGE_NONE + 1;
function priceRangeOf(cents: number): number {
  const k = SEARCH_PRICE_RANGES.findIndex(
    ([low, high]) => cents >= low && (high === null || cents <= high),
  );
  return k < 0 ? RANGE_NONE : k;
}
/** The facet count cells: category × second-hand × price range × in the price filter × brand flags. */
const FACET_CELLS = (OTHER_CATEGORY + 1) * 2 * RANGE_CODES * 2 * 8;

/**
 * A string (or null) per slot, kept as UTF-8 in one growing buffer: a million products' names
 * are a few tens of MB off the JS heap instead of a million strings for the GC to visit. A
 * slot written again leaves its old bytes behind until compacted().
 */
class SlotStrings {
  private static readonly encoder = new TextEncoder();
  private static readonly decoder = new TextDecoder();
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private start = new Int32Array(1024);
  /** The byte length, or -1 for null. */
  private length = new Int32Array(1024).fill(-1);

  set(slot: number, value: string | null): void {
    if (slot >= this.start.length) {
      const size = Math.max(slot + 1, Math.ceil(this.start.length * 1.5));
      const start = new Int32Array(size);
      start.set(this.start);
      this.start = start;
      const length = new Int32Array(size).fill(-1);
      length.set(this.length);
      this.length = length;
    }
    if (value === null) {
      this.length[slot] = -1;
      return;
    }
    const most = value.length * 3;
    if (this.used + most > this.bytes.length) {
      const bytes = new Uint8Array(Math.max(this.used + most, Math.ceil(this.bytes.length * 1.5)));
      bytes.set(this.bytes.subarray(0, this.used));
      this.bytes = bytes;
    }
    const { written } = SlotStrings.encoder.encodeInto(value, this.bytes.subarray(this.used));
    this.start[slot] = this.used;
    this.length[slot] = written;
    this.used += written;
  }

  get(slot: number): string | null {
    const n = slot < this.length.length ? this.length[slot]! : -1;
    if (n < 0) return null;
    const from = this.start[slot]!;
    return SlotStrings.decoder.decode(this.bytes.subarray(from, from + n));
  }

  /** The strings of the slots kept, at their new slots (`map[old]`, -1 for dropped). */
  compacted(map: Int32Array, slots: number, next: number): SlotStrings {
    const out = new SlotStrings();
    out.start = new Int32Array(Math.max(1024, next));
    out.length = new Int32Array(Math.max(1024, next)).fill(-1);
    let bytes = 0;
    for (let s = 0; s < slots; s++)
      if (map[s]! >= 0 && this.length[s]! > 0) bytes += this.length[s]!;
    out.bytes = new Uint8Array(Math.max(1 << 16, Math.ceil(bytes * 1.25)));
    for (let s = 0; s < slots; s++) {
      const to = map[s]!;
      const n = this.length[s]!;
      if (to < 0 || n < 0) continue;
      out.bytes.set(this.bytes.subarray(this.start[s]!, this.start[s]! + n), out.used);
      out.start[to] = out.used;
      out.length[to] = n;
      out.used += n;
    }
    return out;
  }

  /** Drops the spare capacity (after a bulk load). */
  trim(): void {
    this.bytes = this.bytes.slice(0, this.used);
  }
}

/** What a product must pass for one query (SearchIndex.filterOf). */
interface Filter {
  /** Per brand: 1 when its products may be shown (open, and verified / ships free if asked). */
  bizOk: Uint8Array;
  /** Whether bizOk asks more than an open brand (verified, ships free). */
  brands: boolean;
  /** The category's code, or -1 for any. */
  categoryCode: number;
  secondHand: boolean;
  /** Whether a price range is asked (min, max: its bounds, ±∞ when open). */
  priced: boolean;
  min: number;
  max: number;
  /** True when `brand16` cannot be read (a brand id over two bytes). */
  wide: boolean;
  /** The bits of a slot's `meta` the filter asks, and their values. */
  mask: number;
  bits: number;
}

/** Adds each list's scores into its slots' values (float4 sums, in the lists' order). */
function accumulate(into: Float32Array, lists: Postings[]) {
  for (const { docs, scores, length } of lists) {
    for (let j = 0; j < length; j++) into[docs[j]!] += scores[j]!;
  }
}

/** How offerAllWords weighs the typed and the corrected words' shares of a rank. */
interface AllWordsRank {
  /** 2 when a word was corrected, else 3. */
  typedFactor: number;
  typedSize: number;
  correctedSize: number;
  correcting: boolean;
}

/** ts_rank of words all required, in float4: the typed share, and the corrected one if any. */
function allWordsRank(r: AllWordsRank, typedShare: number, correctedShare: number): number {
  return Math.fround(
    r.typedFactor * Math.fround(typedShare / r.typedSize) +
      (r.correcting ? Math.fround(correctedShare / r.correctedSize) : 0),
  );
}

/**
 * The share of a slot over the lists (their scores added in float4, in order), the cursors
 * moved down to it; -1 when `all` and a list lacks it.
 */
function shareOf(lists: Postings[], cursors: Int32Array, s: number, all: boolean): number {
  let sum = 0;
  for (let l = 0; l < lists.length; l++) {
    const { docs, scores } = lists[l]!;
    const j = seekDown(docs, cursors[l]!, s);
    cursors[l] = j;
    if (j >= 0 && docs[j] === s) sum = Math.fround(sum + scores[j]!);
    else if (all) return -1;
  }
  return sum;
}

/**
 * The last index at or below `from` of a sorted list whose entry is at most `s` (-1 if none),
 * galloping down from `from`.
 */
function seekDown(docs: Int32Array, from: number, s: number): number {
  if (from < 0 || docs[from]! <= s) return from;
  let high = from;
  let step = 1;
  let low = from - 1;
  while (low >= 0 && docs[low]! > s) {
    high = low;
    step *= 2;
    low = high - step;
  }
  // docs[high] > s, and docs[low] <= s or low < 0: the answer is in [max(low, -1), high - 1].
  let a = Math.max(low, -1);
  let b = high - 1;
  while (a < b) {
    const mid = (a + b + 1) >> 1;
    if (docs[mid]! <= s) a = mid;
    else b = mid - 1;
  }
  return a;
}

/**
 * The distinct lexemes of a query that is words all required (`a & b & c`, or one word), in
 * the query's order; null for any other shape (or, not, phrase).
 */
function allOf(node: QueryNode | null): string[] | null {
  if (!node) return null;
  const out = new Set<string>();
  const walk = (n: QueryNode): boolean => {
    if (n.kind === 'term') {
      out.add(n.lexeme);
      return true;
    }
    return n.kind === 'and' && walk(n.left) && walk(n.right);
  };
  return walk(node) ? [...out] : null;
}

/** Sets the lists' slots' values back to 0. */
function clear(into: Float32Array, lists: Postings[]) {
  for (const { docs, length } of lists) for (let j = 0; j < length; j++) into[docs[j]!] = 0;
}

/**
 * The `k` largest entries offered, by (primary, then secondary), in a heap of k whose root is
 * the smallest kept: most offers cost one comparison. Offered about from the highest id down,
 * the entries equal in primary come highest first and fail that comparison at once.
 */
class TopK {
  private readonly primary: Float64Array;
  private readonly secondary: Float64Array;
  private readonly values: Int32Array;
  private filled = 0;
  /** The smallest primary kept once the heap is full (-∞ before): anything below is not. */
  floor = Number.NEGATIVE_INFINITY;
  /** With `floor`: the secondary of the lowest kept (-∞ before the heap is full). */
  get floorTie(): number {
    return this.filled === this.k && this.k > 0 ? this.secondary[0]! : Number.NEGATIVE_INFINITY;
  }
  constructor(private readonly k: number) {
    this.primary = new Float64Array(k);
    this.secondary = new Float64Array(k);
    this.values = new Int32Array(k);
  }
  /** `a` ranks below `b`. */
  private below(a: number, b: number): boolean {
    const { primary, secondary } = this;
    return (
      primary[a]! < primary[b]! || (primary[a] === primary[b] && secondary[a]! < secondary[b]!)
    );
  }
  private swap(a: number, b: number) {
    const { primary, secondary, values } = this;
    const p = primary[a]!;
    primary[a] = primary[b]!;
    primary[b] = p;
    const s = secondary[a]!;
    secondary[a] = secondary[b]!;
    secondary[b] = s;
    const v = values[a]!;
    values[a] = values[b]!;
    values[b] = v;
  }
  private siftDown(from: number, length: number) {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= length) return;
      let m = l;
      if (l + 1 < length && this.below(l + 1, l)) m = l + 1;
      if (!this.below(m, i)) return;
      this.swap(i, m);
      i = m;
    }
  }
  push(primary: number, secondary: number, value: number): void {
    if (this.filled < this.k) {
      let i = this.filled++;
      this.primary[i] = primary;
      this.secondary[i] = secondary;
      this.values[i] = value;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      if (this.filled === this.k) this.floor = this.primary[0]!;
      return;
    }
    if (this.k === 0) return;
    const rootPrimary = this.primary[0]!;
    if (primary < rootPrimary || (primary === rootPrimary && secondary <= this.secondary[0]!)) {
      return;
    }
    this.primary[0] = primary;
    this.secondary[0] = secondary;
    this.values[0] = value;
    this.siftDown(0, this.k);
    this.floor = this.primary[0]!;
  }
  /** The values kept, largest first (the heap is used up). */
  sorted(): Int32Array {
    for (let end = this.filled - 1; end > 0; end--) {
      this.swap(0, end);
      this.siftDown(0, end);
    }
    return this.values.subarray(0, this.filled);
  }
}
