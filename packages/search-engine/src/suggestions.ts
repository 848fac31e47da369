import type { Suggestion } from './types';

/**
 * Search as you type (issue 15, docs/decisions/0023): product names, brands and categories
 * whose words start with the words typed, in any order (the last one usually half typed), a
 * typo forgiven in a word of four letters or more. Kept by the SearchIndex beside its own data.
 *
 * Every word of a name points to the names that have it, in a list kept sorted (shorter names
 * first, then alphabetically), so a prefix is answered by merging the lists of the words it
 * starts, best first, and stopping at the first few that match every word typed.
 */

interface Entry {
  label: string;
  kind: 'product' | 'brand';
  /** Lower-case words of the label. */
  words: string[];
  /**
   * A brand's own id(s) (two brands may share a name). A product name's products are in the
   * index's typed lists instead (`firstProduct`…): nothing per product on the JS heap.
   */
  ids: Map<number, number> | null;
  /** The order of the word lists: label length, then label. */
  rank: string;
  /** Its place in SuggestionIndex.entryList. */
  index: number;
}

/** Shortest typed word a typo is forgiven in. */
const FUZZY_FROM = 4;

/** Most brands and categories among the suggestions; products fill the rest. */
const MAX_BRANDS = 3;
const MAX_CATEGORIES = 2;

export function labelWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** `a`, or a copy twice as long (at least) when `index` is past its end. */
function grownTo(a: Int32Array<ArrayBuffer>, index: number): Int32Array<ArrayBuffer> {
  if (index < a.length) return a;
  const next = new Int32Array(Math.max(index + 1, a.length * 2));
  next.set(a);
  return next;
}

function compareEntries(a: Entry, b: Entry): number {
  return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0;
}

