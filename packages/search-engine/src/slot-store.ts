import type { BrandTable } from './brands';
import type { Layout } from './layout';
import type { SlotSet } from './set-ops';
import { SlotStrings } from './slot-strings';
import type { ProductDoc, ProductSummary } from './types';

/** A slot's `flags`: bit 0 alive, bit 1 second-hand, bit 2 sold out. */
export const ALIVE = 1;
export const SECOND_HAND = 2;
export const SOLD_OUT = 4;
/** Sold out in a slot's `meta` byte (bit 6). */
export const META_SOLD_OUT = 64;

/**
 * The products' attributes, one column (typed array) per attribute and one row (slot) per
 * product version. A change gives the product a new slot and leaves the old one dead (skipped
 * everywhere), so the posting lists only grow at their end and stay sorted by slot; `compact()`
 * drops the dead slots.
 */
export class SlotStore {
  // Per slot.
  ids = new Int32Array(1024);
  business = new Int32Array(1024);
  price = new Int32Array(1024);
  createdSeconds = new Float64Array(1024);
  category = new Uint8Array(1024);
  /** The facets' price range of the product's price (Layout.rangeOf). */
  priceRange = new Uint8Array(1024);
  /** ALIVE | SECOND_HAND | SOLD_OUT. */
  flags = new Uint8Array(1024);
  /** What can be bought of the product; -1 when not counted. */
  stock = new Int32Array(1024);
  /** The average rating in tenths (10–50); 0 with no rating. */
  ratingTenths = new Uint8Array(1024);
  /** How many ratings. */
  ratingCount = new Int32Array(1024);
  /** 1 when the slot's product is live and its brand open (what every search shows at least). */
  shown = new Uint8Array(1024);
  /**
   * What a filter reads first of a slot, in one byte: shown (bit 0), second-hand (bit 1),
   * category (bits 2–5), sold out (bit 6). A megabyte at a million products: it stays in the CPU's cache while a
   * long list is filtered (five arrays of a slot's attributes do not).
   */
  meta = new Uint8Array(1024);
  /** The brand of a slot in two bytes (while every brand id fits), for the brand filters. */
  brand16 = new Uint16Array(1024);
  /** True once a brand's id does not fit two bytes: filters then read `business`. */
  wideBusiness = false;
  /**
   * The page's fields the columns do not hold (a result is answered without the database):
   * names and first pictures, as UTF-8 per slot, no string per product on the JS heap.
   */
  names = new SlotStrings();
  images = new SlotStrings();
  /** Slots used, live or dead. */
  count = 0;
  dead = 0;
  /** Per product id: its live slot + 1 (0: none). */
  slotOfId = new Int32Array(1024);
  /** The category of a product whose category the options do not list. */
  readonly otherCategory = new Map<number, string>();
  /** Shown products per category code (the count of a listing without terms), and in all. */
  readonly categoryCounts: Int32Array;
  liveShown = 0;
  /** Live products that are sold out (while 0, no search has to put any last). */
  liveSoldOut = 0;

  constructor(private readonly layout: Layout) {
    this.categoryCounts = new Int32Array(layout.otherCategory + 1);
  }

  get size(): number {
    return this.count - this.dead;
  }

  /** The live slot of a product id, or -1. */
  slotOf(id: number): number {
    return id < this.slotOfId.length ? this.slotOfId[id]! - 1 : -1;
  }

  isShown(slot: number): boolean {
    return this.shown[slot] === 1;
  }

  /** Writes a product into a new slot (its old one must be killed first); returns the slot. */
  add(doc: ProductDoc, brandActive: boolean): number {
    const slot = this.count++;
    this.grow(this.count);
    this.growIds(doc.id);
    this.ids[slot] = doc.id;
    this.business[slot] = doc.businessId;
    this.price[slot] = doc.priceCents;
    this.priceRange[slot] = this.layout.rangeOf(doc.priceCents);
    this.createdSeconds[slot] = Math.floor(doc.createdMs / 1000);
    const category = this.layout.categoryCode(doc.productCategory);
    this.category[slot] = category;
    if (category === this.layout.otherCategory) {
      this.otherCategory.set(doc.id, doc.productCategory);
    } else this.otherCategory.delete(doc.id);
    const stock = doc.stock ?? null;
    this.flags[slot] = ALIVE | (doc.secondHand ? SECOND_HAND : 0) | (stock === 0 ? SOLD_OUT : 0);
    this.stock[slot] = stock === null ? -1 : stock;
    if (stock === 0) this.liveSoldOut++;
    const ratings = doc.ratingCount ?? 0;
    this.ratingCount[slot] = ratings;
    this.ratingTenths[slot] = ratings > 0 ? Math.round(((doc.ratingSum ?? 0) * 10) / ratings) : 0;
    this.shown[slot] = brandActive ? 1 : 0;
    this.pack(slot);
    this.names.set(slot, doc.name);
    this.images.set(slot, doc.primaryImage);
    this.slotOfId[doc.id] = slot + 1;
    if (brandActive) {
      this.categoryCounts[category]!++;
      this.liveShown++;
    }
    return slot;
  }

  /** Marks a product's slot dead (nothing when the product is not there). */
  kill(id: number): boolean {
    const slot = this.slotOf(id);
    if (slot < 0) return false;
    if (this.isShown(slot)) {
      this.categoryCounts[this.category[slot]!]!--;
      this.liveShown--;
    }
    if (this.flags[slot]! & SOLD_OUT) this.liveSoldOut--;
    this.flags[slot] = this.flags[slot]! & ~ALIVE;
    this.shown[slot] = 0;
    this.meta[slot] = this.meta[slot]! & ~1;
    this.names.set(slot, null);
    this.images.set(slot, null);
    this.slotOfId[id] = 0;
    this.dead++;
    return true;
  }

