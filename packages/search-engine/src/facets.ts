import { chosenBrands } from './filter';
import type { SlotSet } from './set-ops';
import { ALIVE } from './slot-store';
import type { IndexState } from './state';
import type { BrandCount, FacetCounts, SearchRefinements } from './types';

/**
 * Facet counts: for each choice, the products the search finds with that choice made and
 * every other current choice kept. One pass that only counts: each shown match adds one to
 * the cell of its category, second-hand flag, price range, price-filter result, sold-out flag,
 * whether it ships free to the shopper's country and its brand's flags (some ten thousand
 * cells, no branch to mispredict), and to its brand's count when its cell passes every filter
 * but the brand choice. The facets are then read off the cells.
 */

/** Filter bits of a cell for one query (facets count with one of them left out). */
const PASS_CATEGORY = 1;
const PASS_SECOND_HAND = 2;
const PASS_VERIFIED = 4;
const PASS_PRICE = 8;
const PASS_FREE = 16;
const PASS_STOCK = 32;
const PASS_BRAND = 64;
const PASS_SHIPS_FREE = 128;
const PASS_ALL = 255;

/** A brand's flags in a cell: bit 0 shown, bit 1 verified, bit 2 ships free, bit 3 chosen. */
const BRAND_SHOWN = 1;
const BRAND_VERIFIED = 2;
const BRAND_FREE = 4;
const BRAND_CHOSEN = 8;
const BRAND_BITS = 4;

/** The facets over these matches (null: every product) in a category (-1: any). */
export function facetsOver(
  state: IndexState,
  matches: SlotSet | null,
  categoryCode: number,
  r: SearchRefinements,
): FacetCounts {
  // Per cell without its brand flags: whether it passes every filter but the brand's own
  // (verified, ships free at the amount: worked out per brand) and the brand choice.
  const productPass = new Uint8Array(state.layout.facetCells >> BRAND_BITS);
  const anyBrand = (1 << BRAND_BITS) - 1;
  for (let rest = 0; rest < productPass.length; rest++) {
    const { bits } = decode(state, (rest << BRAND_BITS) | anyBrand, categoryCode, r);
    productPass[rest] = bits === PASS_ALL ? 1 : 0;
  }
  const { cells, perBrand, bizFlags } = countCells(state, matches, r, productPass);
  const counts = readCells(state, cells, categoryCode, r);
  counts.brands = brandCounts(state, perBrand, bizFlags, r);
  return counts;
}

/** Per brand, once: shown, verified, ships free at the filter's amount (0 without one), chosen. */
function brandFlags(state: IndexState, r: SearchRefinements): Uint8Array {
  const { brands } = state;
  const freeAt = r.freeShippingAtCents ?? 0;
  const count = brands.active.length;
  const chosen = chosenBrands(count, r.brandIds);
  const flags = new Uint8Array(count);
  for (let b = 0; b < count; b++) {
    if (brands.active[b] !== 1) continue;
    flags[b] =
      BRAND_SHOWN |
      (brands.verified[b] === 1 ? BRAND_VERIFIED : 0) |
      (brands.shipsFreeAt(b, freeAt) ? BRAND_FREE : 0) |
      (chosen === null || chosen[b] === 1 ? BRAND_CHOSEN : 0);
  }
  return flags;
}

/**
 * Each match adds one to its cell, and to its brand's count when it is shown and its cell
 * passes every filter but the brand's (`productPass`, worked out per cell once).
 */
function countCells(
  state: IndexState,
  matches: SlotSet | null,
  r: SearchRefinements,
  productPass: Uint8Array,
) {
  const { layout, store, brands } = state;
  const bizFlags = brandFlags(state, r);
  const freeTo = brands.freeTo(r.country);
  const cells = new Int32Array(layout.facetCells);
  const perBrand = new Int32Array(bizFlags.length);
  const { flags, business, category, price, priceRange } = store;
  const rangeCodes = layout.rangeCodes;
  const min = r.minPriceCents ?? Number.NEGATIVE_INFINITY;
  const max = r.maxPriceCents ?? Number.POSITIVE_INFINITY;
  const priced = min !== Number.NEGATIVE_INFINITY || max !== Number.POSITIVE_INFINITY;
  const count = (s: number) => {
    const f = flags[s]!;
    const p = price[s]!;
    const b = business[s]!;
    const inPrice = priced ? (p >= min && p <= max ? 1 : 0) : 1;
    // A dead slot counts as a closed brand's.
    const brand = bizFlags[b]! & -(f & ALIVE);
    let key = (category[s]! * 2 + ((f >> 1) & 1)) * rangeCodes + priceRange[s]!;
    key = ((key * 2 + inPrice) * 2 + ((f >> 2) & 1)) * 2 + +(p >= freeTo[b]!);
    cells[(key << BRAND_BITS) | brand]!++;
    perBrand[b]! += productPass[key]! & brand;
  };
  if (matches) for (let i = 0; i < matches.length; i++) count(matches[i]!);
  else for (let s = 0; s < store.count; s++) count(s);
  return { cells, perBrand, bizFlags };
}

/** What a cell's key holds (decode's answer, one object reused: decode runs per cell). */
const cell = {
  bits: 0,
  brandFlags: 0,
  shipsFree: 0,
  soldOut: 0,
  range: 0,
  secondHand: 0,
  category: 0,
};

