import type { SlotSet } from './set-ops';
import { ALIVE } from './slot-store';
import type { IndexState } from './state';
import type { FacetCounts, SearchRefinements } from './types';

/**
 * Facet counts: for each choice, the products the search finds with that choice made and
 * every other current choice kept. One pass that only counts: each shown match adds one to
 * the cell of its category, second-hand flag, price range, price-filter result, sold-out flag
 * and brand flags
 * (a few thousand cells, no branch to mispredict). The facets are then read off the cells.
 */

/** Filter bits of a cell for one query (facets count with one of them left out). */
const PASS_CATEGORY = 1;
const PASS_SECOND_HAND = 2;
const PASS_VERIFIED = 4;
const PASS_PRICE = 8;
const PASS_FREE = 16;
const PASS_STOCK = 32;
const PASS_ALL = 63;

/** A brand's flags in a cell: bit 0 shown, bit 1 verified, bit 2 ships free. */
const BRAND_SHOWN = 1;
const BRAND_VERIFIED = 2;
const BRAND_FREE = 4;

/** The facets over these matches (null: every product) in a category (-1: any). */
export function facetsOver(
  state: IndexState,
  matches: SlotSet | null,
  categoryCode: number,
  r: SearchRefinements,
): FacetCounts {
  const cells = countCells(state, matches, r);
  return readCells(state, cells, categoryCode, r);
}

/** Per brand, once: shown, verified, ships free at the filter's amount (0 without one). */
function brandFlags(state: IndexState, r: SearchRefinements): Uint8Array {
  const { brands } = state;
  const freeAt = r.freeShippingAtCents ?? 0;
  const count = brands.active.length;
  const flags = new Uint8Array(count);
  for (let b = 0; b < count; b++) {
    if (brands.active[b] !== 1) continue;
    flags[b] =
      BRAND_SHOWN |
      (brands.verified[b] === 1 ? BRAND_VERIFIED : 0) |
      (brands.shipsFreeAt(b, freeAt) ? BRAND_FREE : 0);
  }
  return flags;
}

function countCells(state: IndexState, matches: SlotSet | null, r: SearchRefinements) {
  const { layout, store } = state;
  const bizFlags = brandFlags(state, r);
  const cells = new Int32Array(layout.facetCells);
  const { flags, business, category, price, priceRange } = store;
  const rangeCodes = layout.rangeCodes;
  const min = r.minPriceCents ?? Number.NEGATIVE_INFINITY;
  const max = r.maxPriceCents ?? Number.POSITIVE_INFINITY;
  const priced = min !== Number.NEGATIVE_INFINITY || max !== Number.POSITIVE_INFINITY;
  const count = (s: number) => {
    const f = flags[s]!;
    const p = price[s]!;
    const inPrice = priced ? (p >= min && p <= max ? 1 : 0) : 1;
    // A dead slot counts as a closed brand's.
    const brand = bizFlags[business[s]!]! & -(f & ALIVE);
    const key =
      (((((category[s]! * 2 + ((f >> 1) & 1)) * rangeCodes + priceRange[s]!) * 2 + inPrice) * 2 +
        ((f >> 2) & 1)) <<
        3) |
      brand;
    cells[key]!++;
  };
  if (matches) for (let i = 0; i < matches.length; i++) count(matches[i]!);
  else for (let s = 0; s < store.count; s++) count(s);
  return cells;
}

function readCells(
  state: IndexState,
  cells: Int32Array,
  categoryCode: number,
  r: SearchRefinements,
): FacetCounts {
  const { layout } = state;
  const ranges = layout.priceRanges.length;
  const counts: FacetCounts = {
    count: 0,
    secondHand: 0,
    verified: 0,
    freeShipping: 0,
    inStock: 0,
    priceRanges: layout.priceRanges.map(() => 0),
    categories: new Map(layout.categories.map((c) => [c, 0])),
  };
  const perCategory = new Int32Array(layout.otherCategory + 1);
  for (let key = 0; key < cells.length; key++) {
    const n = cells[key]!;
    if (n === 0) continue;
    const bf = key & 7;
    if ((bf & BRAND_SHOWN) === 0) continue;
    let rest = key >> 3;
    const soldOut = rest & 1;
    rest >>= 1;
    const inPrice = rest & 1;
    rest >>= 1;
    const range = rest % layout.rangeCodes;
    rest = (rest - range) / layout.rangeCodes;
    const secondHand = rest & 1;
    const c = rest >> 1;
    const bits =
      (!r.verified || bf & BRAND_VERIFIED ? PASS_VERIFIED : 0) |
      (r.freeShippingAtCents === null || bf & BRAND_FREE ? PASS_FREE : 0) |
      (categoryCode < 0 || c === categoryCode ? PASS_CATEGORY : 0) |
      (!r.secondHand || secondHand ? PASS_SECOND_HAND : 0) |
      (inPrice ? PASS_PRICE : 0) |
      ((r.inStock && soldOut) || (r.soldOut && !soldOut) ? 0 : PASS_STOCK);
    if (bits === PASS_ALL) counts.count += n;
    if ((bits | PASS_SECOND_HAND) === PASS_ALL && secondHand) counts.secondHand += n;
    if ((bits | PASS_VERIFIED) === PASS_ALL && bf & BRAND_VERIFIED) counts.verified += n;
    if ((bits | PASS_FREE) === PASS_ALL && bf & BRAND_FREE) counts.freeShipping += n;
    if ((bits | PASS_STOCK) === PASS_ALL && !soldOut) counts.inStock += n;
    if ((bits | PASS_PRICE) === PASS_ALL && range < ranges) counts.priceRanges[range]! += n;
    if ((bits | PASS_CATEGORY) === PASS_ALL) perCategory[c]! += n;
  }
  layout.categories.forEach((c, k) => {
    counts.categories.set(c, perCategory[k]!);
  });
  return counts;
}