  /** Works `shown` and the counts out anew (a brand opened or closed). */
  recount(brands: BrandTable) {
    this.categoryCounts.fill(0);
    this.liveShown = 0;
    for (let s = 0; s < this.count; s++) {
      const shown = (this.flags[s]! & ALIVE) !== 0 && brands.isActive(this.business[s]!);
      this.shown[s] = shown ? 1 : 0;
      this.meta[s] = (this.meta[s]! & ~1) | this.shown[s]!;
      if (shown) {
        this.categoryCounts[this.category[s]!]!++;
        this.liveShown++;
      }
    }
  }

  /** The live slots, ascending. */
  allSlots(): SlotSet {
    const out = new Int32Array(this.count);
    let k = 0;
    for (let s = 0; s < this.count; s++) if (this.flags[s]! & ALIVE) out[k++] = s;
    return out.subarray(0, k);
  }

  /** The slots of these product ids (those in the index), sorted. */
  slotsOf(ids: readonly number[]): SlotSet {
    const out: number[] = [];
    for (const id of ids) {
      const s = this.slotOf(id);
      if (s >= 0) out.push(s);
    }
    return Int32Array.from(out).sort();
  }

  /** The result fields of a shown slot's product. */
  summary(s: number, brands: BrandTable): ProductSummary {
    const id = this.ids[s]!;
    const biz = this.business[s]!;
    const category = this.category[s]!;
    return {
      id,
      name: this.names.get(s) ?? '',
      priceCents: this.price[s]!,
      businessId: biz,
      businessName: brands.names[biz] ?? '',
      condition: this.flags[s]! & SECOND_HAND ? 'second_hand' : 'new',
      productCategory:
        category < this.layout.otherCategory
          ? this.layout.categories[category]!
          : (this.otherCategory.get(id) ?? ''),
      primaryImage: this.images.get(s),
      stock: this.stock[s]! < 0 ? null : this.stock[s]!,
      ratingAverage: this.ratingCount[s]! > 0 ? this.ratingTenths[s]! / 10 : null,
      ratingCount: this.ratingCount[s]!,
    };
  }

  /** Drops the strings' spare capacity (after a bulk load). */
  trim() {
    this.names.trim();
    this.images.trim();
  }

  /**
   * Rebuilds the columns without the dead slots; returns the map of old slots to new ones (-1
   * for dropped), for the posting lists.
   */
  compact(): Int32Array {
    const map = new Int32Array(this.count).fill(-1);
    let next = 0;
    for (let s = 0; s < this.count; s++) if (this.flags[s]! & ALIVE) map[s] = next++;
    const keep = <T extends Int32Array | Float64Array | Uint8Array>(a: T): T => {
      const out = new (a.constructor as new (n: number) => T)(Math.max(1024, next));
      for (let s = 0; s < this.count; s++) if (map[s]! >= 0) out[map[s]!] = a[s]!;
      return out;
    };
    this.ids = keep(this.ids);
    this.business = keep(this.business);
    this.price = keep(this.price);
    this.createdSeconds = keep(this.createdSeconds);
    this.category = keep(this.category);
    this.priceRange = keep(this.priceRange);
    this.flags = keep(this.flags);
    this.stock = keep(this.stock);
    this.ratingTenths = keep(this.ratingTenths);
    this.ratingCount = keep(this.ratingCount);
    this.shown = keep(this.shown);
    this.meta = new Uint8Array(this.ids.length);
    this.brand16 = new Uint16Array(this.ids.length);
    for (let s = 0; s < next; s++) this.pack(s);
    this.names = this.names.compacted(map, this.count, next);
    this.images = this.images.compacted(map, this.count, next);
    this.slotOfId.fill(0);
    for (let s = 0; s < next; s++) this.slotOfId[this.ids[s]!] = s + 1;
    this.count = next;
    this.dead = 0;
    return map;
  }

  /** Writes a slot's filter attributes (`meta`, `brand16`) from its columns. */
  private pack(s: number) {
    const business = this.business[s]!;
    if (business > 0xffff) this.wideBusiness = true;
    const flags = this.flags[s]!;
    this.meta[s] =
      this.shown[s]! |
      (flags & SECOND_HAND) |
      (this.category[s]! << 2) |
      (flags & SOLD_OUT ? META_SOLD_OUT : 0);
    this.brand16[s] = business;
  }

  private grow(need: number) {
    if (need <= this.ids.length) return;
    const size = Math.max(need, Math.ceil(this.ids.length * 1.5));
    const grow = <T extends Int32Array | Float64Array | Uint8Array | Uint16Array>(a: T): T => {
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
    this.stock = grow(this.stock);
    this.ratingTenths = grow(this.ratingTenths);
    this.ratingCount = grow(this.ratingCount);
    this.shown = grow(this.shown);
    this.meta = grow(this.meta);
    this.brand16 = grow(this.brand16);
  }

  private growIds(id: number) {
    if (id < this.slotOfId.length) return;
    const next = new Int32Array(Math.max(id + 1, this.slotOfId.length * 2));
    next.set(this.slotOfId);
    this.slotOfId = next;
  }
}