/** What a cell's key holds, and which of the query's filters its products pass. */
function decode(state: IndexState, key: number, categoryCode: number, r: SearchRefinements) {
  const { layout } = state;
  const bf = key & ((1 << BRAND_BITS) - 1);
  let rest = key >> BRAND_BITS;
  const shipsFree = rest & 1;
  rest >>= 1;
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
    (bf & BRAND_CHOSEN ? PASS_BRAND : 0) |
    (!r.shipsFree || shipsFree ? PASS_SHIPS_FREE : 0) |
    (categoryCode < 0 || c === categoryCode ? PASS_CATEGORY : 0) |
    (!r.secondHand || secondHand ? PASS_SECOND_HAND : 0) |
    (inPrice ? PASS_PRICE : 0) |
    ((r.inStock && soldOut) || (r.soldOut && !soldOut) ? 0 : PASS_STOCK);
  cell.bits = bits;
  cell.brandFlags = bf;
  cell.shipsFree = shipsFree;
  cell.soldOut = soldOut;
  cell.range = range;
  cell.secondHand = secondHand;
  cell.category = c;
  return cell;
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
    shipsFree: 0,
    brands: [],
  };
  const perCategory = new Int32Array(layout.otherCategory + 1);
  for (let key = 0; key < cells.length; key++) {
    const n = cells[key]!;
    if (n === 0) continue;
    if ((key & BRAND_SHOWN) === 0) continue;
    const cell = decode(state, key, categoryCode, r);
    const { bits, brandFlags: bf } = cell;
    if (bits === PASS_ALL) counts.count += n;
    if ((bits | PASS_SECOND_HAND) === PASS_ALL && cell.secondHand) counts.secondHand += n;
    if ((bits | PASS_VERIFIED) === PASS_ALL && bf & BRAND_VERIFIED) counts.verified += n;
    if ((bits | PASS_FREE) === PASS_ALL && bf & BRAND_FREE) counts.freeShipping += n;
    if ((bits | PASS_SHIPS_FREE) === PASS_ALL && cell.shipsFree) counts.shipsFree += n;
    if ((bits | PASS_STOCK) === PASS_ALL && !cell.soldOut) counts.inStock += n;
    if ((bits | PASS_PRICE) === PASS_ALL && cell.range < ranges) {
      counts.priceRanges[cell.range]! += n;
    }
    if ((bits | PASS_CATEGORY) === PASS_ALL) perCategory[cell.category]! += n;
  }
  layout.categories.forEach((c, k) => {
    counts.categories.set(c, perCategory[k]!);
  });
  return counts;
}

/** The brand facet: brands with a count, and the chosen ones shown; most first, then by name. */
function brandCounts(
  state: IndexState,
  perBrand: Int32Array,
  bizFlags: Uint8Array,
  r: SearchRefinements,
): BrandCount[] {
  const { brands, layout } = state;
  const ranks = brands.nameRanks();
  const size = ranks.length;
  // A brand the verified or ships-free-at filter leaves out counts none.
  if (r.verified || r.freeShippingAtCents !== null) {
    const needed =
      (r.verified ? BRAND_VERIFIED : 0) | (r.freeShippingAtCents !== null ? BRAND_FREE : 0);
    for (let b = 0; b < perBrand.length; b++) {
      if ((bizFlags[b]! & needed) !== needed) perBrand[b] = 0;
    }
  }
  for (const id of r.brandIds) {
    // A chosen brand that is shown is listed even without a product here.
    if (id >= 0 && id < perBrand.length && perBrand[id] === 0 && brands.isActive(id)) {
      perBrand[id] = -1;
    }
  }
  // One number per listed brand, its order: the count (most first), then its name's place.
  let listed = 0;
  for (let b = 0; b < perBrand.length; b++) if (perBrand[b] !== 0) listed++;
  const keys = new Float64Array(listed);
  const byRank = new Int32Array(size);
  let k = 0;
  for (let b = 0; b < perBrand.length; b++) {
    const n = perBrand[b]!;
    if (n === 0) continue;
    keys[k++] = Math.max(0, n) * size + (size - 1 - ranks[b]!);
    byRank[ranks[b]!] = b;
  }
  // Only the first maxBrandFacets are sorted (and the chosen ones past them): the rest is
  // left out by the key of the last one listed, found in one pass.
  const limit = layout.maxBrandFacets;
  const chosen = new Set(r.brandIds);
  let listedKeys = keys;
  if (keys.length > limit) {
    const last = kthLargest(keys.slice(), limit);
    listedKeys = keys.filter((key) => key >= last || chosen.has(byRank[size - 1 - (key % size)]!));
  }
  listedKeys.sort();
  const result: BrandCount[] = [];
  for (let j = listedKeys.length - 1; j >= 0; j--) {
    const b = byRank[size - 1 - (listedKeys[j]! % size)]!;
    result.push({ id: b, name: brands.names[b] ?? '', count: Math.max(0, perBrand[b]!) });
  }
  return result;
}

/** The k-th largest of distinct values (1: the largest); reorders `values`. */
function kthLargest(values: Float64Array, k: number): number {
  const target = k - 1;
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const v = values[i]!;
        values[i] = values[j]!;
        values[j] = v;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}
