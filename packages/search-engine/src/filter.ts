import type { BrandTable } from './brands';
import type { Postings } from './postings';
import { META_SOLD_OUT, SECOND_HAND, type SlotStore, SOLD_OUT } from './slot-store';
import type { SearchRefinements } from './types';

/** What a product must pass for one query (filterOf). */
export interface Filter {
  /** Per brand: 1 when its products may be shown (open, and verified / ships free if asked). */
  bizOk: Uint8Array;
  /** Whether bizOk asks more than an open brand (verified, ships free). */
  brands: boolean;
  /** The category's code, or -1 for any. */
  categoryCode: number;
  secondHand: boolean;
  /** Whether stock is asked: products in stock only, or (with soldOut) sold-out ones only. */
  stocked: boolean;
  soldOut: boolean;
  /** Whether a price range is asked (min, max: its bounds, ±∞ when open). */
  priced: boolean;
  min: number;
  max: number;
  /**
   * Per brand, the lowest price its products must have (ships free: the amount the brand ships
   * free from to the shopper's country), or null for none; asked with `priced`.
   */
  brandMin: Float64Array | null;
  /** True when `brand16` cannot be read (a brand id over two bytes). */
  wide: boolean;
  /** The bits of a slot's `meta` the filter asks, and their values. */
  mask: number;
  bits: number;
}

/**
 * What a product must pass for one query, the brand's part (open, verified, ships free)
 * worked out once per brand, so each product costs one look-up for it.
 */
export function filterOf(
  store: SlotStore,
  brands: BrandTable,
  categoryCode: number,
  r: SearchRefinements,
): Filter {
  const stocked = r.inStock || r.soldOut;
  let bizOk = brands.active;
  if (r.verified || r.freeShippingAtCents !== null || r.brandIds.length > 0) {
    const freeAt = r.freeShippingAtCents;
    bizOk = new Uint8Array(brands.active.length);
    const chosen = chosenBrands(bizOk.length, r.brandIds);
    for (let b = 0; b < bizOk.length; b++) {
      bizOk[b] =
        brands.active[b] === 1 &&
        (!r.verified || brands.verified[b] === 1) &&
        (freeAt === null || brands.shipsFreeAt(b, freeAt)) &&
        (chosen === null || chosen[b] === 1)
          ? 1
          : 0;
    }
  }
  const brandMin = r.shipsFree ? brands.freeTo(r.country) : null;
  return {
    bizOk,
    brands: bizOk !== brands.active,
    categoryCode,
    secondHand: r.secondHand,
    stocked: stocked,
    soldOut: r.soldOut,
    priced: r.minPriceCents !== null || r.maxPriceCents !== null || brandMin !== null,
    min: r.minPriceCents ?? Number.NEGATIVE_INFINITY,
    max: r.maxPriceCents ?? Number.POSITIVE_INFINITY,
    brandMin,
    wide: store.wideBusiness,
    mask:
      1 |
      (r.secondHand ? 2 : 0) |
      (categoryCode >= 0 ? 0b111100 : 0) |
      (stocked ? META_SOLD_OUT : 0),
    bits:
      1 |
      (r.secondHand ? 2 : 0) |
      (categoryCode >= 0 ? categoryCode << 2 : 0) |
      (r.soldOut ? META_SOLD_OUT : 0),
  };
}

/** Per brand id below `size`, 1 when chosen; null when no brand is chosen (any brand). */
export function chosenBrands(size: number, brandIds: readonly number[]): Uint8Array | null {
  if (brandIds.length === 0) return null;
  const chosen = new Uint8Array(size);
  for (const id of brandIds) if (id >= 0 && id < size) chosen[id] = 1;
  return chosen;
}

/** A filter that keeps every shown product. */
export function isPlain(f: Filter): boolean {
  return !f.brands && f.categoryCode < 0 && !f.secondHand && !f.priced && !f.stocked;
}

/** Whether any refinement is asked (a listing's count is then a pass, not a counter). */
export function hasRefinements(r: SearchRefinements): boolean {
  return (
    r.secondHand ||
    r.verified ||
    r.minPriceCents !== null ||
    r.maxPriceCents !== null ||
    r.freeShippingAtCents !== null ||
    r.inStock ||
    r.soldOut ||
    r.brandIds.length > 0 ||
    r.shipsFree
  );
}

/** Whether the product of a slot is shown and passes the query's filter. */
export function keeps(store: SlotStore, f: Filter, s: number): boolean {
  if (!f.wide) {
    // Shown, second-hand and category at once; then the brand and the price if asked.
    if ((store.meta[s]! & f.mask) !== f.bits) return false;
    if (f.brands && f.bizOk[store.brand16[s]!] !== 1) return false;
    if (!f.priced) return true;
    const price = store.price[s]!;
    if (f.brandMin !== null && price < f.brandMin[store.brand16[s]!]!) return false;
    return price >= f.min && price <= f.max;
  }
  // Shown first (one byte), then only the filters the query has.
  if (store.shown[s] !== 1) return false;
  if (f.categoryCode >= 0 && store.category[s] !== f.categoryCode) return false;
  if (f.brands && f.bizOk[store.business[s]!] !== 1) return false;
  if (f.secondHand && (store.flags[s]! & SECOND_HAND) === 0) return false;
  if (f.stocked && (store.flags[s]! & SOLD_OUT) !== (f.soldOut ? SOLD_OUT : 0)) return false;
  if (!f.priced) return true;
  const price = store.price[s]!;
  if (f.brandMin !== null && price < f.brandMin[store.business[s]!]!) return false;
  return price >= f.min && price <= f.max;
}

/** How many of a list's products pass the filter (a sum, without a branch per product). */
export function countKept(store: SlotStore, p: Postings, filter: Filter): number {
  const { docs, length } = p;
  const { shown } = store;
  let total = 0;
  if (isPlain(filter)) {
    for (let j = 0; j < length; j++) total += shown[docs[j]!]!;
  } else if (filter.wide) {
    for (let j = 0; j < length; j++) if (keeps(store, filter, docs[j]!)) total++;
  } else {
    // keeps() as a sum of 0s and 1s: no branch per product to mispredict (whether a product
    // passes a filter is as good as random).
    const { meta, brand16, price } = store;
    const { mask, bits, bizOk, brands, priced, min, max, brandMin } = filter;
    for (let j = 0; j < length; j++) {
      const s = docs[j]!;
      let pass = +((meta[s]! & mask) === bits);
      if (brands) pass &= bizOk[brand16[s]!]!;
      if (priced) {
        const cents = price[s]!;
        pass &= +(cents >= min) & +(cents <= max);
        if (brandMin !== null) pass &= +(cents >= brandMin[brand16[s]!]!);
      }
      total += pass;
    }
  }
  return total;
}