/** Edit distance of a and b, or `limit + 1` once it is sure to be over `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

export class SuggestionIndex {
  private readonly entries = new Map<string, Entry>();
  /** Per kind, word → the entries of that kind that have it, sorted by rank. */
  private readonly byWord: Record<Entry['kind'], Map<string, Entry[]>> = {
    product: new Map(),
    brand: new Map(),
  };
  private sortedWords: string[] = [];
  private wordsDirty = false;
  /**
   * Per product id: its name's entry's index + 1 (0: none). A typed array, not a Map of a
   * million products: nothing for the garbage collector to walk.
   */
  private entryOfProduct = new Int32Array(1024);
  /** The entries by index (a free index is reused). */
  private readonly entryList: Array<Entry | undefined> = [];
  private readonly freeIndexes: number[] = [];
  private readonly brandEntry = new Map<number, Entry>();
  /**
   * The products of each product name, a list threaded through typed arrays (ids + 1, 0 for
   * none): per entry index its first and last product and their number; per product id the
   * next and previous of the same name, and its brand.
   */
  private firstProduct = new Int32Array(1024);
  private lastProduct = new Int32Array(1024);
  private productCount = new Int32Array(1024);
  private nextProduct = new Int32Array(1024);
  private prevProduct = new Int32Array(1024);
  private brandOfProduct = new Int32Array(1024);

  /** False while a bulk load appends to the word lists unsorted. */
  private sorted = false;

  /** The words of the categories' names. */
  private readonly categoryWords: string[];

  /**
   * `isBrandShown` says whether a brand's products (and the brand) may be suggested;
   * `categories` are suggested by their names' words, `max` suggestions at most.
   */
  constructor(
    private readonly isBrandShown: (businessId: number) => boolean,
    private readonly options: { categories: readonly string[]; max: number },
  ) {
    this.categoryWords = options.categories.flatMap((c) => labelWords(c));
  }

  /** Sorts the word lists once after a bulk load; from then on each entry is inserted in place. */
  finishLoad() {
    if (this.sorted) return;
    for (const lists of Object.values(this.byWord)) {
      for (const list of lists.values()) list.sort(compareEntries);
    }
    this.sorted = true;
  }

  private key(kind: Entry['kind'], label: string) {
    return `${kind}:${label.toLowerCase()}`;
  }

  private add(kind: Entry['kind'], label: string, id: number, businessId: number): Entry {
    const key = this.key(kind, label);
    let entry = this.entries.get(key);
    if (!entry) {
      const trimmed = label.trim();
      entry = {
        label: trimmed,
        kind,
        words: labelWords(trimmed),
        ids: kind === 'brand' ? new Map() : null,
        rank: `${String(trimmed.length).padStart(4, '0')}${trimmed.toLowerCase()}`,
        index: this.freeIndexes.pop() ?? this.entryList.length,
      };
      this.entryList[entry.index] = entry;
      this.entries.set(key, entry);
      const lists = this.byWord[kind];
      for (const word of entry.words) {
        let list = lists.get(word);
        if (!list) {
          list = [];
          lists.set(word, list);
          this.wordsDirty = true;
        }
        if (!this.sorted) {
          // Loading: sorted once at the end (finishLoad), not entry by entry.
          list.push(entry);
          continue;
        }
        // Sorted insert.
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (compareEntries(list[mid]!, entry) < 0) lo = mid + 1;
          else hi = mid;
        }
        list.splice(lo, 0, entry);
      }
    }
    if (entry.ids) entry.ids.set(id, businessId);
    else this.link(entry, id, businessId);
    return entry;
  }

  /** Appends a product to its name's list (in the order added, as a Map would keep them). */
  private link(entry: Entry, id: number, businessId: number) {
    this.growProducts(id);
    this.growEntries(entry.index);
    const k = entry.index;
    const last = this.lastProduct[k]! - 1;
    this.brandOfProduct[id] = businessId;
    this.prevProduct[id] = last + 1;
    this.nextProduct[id] = 0;
    if (last >= 0) this.nextProduct[last] = id + 1;
    else this.firstProduct[k] = id + 1;
    this.lastProduct[k] = id + 1;
    this.productCount[k]!++;
  }

  private unlink(entry: Entry, id: number) {
    const k = entry.index;
    const prev = this.prevProduct[id]! - 1;
    const next = this.nextProduct[id]! - 1;
    if (prev >= 0) this.nextProduct[prev] = next + 1;
    else this.firstProduct[k] = next + 1;
    if (next >= 0) this.prevProduct[next] = prev + 1;
    else this.lastProduct[k] = prev + 1;
    this.prevProduct[id] = 0;
    this.nextProduct[id] = 0;
    this.productCount[k]!--;
  }

  /** Makes room in the per-product arrays for product `id`. */
  private growProducts(id: number) {
    this.entryOfProduct = grownTo(this.entryOfProduct, id);
    this.nextProduct = grownTo(this.nextProduct, id);
    this.prevProduct = grownTo(this.prevProduct, id);
    this.brandOfProduct = grownTo(this.brandOfProduct, id);
  }

  /** Makes room in the per-entry arrays for entry `index`. */
  private growEntries(index: number) {
    this.firstProduct = grownTo(this.firstProduct, index);
    this.lastProduct = grownTo(this.lastProduct, index);
    this.productCount = grownTo(this.productCount, index);
  }

  private drop(entry: Entry, id: number) {
    if (entry.ids) entry.ids.delete(id);
    else this.unlink(entry, id);
    if ((entry.ids ? entry.ids.size : this.productCount[entry.index]!) > 0) return;
    this.entries.delete(this.key(entry.kind, entry.label));
    this.entryList[entry.index] = undefined;
    this.freeIndexes.push(entry.index);
    const lists = this.byWord[entry.kind];
    for (const word of entry.words) {
      const list = lists.get(word);
      if (!list) continue;
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) {
        lists.delete(word);
        this.wordsDirty = true;
      }
    }
  }

  setProduct(id: number, name: string, businessId: number) {
    this.removeProduct(id);
    if (name.trim() === '') return;
    // add() linked the product, making room for its id.
    this.entryOfProduct[id] = this.add('product', name, id, businessId).index + 1;
  }

  removeProduct(id: number) {
    const k = id < this.entryOfProduct.length ? this.entryOfProduct[id]! - 1 : -1;
    if (k < 0) return;
    this.entryOfProduct[id] = 0;
    const entry = this.entryList[k];
    if (entry) this.drop(entry, id);
  }

  setBrand(id: number, name: string | null) {
    const entry = this.brandEntry.get(id);
    if (entry) {
      this.brandEntry.delete(id);
      this.drop(entry, id);
    }
    if (name && name.trim() !== '') this.brandEntry.set(id, this.add('brand', name, id, id));
  }

  /** A shown product of the entry (a brand: itself while it is shown), or null. */
  private shownId(entry: Entry): number | null {
    if (entry.ids) {
      for (const [id, businessId] of entry.ids) if (this.isBrandShown(businessId)) return id;
      return null;
    }
    for (let p = this.firstProduct[entry.index]!; p > 0; p = this.nextProduct[p - 1]!) {
      if (this.isBrandShown(this.brandOfProduct[p - 1]!)) return p - 1;
    }
    return null;
  }

  private vocabulary(): string[] {
    if (this.wordsDirty) {
      this.sortedWords = [
        ...new Set([...this.byWord.product.keys(), ...this.byWord.brand.keys()]),
      ].sort();
      this.wordsDirty = false;
    }
    return this.sortedWords;
  }

  /** Words of the vocabulary that start with `prefix`, else (a typo) those nearly starting so. */
  private candidates(prefix: string): string[] {
    const words = this.vocabulary();
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < words.length && words[i]!.startsWith(prefix); i++) found.push(words[i]!);
    if (found.length || prefix.length < FUZZY_FROM) return found;
    // One slip in a word of 4 to 6 letters, two in a longer one; the first letter is kept.
    const limit = prefix.length >= 7 ? 2 : 1;
    // Only the words of the same first letter: a range of the sorted vocabulary.
    const first = prefix[0]!;
    let from = 0;
    let to = words.length;
    while (from < to) {
      const mid = (from + to) >>> 1;
      if (words[mid]! < first) from = mid + 1;
      else to = mid;
    }
    for (let k = from; k < words.length && words[k]!.startsWith(first); k++) {
      const word = words[k]!;
      const near = Math.min(
        editDistance(prefix, word.slice(0, prefix.length), limit),
        editDistance(prefix, word.slice(0, prefix.length + 1), limit),
        editDistance(prefix, word.slice(0, Math.max(1, prefix.length - 1)), limit),
      );
      if (near <= limit) found.push(word);
    }
    return found;
  }

  /** The best entries of one kind that match every typed word, best first. */
  private best(
    kind: Entry['kind'],
    typed: Array<Set<string>>,
    max: number,
  ): Array<{ entry: Entry; id: number }> {
    const out: Array<{ entry: Entry; id: number }> = [];
    if (max <= 0) return out;
    const byWord = this.byWord[kind];
    // Merge from the typed word with the fewest names of this kind.
    let narrowest = typed[0]!;
    let size = Number.POSITIVE_INFINITY;
    for (const set of typed) {
      let n = 0;
      for (const w of set) n += byWord.get(w)?.length ?? 0;
      if (n < size) {
        size = n;
        narrowest = set;
      }
    }
    // A merge of the sorted lists of the narrowest word's candidates, best first.
    const lists: Entry[][] = [];
    for (const w of narrowest) {
      const list = byWord.get(w);
      if (list?.length) lists.push(list);
    }
    const heads = lists.map(() => 0);
    const seen = new Set<Entry>();
    // A small binary heap of list indexes by their head entry.
    const heap: number[] = [];
    const less = (a: number, b: number) =>
      compareEntries(lists[a]![heads[a]!]!, lists[b]![heads[b]!]!) < 0;
    const up = (i: number) => {
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!less(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    };
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    };
    for (let k = 0; k < lists.length; k++) {
      heap.push(k);
      up(heap.length - 1);
    }
    let examined = 0;
    while (heap.length && out.length < max && examined < 50_000) {
      const k = heap[0]!;
      const entry = lists[k]![heads[k]!]!;
      heads[k]!++;
      if (heads[k]! < lists[k]!.length) down(0);
      else {
        heap[0] = heap[heap.length - 1]!;
        heap.pop();
        if (heap.length) down(0);
      }
      examined++;
      if (seen.has(entry)) continue;
      seen.add(entry);
      if (!typed.every((set) => entry.words.some((w) => set.has(w)))) continue;
      const id = this.shownId(entry);
      if (id !== null) out.push({ entry, id });
    }
    return out;
  }

  suggest(q: string): Suggestion[] {
    this.finishLoad();
    const words = labelWords(q).slice(0, 6);
    if (words.length === 0) return [];
    const suggestions: Suggestion[] = [];

    const typed = words.map((w) => new Set(this.candidates(w)));
    // A typed word that starts some word as it is (a name's or a category's) is not a typo.
    const exact = words.map(
      (w, i) =>
        [...typed[i]!].some((c) => c.startsWith(w)) ||
        this.categoryWords.some((o) => o.startsWith(w)),
    );
    for (const category of this.options.categories) {
      if (suggestions.length >= MAX_CATEGORIES) break;
      const own = labelWords(category);
      const matches = words.every((w, i) =>
        own.some((o) => o.startsWith(w) || (!exact[i] && nearlyStarts(o, w))),
      );
      if (matches) suggestions.push({ kind: 'category', label: category, id: null, category });
    }
    if (typed.some((set) => set.size === 0)) return suggestions;
    const brands = this.best('brand', typed, MAX_BRANDS);
    const products = this.best(
      'product',
      typed,
      this.options.max - suggestions.length - brands.length,
    );
    // Names that start with what was typed first, then the merge's order.
    const first = words[0]!;
    const startsFirst = (label: string) => (label.toLowerCase().startsWith(first) ? 0 : 1);
    const ordered = (list: Array<{ entry: Entry; id: number }>) =>
      list
        .map((x, i) => ({ ...x, i }))
        .sort((a, b) => startsFirst(a.entry.label) - startsFirst(b.entry.label) || a.i - b.i);
    for (const { entry, id } of ordered(brands)) {
      suggestions.push({ kind: 'brand', label: entry.label, id, category: null });
    }
    for (const { entry, id } of ordered(products)) {
      suggestions.push({ kind: 'product', label: entry.label, id, category: null });
    }
    return suggestions.slice(0, this.options.max);
  }
}

/** `word` starts with `prefix`, or nearly (one slip, two past 6 letters; first letter kept). */
function nearlyStarts(word: string, prefix: string): boolean {
  if (word.startsWith(prefix)) return true;
  if (prefix.length < FUZZY_FROM || word[0] !== prefix[0]) return false;
  const limit = prefix.length >= 7 ? 2 : 1;
  return editDistance(prefix, word.slice(0, prefix.length), limit) <= limit;
}
