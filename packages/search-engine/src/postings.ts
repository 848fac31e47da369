/**
 * The inverted index's lists: a lexeme's products (slots, ascending) with its share of the
 * rank in each, and per block of BLOCK postings the bounds that let a search by rank or price
 * pass over whole blocks that cannot reach its page (block-max, as search engines do).
 */

/** Postings per block of a list's block bounds (a power of 2). */
export const BLOCK_SHIFT = 7;
export const BLOCK = 1 << BLOCK_SHIFT;

/** A growing list of int32s. */
export class IntList {
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

/**
 * A lexeme's products (slots, ascending) with its score in each. Per block of BLOCK postings,
 * bounds (the highest score, the lowest and highest price, each with its best id; the highest
 * id) that let a search by rank or price pass over whole blocks that cannot reach its page,
 * which is most of a common word's list.
 */
export class Postings {
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
  /** Appends a posting: `slot` must be above every slot in the list. */
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
  /**
   * Keeps the postings of the slots `map` keeps (`map[old]` the new slot, -1 for dropped), in
   * order, and works the block bounds out anew; false when none is left.
   */
  remap(map: Int32Array, ids: Int32Array, price: Int32Array): boolean {
    let k = 0;
    for (let i = 0; i < this.length; i++) {
      const to = map[this.docs[i]!]!;
      if (to < 0) continue;
      this.docs[k] = to;
      this.scores[k] = this.scores[i]!;
      k++;
    }
    this.length = k;
    if (k === 0) return false;
    this.trim();
    this.bits = null;
    this.bitsUpTo = 0;
    this.resizeBlocks((this.length + BLOCK - 1) >> BLOCK_SHIFT);
    for (let j = 0; j < this.length; j++) {
      const s = this.docs[j]!;
      this.bound(j, ids[s]!, price[s]!);
    }
    return true;
  }
}

/**
 * The last index at or below `from` of a sorted list whose entry is at most `s` (-1 if none),
 * galloping down from `from`.
 */
export function seekDown(docs: Int32Array, from: number, s: number): number {
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
 * The share of a slot over the lists (their scores added in float4, in order), the cursors
 * moved down to it; -1 when `all` and a list lacks it.
 */
export function shareOf(lists: Postings[], cursors: Int32Array, s: number, all: boolean): number {
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

/** Adds each list's scores into its slots' values (float4 sums, in the lists' order). */
export function accumulate(into: Float32Array, lists: Postings[]) {
  for (const { docs, scores, length } of lists) {
    for (let j = 0; j < length; j++) into[docs[j]!] += scores[j]!;
  }
}

/** Sets the lists' slots' values back to 0. */
export function clear(into: Float32Array, lists: Postings[]) {
  for (const { docs, length } of lists) for (let j = 0; j < length; j++) into[docs[j]!] = 0;
}
