import type { BrandTable } from './brands';
import type { Layout } from './layout';
import type { ListingOrders } from './orders';
import type { Postings } from './postings';
import type { SlotStore } from './slot-store';

/** What the query planners read of a SearchIndex (they never write it, but for scratch). */
export interface IndexState {
  readonly layout: Layout;
  readonly store: SlotStore;
  readonly brands: BrandTable;
  /** Lexeme → its postings. */
  readonly postings: Map<string, Postings>;
  readonly orders: ListingOrders;
  readonly scratch: RankScratch;
}

/**
 * A value per slot for ranking, all 0 between searches (a search is synchronous, so one pair
 * serves them all; each search clears what it wrote).
 */
export class RankScratch {
  private readonly values: Float32Array[] = [new Float32Array(0), new Float32Array(0)];

  get(k: 0 | 1, slots: number): Float32Array {
    if (this.values[k]!.length < slots) this.values[k] = new Float32Array(Math.ceil(slots * 1.25));
    return this.values[k]!;
  }
}
