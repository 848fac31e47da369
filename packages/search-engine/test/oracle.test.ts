import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../src/search-index';
import type { QueryNode } from '../src/text';
import {
  type BrandDoc,
  type EngineQuery,
  NO_REFINEMENTS,
  type ProductDoc,
  type SearchRefinements,
} from '../src/types';
import { mulberry32, OPTIONS } from './fixtures';
import { Oracle } from './oracle';

/**
 * The index against the naive reference (oracle.ts) over generated catalogues: the same pages,
 * counts, facets, filtered lists, matches and result fields for generated queries, after any
 * sequence of products put, put again, removed, brands changed and compactions. FAST_CHECK_RUNS
 * raises the number of catalogues tried (the default keeps `npm test` quick).
 */

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 60);

/** Lexemes: common, middling, rare, a hyphenated compound, one in no product. */
const LEXEMES = ['cotton', 'organ', 'linen', 'bag', 'tote', 'hemp', 'zero-wast', 'sock'];
const ABSENT = 'zzz';
const WEIGHTS = ['A', 'B', 'C', 'D', ''];
/** Brand ids, one too wide for two bytes (the filters then read the full column). */
const WIDE_BRAND = 70_000;
const BRAND_IDS = [1, 2, 3, 4, WIDE_BRAND];
/** Countries a brand may name in its shipping (the shopper's may be another, or '' none). */
const COUNTRIES = ['US', 'FR', 'CA'];
const CATEGORIES = [...OPTIONS.categories.slice(0, 4), 'Garden Tools'];
const NAMES = ['Cotton Tote', 'Linen Tote', 'Hemp Sock', 'Organic Bag', 'Zero-Waste Kit'];
/** Prices at and around the facets' range bounds. */
const PRICES = [0, 1, 999, 2499, 2500, 4999, 5000, 9999, 10_000, 25_000];
const FROM_2026 = Date.UTC(2026, 0, 1);

