/**
 * The seeds' random numbers, the same on every run for one seed (no imports: the test helpers'
 * stand-in Shopify catalogue uses it too, from the browser journeys' type check).
 */

/** mulberry32: a tiny seeded generator. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
