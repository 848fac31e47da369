import { SearchIndex } from '../src/search-index';
import type { BrandDoc, ProductDoc, SearchIndexOptions } from '../src/types';

/** The shop's categories and price ranges (as Leafline's contract has them). */
export const OPTIONS: SearchIndexOptions = {
  categories: [
    'Apparel',
    'Shoes',
    'Accessories',
    'Home Goods',
    'Cosmetics / Skin Care',
    'Hygiene',
    'Cleaning Products',
    'Art Supplies',
  ],
  priceRanges: [
    [0, 2499],
    [2500, 4999],
    [5000, 9999],
    [10000, null],
  ],
  maxSuggestions: 8,
};

export const newIndex = () => new SearchIndex(OPTIONS);

/** A product with defaults for what a test does not set. */
export const doc = (over: Partial<ProductDoc> & { id: number; vector: string }): ProductDoc => ({
  name: `Product ${over.id}`,
  primaryImage: null,
  businessId: 1,
  priceCents: 1000,
  createdMs: Date.UTC(2026, 0, 1) + over.id * 60_000,
  productCategory: 'Apparel',
  secondHand: false,
  ...over,
});

/** A brand, open and unverified, shipping free from $75 unless told. */
export const brand = (over: Partial<BrandDoc> & { id: number }): BrandDoc => ({
  name: `Brand ${over.id}`,
  active: true,
  verified: false,
  freeShippingFromCents: 7500,
  ...over,
});

/** A repeatable pseudo-random integer below n (a linear congruential generator). */
export function seeded(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
}

/** mulberry32: a small seeded generator (the same numbers for one seed on every run). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
