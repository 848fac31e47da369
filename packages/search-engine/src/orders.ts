import type { Layout } from './layout';
import { IntList } from './postings';
import type { SlotStore } from './slot-store';

/** Ids are packed beside a price or a time into one float64 sort key below this bound. */
export const ID_BITS = 2 ** 23;
const EPOCH_SECONDS = 946_684_800; // 2000-01-01

/** A slot's key in the newest-first order (larger first): its second since 2000, then its id. */
export function createdKey(store: SlotStore, s: number): number {
  return Math.max(0, store.createdSeconds[s]! - EPOCH_SECONDS) * ID_BITS + store.ids[s]!;
}

/** A slot's key by price (then id), ascending. */
export function priceKey(store: SlotStore, s: number): number {
  return store.price[s]! * ID_BITS + store.ids[s]!;
}

/**
 * The orders of the listings without terms (oldest first, and by price; walked either way),
 * whole and per category, built on demand, plus the slots added since they were built.
 */
export class ListingOrders {
  byCreated: Int32Array | null = null;
  byPrice: Int32Array | null = null;
  /** Per category code, its products in those orders. */
  byCreatedIn: Int32Array[] = [];
  byPriceIn: Int32Array[] = [];
  /** Slots added since the orders were built. */
  recent = new IntList();

  constructor(private readonly layout: Layout) {}

  /** A product was written into this slot. */
  added(slot: number) {
    if (this.byCreated) this.recent.push(slot);
  }

  /** Forgets the orders (the slots were renumbered). */
  reset() {
    this.byCreated = null;
    this.byPrice = null;
    this.recent = new IntList();
  }

  /** The recent slots that `keep` keeps, by `key` (larger first). */
  recentBy(keep: (s: number) => boolean, key: (s: number) => number): number[] {
    return Array.from(this.recent.data.subarray(0, this.recent.length))
      .filter(keep)
      .sort((a, b) => key(b) - key(a));
  }

  /** The order to walk (a category's part, or the whole), by price or newest first. */
  base(byPrice: boolean, categoryCode: number): Int32Array {
    if (byPrice) return categoryCode >= 0 ? this.byPriceIn[categoryCode]! : this.byPrice!;
    return categoryCode >= 0 ? this.byCreatedIn[categoryCode]! : this.byCreated!;
  }

  /** Builds the orders when missing or when many slots were added since. */
  ensure(store: SlotStore) {
    if (this.byCreated && this.recent.length <= Math.max(2000, store.count / 50)) return;
    const live = store.allSlots();
    const n = live.length;
    if (store.slotOfId.length < ID_BITS) {
      const keys = new Float64Array(n);
      const byKey = (key: (s: number) => number) => {
        for (let i = 0; i < n; i++) keys[i] = key(live[i]!);
        keys.sort();
        const out = new Int32Array(n);
        for (let i = 0; i < n; i++) out[i] = store.slotOfId[keys[i]! % ID_BITS]! - 1;
        return out;
      };
      this.byCreated = byKey((s) => createdKey(store, s));
      this.byPrice = byKey((s) => priceKey(store, s));
    } else {
      const { createdSeconds, price, ids } = store;
      this.byCreated = Int32Array.from(live).sort(
        (a, b) => createdSeconds[a]! - createdSeconds[b]! || ids[a]! - ids[b]!,
      );
      this.byPrice = Int32Array.from(live).sort(
        (a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!,
      );
    }
    // Each category's part of both orders, so a category's listing walks only its products.
    this.byCreatedIn = this.perCategory(store, this.byCreated);
    this.byPriceIn = this.perCategory(store, this.byPrice);
    this.recent = new IntList();
  }

  /** The slots of an order split by category, each part in the same order. */
  private perCategory(store: SlotStore, order: Int32Array): Int32Array[] {
    const codes = this.layout.otherCategory + 1;
    const counts = new Int32Array(codes);
    for (let i = 0; i < order.length; i++) counts[store.category[order[i]!]!]!++;
    const parts = Array.from(counts, (n) => new Int32Array(n));
    const filled = new Int32Array(codes);
    for (let i = 0; i < order.length; i++) {
      const s = order[i]!;
      const c = store.category[s]!;
      parts[c]![filled[c]!++] = s;
    }
    return parts;
  }
}