const vector = fc
  .uniqueArray(
    fc.record({
      lexeme: fc.constantFrom(...LEXEMES),
      positions: fc.array(
        fc.record({ at: fc.integer({ min: 1, max: 40 }), weight: fc.constantFrom(...WEIGHTS) }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { selector: (t) => t.lexeme, maxLength: 5 },
  )
  .map((terms) =>
    terms
      .map(
        ({ lexeme, positions }) =>
          `'${lexeme}':${positions.map((p) => `${p.at}${p.weight}`).join(',')}`,
      )
      .join(' '),
  );

const product = (ids: fc.Arbitrary<number>): fc.Arbitrary<ProductDoc> =>
  fc
    .record({
      id: ids,
      name: fc.constantFrom(...NAMES),
      businessId: fc.constantFrom(...BRAND_IDS),
      priceCents: fc.oneof(fc.constantFrom(...PRICES), fc.integer({ min: 0, max: 20_000 })),
      // Within a few seconds of each other: ties within a second are ordered by id.
      createdMs: fc.integer({ min: 0, max: 5_000 }).map((ms) => FROM_2026 + ms),
      productCategory: fc.constantFrom(...CATEGORIES),
      secondHand: fc.boolean(),
      primaryImage: fc.option(fc.constantFrom('p/1.webp', 'p/2.webp'), { nil: null }),
      vector: fc.option(vector, { nil: null, freq: 10 }),
      // Not counted, sold out, or a few left.
      stock: fc.constantFrom(null, null, 0, 1, 3),
      // No rating, or a few (ties in average and count are common: the order falls to the id).
      ratingCount: fc.constantFrom(0, 0, 1, 2, 3),
      ratingSum: fc.integer({ min: 0, max: 4 }),
    })
    .map((doc) => ({
      ...doc,
      // A sum its count of 1–5 ratings can make.
      ratingSum: doc.ratingCount
        ? doc.ratingCount + (doc.ratingSum % (4 * doc.ratingCount + 1))
        : 0,
    }));

const brand: fc.Arbitrary<BrandDoc> = fc.record({
  id: fc.constantFrom(...BRAND_IDS),
  name: fc.option(fc.constantFrom('Fern Goods', 'Kelp Studio', 'Fern Goods '), { nil: null }),
  // Open three times in four.
  active: fc.integer({ min: 0, max: 3 }).map((k) => k > 0),
  verified: fc.boolean(),
  freeShippingFromCents: fc.constantFrom(0, 2000, 3000, 7500),
  // Its own amounts for some countries, another for every other; or none (the same everywhere).
  freeShippingByCountry: fc.option(
    fc.record({
      countries: fc.dictionary(
        fc.constantFrom(...COUNTRIES),
        fc.constantFrom(0, 1500, 3000, 7500),
        {
          maxKeys: 2,
        },
      ),
      elsewhereCents: fc.constantFrom(0, 2500, 7500),
    }),
    { nil: undefined },
  ),
});

type Op =
  | { put: ProductDoc }
  | { remove: number }
  | { brand: BrandDoc }
  | { compact: true }
  | { query: Probe };

const term = fc
  .constantFrom(...LEXEMES, ABSENT)
  .map((lexeme): QueryNode => ({ kind: 'term', lexeme }));
const { node } = fc.letrec<{ node: QueryNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    term,
    term,
    fc.record({ kind: fc.constant('and' as const), left: tie('node'), right: tie('node') }),
    fc.record({ kind: fc.constant('or' as const), left: tie('node'), right: tie('node') }),
    fc.record({ kind: fc.constant('not' as const), operand: tie('node') }),
  ),
}));
/** Words all required, the commonest shape, more often than the rest. */
const allWords = fc
  .uniqueArray(fc.constantFrom(...LEXEMES, ABSENT), { minLength: 1, maxLength: 3 })
  .map((words) =>
    words
      .map((lexeme): QueryNode => ({ kind: 'term', lexeme }))
      .reduce((left, right) => ({ kind: 'and', left, right })),
  );
const terms = fc.oneof(allWords, allWords, node);

const refinements: fc.Arbitrary<SearchRefinements> = fc.record({
  secondHand: fc.boolean(),
  verified: fc.boolean(),
  minPriceCents: fc.option(fc.constantFrom(...PRICES), { nil: null, freq: 2 }),
  maxPriceCents: fc.option(fc.constantFrom(...PRICES), { nil: null, freq: 2 }),
  freeShippingAtCents: fc.option(fc.constantFrom(0, 1999, 2000, 3000, 7500), {
    nil: null,
    freq: 2,
  }),
  inStock: fc.boolean(),
  brandIds: fc.oneof(
    fc.constant([]),
    fc.uniqueArray(fc.constantFrom(...BRAND_IDS, 99), { minLength: 1, maxLength: 3 }),
  ),
  country: fc.constantFrom('', ...COUNTRIES),
  shipsFree: fc.boolean(),
  // Sold-out only is the engine's own second part; the shop never asks it.
  soldOut: fc.constant(false),
});

interface Probe {
  query: EngineQuery;
  limit: number;
  offset: number;
  /** Product ids for the fixed-list calls (a curated list). */
  list: number[];
}

const probe = (ids: fc.Arbitrary<number>): fc.Arbitrary<Probe> =>
  fc.record({
    query: fc.oneof(
      fc.record({
        typed: fc.option(terms, { nil: null, freq: 8 }),
        corrected: fc.option(fc.oneof(allWords, allWords, node), { nil: null, freq: 2 }),
        hasTerms: fc.constant(true),
        productCategory: fc.option(fc.constantFrom(...OPTIONS.categories.slice(0, 4)), {
          nil: null,
          freq: 3,
        }),
        sort: fc.constantFrom(
          '' as const,
          'price_low_to_high' as const,
          'price_high_to_low' as const,
          'rating_high_to_low' as const,
        ),
        refinements: fc.oneof(
          fc.constant(NO_REFINEMENTS),
          fc.constant(NO_REFINEMENTS),
          refinements,
        ),
      }),
      fc.record({
        typed: fc.constant(null),
        corrected: fc.constant(null),
        hasTerms: fc.constant(false),
        productCategory: fc.option(fc.constantFrom(...OPTIONS.categories.slice(0, 4)), {
          nil: null,
          freq: 3,
        }),
        sort: fc.constantFrom(
          '' as const,
          'price_low_to_high' as const,
          'price_high_to_low' as const,
          'rating_high_to_low' as const,
        ),
        refinements: fc.oneof(fc.constant(NO_REFINEMENTS), refinements),
      }),
    ),
    limit: fc.integer({ min: 1, max: 25 }),
    offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
    list: fc.uniqueArray(ids, { maxLength: 12 }),
  });

/** Every answer of the index against the oracle's, for one probe. */
function compare(index: SearchIndex, oracle: Oracle, p: Probe) {
  const { query, limit, offset, list } = p;
  expect(index.search(query, limit, offset)).toEqual(oracle.search(query, limit, offset));
  expect(index.facets(query)).toEqual(oracle.facets(query));
  expect(index.filterIds(list, query.refinements)).toEqual(
    oracle.filterIds(list, query.refinements),
  );
  expect(index.facetsOfIds(list, query.refinements, query.productCategory)).toEqual(
    oracle.facetsOfIds(list, query.refinements, query.productCategory),
  );
  expect(index.textMatchIds(query).sort((a, b) => a - b)).toEqual(
    oracle.textMatchIds(query).sort((a, b) => a - b),
  );
  const page = index.search(query, limit, offset).ids;
  expect(index.summaries([...page, ...list])).toEqual(oracle.summaries([...page, ...list]));
}

/** The operations with the wide brand id made a narrow one. */
function narrow(ops: Op[]): Op[] {
  const id = (n: number) => (n === WIDE_BRAND ? 5 : n);
  return ops.map((op) =>
    'put' in op
      ? { put: { ...op.put, businessId: id(op.put.businessId) } }
      : 'brand' in op
        ? { brand: { ...op.brand, id: id(op.brand.id) } }
        : op,
  );
}

/** Applies the operations to both, comparing at each probe and at the end. */
function run(ops: Op[], last: Probe[]): { index: SearchIndex; oracle: Oracle } {
  const index = new SearchIndex(OPTIONS);
  const oracle = new Oracle(OPTIONS);
  for (const op of ops) {
    if ('put' in op) {
      index.upsert(op.put);
      oracle.upsert(op.put);
    } else if ('remove' in op) {
      index.remove(op.remove);
      oracle.remove(op.remove);
    } else if ('brand' in op) {
      index.setBusiness(op.brand);
      oracle.setBusiness(op.brand);
    } else if ('compact' in op) {
      index.compact();
    } else {
      compare(index, oracle, op.query);
    }
  }
  for (const p of last) compare(index, oracle, p);
  return { index, oracle };
}

describe('the index against a naive reference', () => {
  it('answers every query as the reference does, through puts, removals, brand changes and compactions', () => {
    const ids = fc.integer({ min: 1, max: 40 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { arbitrary: product(ids).map((put) => ({ put })), weight: 12 },
      { arbitrary: ids.map((remove) => ({ remove })), weight: 2 },
      { arbitrary: brand.map((b) => ({ brand: b })), weight: 3 },
      { arbitrary: fc.constant({ compact: true as const }), weight: 1 },
      { arbitrary: probe(ids).map((query) => ({ query })), weight: 3 },
    );
    const brandsFirst = fc.tuple(
      ...BRAND_IDS.map((id) => brand.map((b) => ({ brand: { ...b, id } }))),
    );
    fc.assert(
      fc.property(
        brandsFirst,
        fc.array(op, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.array(probe(ids), { minLength: 4, maxLength: 10 }),
        // Whether a brand id over two bytes is in the catalogue (the filters then read another
        // column) or not.
        fc.boolean(),
        (first, ops, last, wide) => {
          run(wide ? [...first, ...ops] : narrow([...first, ...ops]), last);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers as the reference does on catalogues large enough for block bounds and bit sets', () => {
    // Thousands of products with a few lexemes each, some common, some rare: the one-word and
    // all-words planners pass over blocks and match by bit sets, a walk of the price order
    // gives up for the blocks, and a typo's correction is matched by blocks.
    const catalogue = fc.record({
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
      size: fc.integer({ min: 9_000, max: 10_000 }),
      // Two prices only: most blocks' cheapest and dearest tie with the page's last.
      prices: fc.constantFrom(PRICES, [1000, 2000]),
      compact: fc.boolean(),
    });
    fc.assert(
      fc.property(
        catalogue,
        fc.array(largeProbe, { minLength: 5, maxLength: 10 }),
        fc.array(largeProbe, { minLength: 20, maxLength: 30 }),
        ({ seed, size, prices, compact }, before, after) => {
          const random = mulberry32(seed);
          const put = (id: number): Op => ({ put: largeProduct(id, random, prices) });
          const ops: Op[] = BRAND_IDS.map((id) => ({
            brand: {
              id,
              name: `Brand ${id}`,
              active: id !== 4,
              verified: id % 2 === 1,
              freeShippingFromCents: (id % 10) * 1000,
              freeShippingByCountry:
                id % 2 === 0
                  ? { countries: { FR: (id % 3) * 2500 }, elsewhereCents: (id % 4) * 2000 }
                  : undefined,
            },
          }));
          for (let id = 1; id <= size; id++) ops.push(put(id));
          ops.push(...before.map((query) => ({ query })));
          // Some products put again (new slots) and removed, maybe compacted, a few new ones.
          for (let id = 7; id <= size; id += 13) ops.push(put(id));
          for (let id = 5; id <= size; id += 17) ops.push({ remove: id });
          if (compact) ops.push({ compact: true });
          for (let id = size + 1; id <= size + 300; id++) ops.push(put(id));
          const { index, oracle } = run(ops, after);
          // Each planner at the page's edges, whatever the probes drew.
          for (const query of systematic) {
            for (const offset of [0, 120, 300]) {
              expect(index.search(query, 25, offset)).toEqual(oracle.search(query, 25, offset));
            }
          }
        },
      ),
      { numRuns: Math.max(2, Math.round(RUNS / 30)) },
    );
  });
});

/** Per lexeme of LEXEMES, the share of a large catalogue's products that have it. */
const SHARE = [0.7, 0.6, 0.5, 0.02, 0.7, 0.6, 0.5, 0.05];
const COMMON = LEXEMES.filter((_, k) => SHARE[k]! >= 0.5);
const RARE = LEXEMES.filter((_, k) => SHARE[k]! < 0.5);

function largeProduct(id: number, random: () => number, prices: readonly number[]): ProductDoc {
  const words = LEXEMES.filter((_, k) => random() < SHARE[k]!);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const ratingCount = random() < 0.5 ? 0 : 1 + Math.floor(random() * 4);
  return {
    id,
    name: NAMES[id % NAMES.length]!,
    businessId: pick(BRAND_IDS.slice(0, 4)),
    priceCents: pick(prices),
    createdMs: FROM_2026 + Math.floor(random() * 100_000),
    productCategory: pick(CATEGORIES),
    secondHand: random() < 0.3,
    primaryImage: null,
    stock: random() < 0.1 ? 0 : null,
    ratingCount,
    ratingSum: ratingCount ? ratingCount + Math.floor(random() * (4 * ratingCount + 1)) : 0,
    vector: words
      .map((w) => `'${w}':${1 + Math.floor(random() * 3)}${pick(['A', 'B', 'C'])}`)
      .join(' '),
  };
}

const words = (lexemes: readonly string[]): QueryNode =>
  lexemes
    .map((lexeme): QueryNode => ({ kind: 'term', lexeme }))
    .reduce((left, right) => ({ kind: 'and', left, right }));

/** The shapes the large planners take: one word, common words, a typo corrected, any shape. */
const largeQuery: fc.Arbitrary<Pick<EngineQuery, 'typed' | 'corrected' | 'sort'>> = fc.oneof(
  fc.record({
    // Rare words more often: by price, their page comes from the blocks past a deep offset.
    typed: fc.oneof(fc.constantFrom(...RARE), fc.constantFrom(...LEXEMES)).map((w) => words([w])),
    corrected: fc.constant(null),
    sort: fc.constantFrom(
      '' as const,
      'price_low_to_high' as const,
      'price_high_to_low' as const,
      'rating_high_to_low' as const,
    ),
  }),
  fc.record({
    typed: fc.uniqueArray(fc.constantFrom(...COMMON), { minLength: 2, maxLength: 3 }).map(words),
    corrected: fc.constant(null),
    sort: fc.constant('' as const),
  }),
  fc.record({
    // A typo: typed words in no product (or some of them), their correction common words.
    typed: fc
      .tuple(fc.constant(ABSENT), fc.option(fc.constantFrom(...COMMON, ...RARE), { nil: null }))
      .map(([typo, other]) => words(other ? [typo, other] : [typo])),
    corrected: fc
      .uniqueArray(fc.constantFrom(...COMMON), { minLength: 1, maxLength: 3 })
      .map(words),
    sort: fc.constant('' as const),
  }),
  fc.record({
    typed: node,
    corrected: fc.option(node, { nil: null, freq: 3 }),
    sort: fc.constantFrom(
      '' as const,
      'price_low_to_high' as const,
      'price_high_to_low' as const,
      'rating_high_to_low' as const,
    ),
  }),
);

/** Every word alone in every order, and common words together, without filters. */
const systematic: EngineQuery[] = [
  ...LEXEMES.flatMap((w) =>
    (['', 'price_low_to_high', 'price_high_to_low', 'rating_high_to_low'] as const).map((sort) => ({
      typed: words([w]),
      corrected: null,
      sort,
    })),
  ),
  { typed: words(COMMON.slice(0, 2)), corrected: null, sort: '' as const },
  { typed: words(COMMON.slice(1, 4)), corrected: null, sort: '' as const },
  { typed: words([ABSENT, COMMON[0]!]), corrected: words(COMMON.slice(0, 2)), sort: '' as const },
].map((q) => ({ ...q, hasTerms: true, productCategory: null, refinements: NO_REFINEMENTS }));

const largeProbe: fc.Arbitrary<Probe> = fc.record({
  query: fc
    .record({
      terms: largeQuery,
      productCategory: fc.option(fc.constantFrom(...OPTIONS.categories.slice(0, 4)), {
        nil: null,
        freq: 3,
      }),
      refinements: fc.oneof(fc.constant(NO_REFINEMENTS), refinements),
    })
    .map(({ terms, productCategory, refinements }) => ({
      ...terms,
      hasTerms: true,
      productCategory,
      refinements,
    })),
  limit: fc.integer({ min: 1, max: 25 }),
  offset: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 100, max: 400 }),
  ),
  list: fc.uniqueArray(fc.integer({ min: 1, max: 9_000 }), { maxLength: 12 }),
});
