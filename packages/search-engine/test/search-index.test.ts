import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../src/search-index';
import { editDistance } from '../src/suggestions';
import { parseTsquery, parseTsvector, queryLexemes } from '../src/text';
import {
  type EngineQuery,
  NO_REFINEMENTS,
  type ProductDoc,
  type SearchRefinements,
} from '../src/types';
import { brand, doc, mulberry32, newIndex, OPTIONS, seeded } from './fixtures';

describe('PostgreSQL text-search values', () => {
  it('reads a tsvector with weights and positions, scoring a name word above a description word', () => {
    const terms = parseTsvector("'cotton':2A,9 'organ':1A 'tote':3A 'bag':12 'it''s':20");
    expect(terms.map((t) => t.lexeme)).toEqual(['cotton', 'organ', 'tote', 'bag', "it's"]);
    const score = Object.fromEntries(terms.map((t) => [t.lexeme, t.score]));
    // calc_rank_or of one lexeme: a single A position is 1 / 1.64493406685.
    expect(score.organ).toBeCloseTo(1 / 1.64493406685, 6);
    expect(score.bag).toBeCloseTo(0.1 / 1.64493406685, 6);
    // A second position adds its weight over 2².
    expect(score.cotton).toBeCloseTo((1 + 0.1 / 4) / 1.64493406685, 6);
  });

  it('parses the tsqueries websearch_to_tsquery prints, with their precedence', () => {
    expect(parseTsquery('')).toBeNull();
    expect(parseTsquery("'cotton'")).toEqual({ kind: 'term', lexeme: 'cotton' });
    const q = parseTsquery("'organ' & 'cotton' | 'hemp' & !'bag'");
    expect(q).toEqual({
      kind: 'or',
      left: {
        kind: 'and',
        left: { kind: 'term', lexeme: 'organ' },
        right: { kind: 'term', lexeme: 'cotton' },
      },
      right: {
        kind: 'and',
        left: { kind: 'term', lexeme: 'hemp' },
        right: { kind: 'not', operand: { kind: 'term', lexeme: 'bag' } },
      },
    });
    expect([...queryLexemes(q)]).toEqual(['organ', 'cotton', 'hemp', 'bag']);
    // A hyphenated word's phrase is that word's lexeme; another phrase stays a phrase.
    expect(parseTsquery("'t-shirt' <-> 't' <-> 'shirt'")).toEqual({
      kind: 'term',
      lexeme: 't-shirt',
    });
    expect(parseTsquery("'organ' <-> 'cotton'")?.kind).toBe('phrase');
    expect(parseTsquery("( 'a' | 'b' ) & 'c'")?.kind).toBe('and');
  });

  it('measures edit distances with a limit', () => {
    expect(editDistance('sneker', 'sneake', 2)).toBe(2);
    expect(editDistance('organc', 'organi', 1)).toBe(1);
    expect(editDistance('abc', 'xyzw', 1)).toBe(2);
  });
});

/**
 * `check()` on the index as loaded; again after changes (products put anew: new slots, new
 * prices and ranks; products removed); and again after compaction.
 */
function checkThroughChanges(
  index: SearchIndex,
  docs: Map<number, ProductDoc>,
  put: (id: number) => void,
  check: () => void,
  o: { last: number; putEvery: number; removeFrom?: number; removeEvery: number },
) {
  check();
  for (let id = 10; id < o.last; id += o.putEvery) put(id);
  for (let id = o.removeFrom ?? 11; id < o.last; id += o.removeEvery) {
    index.remove(id);
    docs.delete(id);
  }
  check();
  index.compact();
  check();
}

const query = (over: Partial<EngineQuery> = {}): EngineQuery => ({
  typed: null,
  corrected: null,
  hasTerms: false,
  productCategory: null,
  sort: '',
  refinements: NO_REFINEMENTS,
  ...over,
});
const refine = (r: Partial<SearchRefinements>) => ({ ...NO_REFINEMENTS, ...r });

function fixture() {
  const index = newIndex();
  // Fern ships free from its own $30; Kelp always (the marketplace: everyone from $75).
  index.setBusiness(
    brand({ id: 1, name: 'Fern Goods', verified: true, freeShippingFromCents: 3000 }),
  );
  index.setBusiness(brand({ id: 2, name: 'Kelp Studio', freeShippingFromCents: 0 }));
  index.upsert(
    doc({ id: 1, name: 'Cotton Tote', vector: "'cotton':1A 'tote':2A", priceCents: 2000 }),
  );
  index.upsert(
    doc({ id: 2, name: 'Hemp Shirt', vector: "'hemp':1A 'shirt':2A 'cotton':9", priceCents: 6000 }),
  );
  index.upsert(
    doc({
      id: 3,
      name: 'Cotton Socks',
      vector: "'cotton':1A 'sock':2A",
      businessId: 2,
      secondHand: true,
      priceCents: 1200,
      productCategory: 'Accessories',
    }),
  );
  index.upsert(
    doc({ id: 4, name: 'Bamboo Brush', vector: "'bamboo':1A 'brush':2A", priceCents: 800 }),
  );
  return index;
}

describe('the search index', () => {
  it('ranks name matches above description matches, ties to the higher id', () => {
    const index = fixture();
    const found = index.search(query({ typed: parseTsquery("'cotton'"), hasTerms: true }), 20, 0);
    expect(found.total).toBe(3);
    expect(found.ids).toEqual([3, 1, 2]);
  });

  it('lists without terms newest first and by price, with exact counts and pages', () => {
    const index = fixture();
    expect(index.search(query(), 2, 0)).toEqual({ ids: [4, 3], total: 4 });
    expect(index.search(query(), 2, 2)).toEqual({ ids: [2, 1], total: 4 });
    expect(index.search(query({ sort: 'price_low_to_high' }), 4, 0).ids).toEqual([4, 3, 1, 2]);
    expect(index.search(query({ sort: 'price_high_to_low' }), 4, 0).ids).toEqual([2, 1, 3, 4]);
    expect(index.search(query({ productCategory: 'Accessories' }), 20, 0)).toEqual({
      ids: [3],
      total: 1,
    });
  });

  it('applies the filters: second-hand, verified, price range, free US shipping', () => {
    const index = fixture();
    const ids = (r: Partial<SearchRefinements>) =>
      index.search(query({ refinements: refine(r) }), 20, 0).ids;
    expect(ids({ secondHand: true })).toEqual([3]);
    expect(ids({ verified: true })).toEqual([4, 2, 1]);
    expect(ids({ minPriceCents: 1000, maxPriceCents: 2000 })).toEqual([3, 1]);
    // Brand 2 ships free to the US; brand 1 from $30, everyone from $75.
    expect(ids({ freeShippingAtCents: 0 })).toEqual([3]);
    expect(ids({ freeShippingAtCents: 3000 })).toEqual([4, 3, 2, 1]);
  });

  it('answers the page fields of its products without the database', () => {
    const index = fixture();
    index.upsert(
      doc({
        id: 5,
        name: 'Kelp Soap',
        vector: "'kelp':1A",
        businessId: 2,
        primaryImage: 'p/5.webp',
        ratingCount: 3,
        ratingSum: 13,
      }),
    );
    expect(index.summaries([5, 99, 3])).toEqual([
      {
        id: 5,
        name: 'Kelp Soap',
        priceCents: 1000,
        businessId: 2,
        businessName: 'Kelp Studio',
        condition: 'new',
        productCategory: 'Apparel',
        primaryImage: 'p/5.webp',
        stock: null,
        // Its buyers' ratings (issue 27): 13 / 3 = 4.33… → 4.3.
        ratingAverage: 4.3,
        ratingCount: 3,
      },
      expect.objectContaining({
        id: 3,
        condition: 'second_hand',
        productCategory: 'Accessories',
        ratingAverage: null,
        ratingCount: 0,
      }),
    ]);
  });

  it('lists sold-out products after the others, leaves them out in stock only, and counts them', () => {
    const index = fixture();
    index.upsert(doc({ id: 1, vector: "'soap':1A", stock: 0 }));
    index.upsert(doc({ id: 3, vector: "'soap':1A", stock: 2 }));
    const soap = { typed: parseTsquery("'soap'"), hasTerms: true };
    // Newest first (the higher id) within each part: the sold-out 1 comes last.
    expect(index.search(query(), 20, 0).ids).toEqual([4, 3, 2, 1]);
    expect(index.search(query({ refinements: refine({ inStock: true }) }), 20, 0)).toEqual({
      ids: [4, 3, 2],
      total: 3,
    });
    // A page that straddles both parts, and one inside the sold-out part.
    expect(index.search(query(), 2, 2)).toEqual({ ids: [2, 1], total: 4 });
    expect(index.search(query(), 1, 3)).toEqual({ ids: [1], total: 4 });
    expect(index.search(query(soap), 20, 0).ids).toEqual([3, 1]);
    expect(index.facets(query(soap)).inStock).toBe(1);
    expect(index.summaries([1, 3]).map((p) => p.stock)).toEqual([0, 2]);
    // Back in stock: back in its place.
    index.upsert(doc({ id: 1, vector: "'soap':1A", stock: 5 }));
    expect(index.search(query(), 20, 0).ids).toEqual([4, 3, 2, 1]);
    expect(index.search(query(soap), 20, 0).ids).toEqual([3, 1]);
    index.upsert(doc({ id: 3, vector: "'soap':1A", stock: 0 }));
    expect(index.search(query(soap), 20, 0).ids).toEqual([1, 3]);
  });

  it('sees changes at once: an update, a removal, a brand closed', () => {
    const index = fixture();
    index.upsert(doc({ id: 4, name: 'Cotton Brush', vector: "'cotton':1A 'brush':2A" }));
    expect(
      index.search(query({ typed: parseTsquery("'bamboo'"), hasTerms: true }), 20, 0).total,
    ).toBe(0);
    expect(
      index.search(query({ typed: parseTsquery("'cotton'"), hasTerms: true }), 20, 0).total,
    ).toBe(4);
    index.remove(1);
    expect(index.search(query(), 20, 0)).toEqual({ ids: [4, 3, 2], total: 3 });
    index.setBusiness(
      brand({ id: 2, name: 'Kelp Studio', active: false, freeShippingFromCents: 0 }),
    );
    expect(index.search(query(), 20, 0)).toEqual({ ids: [4, 2], total: 2 });
    expect(index.suggestions.suggest('cotton').map((s) => s.label)).toEqual(['Cotton Brush']);
  });

  it('counts facets with every other choice kept', () => {
    const index = fixture();
    const facets = index.facets(query({ refinements: refine({ secondHand: true }) }));
    expect(facets.count).toBe(1);
    expect(facets.secondHand).toBe(1);
    expect(facets.verified).toBe(0);
    expect(facets.priceRanges).toEqual([1, 0, 0, 0]);
    expect(facets.categories.get('Accessories')).toBe(1);
    const all = index.facets(query());
    expect(all.count).toBe(4);
    expect(all.secondHand).toBe(1);
    expect(all.verified).toBe(3);
    expect(all.priceRanges).toEqual([3, 0, 1, 0]);
    expect(all.categories.get('Apparel')).toBe(3);
  });

  it('filters by brand, one or several, and counts each brand with its own choice left out', () => {
    const index = fixture();
    index.setBusiness(brand({ id: 3, name: 'Alder & Oak' }));
    index.upsert(doc({ id: 5, name: 'Oak Comb', vector: "'oak':1A 'comb':2A", businessId: 3 }));
    const ids = (r: Partial<SearchRefinements>) =>
      index.search(query({ refinements: refine(r) }), 10, 0).ids;
    expect(ids({ brandIds: [2] })).toEqual([3]);
    expect(ids({ brandIds: [2, 3] })).toEqual([5, 3]);
    expect(ids({ brandIds: [2], secondHand: true })).toEqual([3]);
    expect(ids({ brandIds: [99] })).toEqual([]);
    const all = index.facets(query()).brands;
    expect(all).toEqual([
      { id: 1, name: 'Fern Goods', count: 3 },
      { id: 3, name: 'Alder & Oak', count: 1 },
      { id: 2, name: 'Kelp Studio', count: 1 },
    ]);
    // The counts ignore the brand choice itself (each brand says what picking it would add),
    // but keep every other choice; the list's count is the chosen brands'.
    const chosen = index.facets(query({ refinements: refine({ brandIds: [2] }) }));
    expect(chosen.brands).toEqual(all);
    expect(chosen.count).toBe(1);
    expect(chosen.secondHand).toBe(1);
    expect(chosen.priceRanges).toEqual([1, 0, 0, 0]);
    const cotton = index.facets(
      query({
        typed: parseTsquery("'cotton'"),
        hasTerms: true,
        refinements: refine({ brandIds: [3] }),
      }),
    );
    // A chosen brand without a match stays listed (at 0), so it can be unticked.
    expect(cotton.brands).toEqual([
      { id: 1, name: 'Fern Goods', count: 2 },
      { id: 2, name: 'Kelp Studio', count: 1 },
      { id: 3, name: 'Alder & Oak', count: 0 },
    ]);
    expect(cotton.count).toBe(0);
    const secondHand = index.facets(query({ refinements: refine({ secondHand: true }) }));
    expect(secondHand.brands).toEqual([{ id: 2, name: 'Kelp Studio', count: 1 }]);
    // At most maxBrandFacets brands, the chosen ones besides.
    const few = new SearchIndex({ ...OPTIONS, maxBrandFacets: 1 });
    for (const b of [1, 2, 3]) few.setBusiness(brand({ id: b, name: `Brand ${b}` }));
    for (const id of [1, 2, 3, 4, 5]) {
      few.upsert(doc({ id, vector: "'oak':1A", businessId: id <= 3 ? 1 : id - 2 }));
    }
    expect(few.facets(query()).brands).toEqual([{ id: 1, name: 'Brand 1', count: 3 }]);
    expect(few.facets(query({ refinements: refine({ brandIds: [3] }) })).brands).toEqual([
      { id: 1, name: 'Brand 1', count: 3 },
      { id: 3, name: 'Brand 3', count: 1 },
    ]);
    // A closed brand is not counted, nor listed when chosen.
    index.setBusiness(brand({ id: 3, name: 'Alder & Oak', active: false }));
    expect(index.facets(query({ refinements: refine({ brandIds: [3] }) })).brands).toEqual([
      { id: 1, name: 'Fern Goods', count: 3 },
      { id: 2, name: 'Kelp Studio', count: 1 },
    ]);
  });

  it('lists the first maxBrandFacets brands in the order of all of them, the chosen besides', () => {
    const full = newIndex();
    const five = new SearchIndex({ ...OPTIONS, maxBrandFacets: 5 });
    const random = mulberry32(7);
    for (let b = 1; b <= 60; b++) {
      // Names that repeat, so ties of count and name go to the id.
      const named = brand({ id: b, name: `Brand ${b % 9}` });
      full.setBusiness(named);
      five.setBusiness(named);
    }
    for (let id = 1; id <= 400; id++) {
      const product = doc({ id, vector: "'oak':1A", businessId: 1 + Math.floor(random() * 60) });
      full.upsert(product);
      five.upsert(product);
    }
    for (const brandIds of [[], [60, 1, 33]]) {
      const q = query({ refinements: refine({ brandIds }) });
      const all = full.facets(q).brands;
      expect(all.length).toBeGreaterThan(40);
      const chosen = new Set(brandIds);
      expect(five.facets(q).brands).toEqual(all.filter((b, k) => k < 5 || chosen.has(b.id)));
    }
  });

  it("keeps the products a cart of which alone ships free to the shopper's country", () => {
    const index = fixture();
    // Fern: free to France from $15, to the US from its $30, elsewhere from $75.
    index.setBusiness(
      brand({
        id: 1,
        name: 'Fern Goods',
        verified: true,
        freeShippingFromCents: 3000,
        freeShippingByCountry: { countries: { FR: 1500, US: 3000 }, elsewhereCents: 7500 },
      }),
    );
    const ids = (country: string, r: Partial<SearchRefinements> = {}) =>
      index.search(query({ refinements: refine({ country, shipsFree: true, ...r }) }), 10, 0).ids;
    // Kelp (no per-country amounts) ships free from 0 everywhere; Fern's $20 tote and $60
    // shirt reach $15 for France, only the shirt $30 for the US, nothing $75 elsewhere.
    expect(ids('FR')).toEqual([3, 2, 1]);
    expect(ids('US')).toEqual([3, 2]);
    expect(ids('DE')).toEqual([3]);
    expect(ids('')).toEqual([3]);
    expect(ids('FR', { maxPriceCents: 2500 })).toEqual([3, 1]);
    const facets = (country: string, shipsFree: boolean) =>
      index.facets(query({ refinements: refine({ country, shipsFree }) }));
    expect(facets('FR', false).shipsFree).toBe(3);
    expect(facets('DE', false).shipsFree).toBe(1);
    // Its own count ignores the choice; the others keep it.
    expect(facets('US', true).shipsFree).toBe(2);
    expect(facets('US', true).count).toBe(2);
    expect(facets('US', true).brands).toEqual([
      { id: 1, name: 'Fern Goods', count: 1 },
      { id: 2, name: 'Kelp Studio', count: 1 },
    ]);
    // A change of the brand's amounts is seen at once.
    index.setBusiness(brand({ id: 1, name: 'Fern Goods', freeShippingFromCents: 0 }));
    expect(ids('DE')).toEqual([4, 3, 2, 1]);
  });

  it('matches words that must all be there from the rarest one, as the lists intersected', () => {
    const index = fixture();
    // 'common' in every product, 'middle' in every third, 'rare' in every tenth; weights vary.
    for (let id = 10; id < 400; id++) {
      const words = [`'common':${(id % 5) + 1}${id % 2 ? 'A' : 'C'}`];
      if (id % 3 === 0) words.push(`'middle':${(id % 7) + 1}${id % 4 ? 'B' : 'D'}`);
      if (id % 10 === 0) words.push(`'rare':${(id % 3) + 1}A`);
      index.upsert(doc({ id, vector: words.join(' '), businessId: id % 11 === 0 ? 2 : 1 }));
    }
    index.remove(30);
    const all = (tsquery: string, corrected?: string) =>
      index.search(
        query({
          typed: parseTsquery(tsquery),
          corrected: corrected ? parseTsquery(corrected) : null,
          hasTerms: true,
        }),
        20,
        20,
      );
    // The same words with `& !'absent'` take the path that intersects sorted lists: the same
    // products in the same order (the absent word only divides every rank alike).
    for (const words of [
      "'rare' & 'common'",
      "'middle' & 'common'",
      "'rare' & 'middle' & 'common'",
    ]) {
      const found = all(words);
      expect(found.total).toBeGreaterThan(0);
      expect(found).toEqual(all(`${words} & !'absent'`));
    }
    expect(all("'rare' & 'middle'").total).toBe(
      [...Array(390).keys()].map((k) => k + 10).filter((id) => id % 30 === 0 && id !== 30).length,
    );
    // A corrected query: the typed words' matches, then the corrected words' others.
    const typo = all("'rare' & 'middle'", "'middle' & 'common'");
    expect(typo.total).toBe(all("'middle' & 'common'").total);
  });

  it('finds the page of a word in thousands of products as a sort of all its matches would', () => {
    // Enough products for many blocks of a word's list, most ranks and prices tied, so the
    // blocks passed over (their best cannot reach the page) must be exactly the right ones.
    const index = fixture();
    index.setBusiness(
      brand({
        id: 3,
        name: 'Closed Shop',
        active: false,
        verified: true,
        freeShippingFromCents: 0,
      }),
    );
    const random = seeded(7);
    const categories = ['Apparel', 'Hygiene', 'Home Goods'];
    const docs = new Map<number, ProductDoc>();
    const put = (id: number) => {
      const weight = ['A', 'B', 'C', 'D'][random(4) === 0 ? random(4) : 0]!;
      const positions = random(3) === 0 ? `${1 + random(5)},${9 + random(5)}` : `${1 + random(9)}`;
      const d = doc({
        id,
        vector: random(5) < 3 ? `'linen':${positions}${weight} 'x${id}':20` : `'x${id}':20`,
        priceCents: 100 * (1 + random(40)),
        productCategory: categories[random(3)]!,
        secondHand: random(4) === 0,
        businessId: random(10) === 0 ? 3 : 1 + random(2),
      });
      docs.set(id, d);
      index.upsert(d);
    };
    for (let id = 10; id < 3000; id++) put(id);
    const score = (d: ProductDoc) =>
      parseTsvector(d.vector ?? '').find((t) => t.lexeme === 'linen')!.score;
    const expected = (q: EngineQuery, offset: number) => {
      const r = q.refinements;
      const kept = [...docs.values()].filter(
        (d) =>
          d.vector?.includes("'linen'") &&
          d.businessId !== 3 &&
          (!q.productCategory || d.productCategory === q.productCategory) &&
          (!r.secondHand || d.secondHand) &&
          (r.minPriceCents === null || d.priceCents >= r.minPriceCents) &&
          (r.maxPriceCents === null || d.priceCents <= r.maxPriceCents) &&
          (!r.verified || d.businessId !== 2),
      );
      const sign = q.sort === 'price_high_to_low' ? -1 : 1;
      kept.sort((a, b) =>
        q.sort === ''
          ? Math.fround(score(b)) - Math.fround(score(a)) || b.id - a.id
          : sign * (a.priceCents - b.priceCents) || sign * (a.id - b.id),
      );
      return { ids: kept.slice(offset, offset + 24).map((d) => d.id), total: kept.length };
    };
    const check = () => {
      for (const sort of ['', 'price_low_to_high', 'price_high_to_low'] as const) {
        for (const productCategory of [null, 'Hygiene']) {
          for (const refinements of [
            NO_REFINEMENTS,
            refine({ secondHand: true }),
            refine({ verified: true, minPriceCents: 1000, maxPriceCents: 2500 }),
          ]) {
            for (const offset of [0, 24, 480]) {
              const q = query({
                typed: parseTsquery("'linen'"),
                hasTerms: true,
                sort,
                productCategory,
                refinements,
              });
              expect(index.search(q, 24, offset)).toEqual(expected(q, offset));
            }
          }
        }
      }
    };
    checkThroughChanges(index, docs, put, check, { last: 3000, putEvery: 3, removeEvery: 5 });
  });

  it('matches words that must all be there in many products as a sort of all their matches', () => {
    // Lists long enough to be matched by blocks and bit sets; ranks mostly tied.
    const index = fixture();
    const random = seeded(11);
    const docs = new Map<number, ProductDoc>();
    const put = (id: number) => {
      const words: string[] = [];
      const weight = () => ['A', 'B', 'C'][random(5) === 0 ? random(3) : 0]!;
      if (random(2) === 0) words.push(`'organ':${1 + random(3)}${weight()}`);
      if (random(5) < 3) words.push(`'cotton':${4 + random(3)}${weight()}`);
      if (random(20) < 9) words.push(`'bag':${7 + random(3)}${weight()}`);
      const d = doc({
        id,
        vector: [...words, `'x${id}':20`].join(' '),
        secondHand: random(3) === 0,
        businessId: 1 + random(2),
      });
      docs.set(id, d);
      index.upsert(d);
    };
    for (let id = 10; id < 12_000; id++) put(id);
    const scoreOf = (d: ProductDoc, lexeme: string) =>
      parseTsvector(d.vector ?? '').find((t) => t.lexeme === lexeme)?.score;
    /** The rank PostgreSQL's ts_rank gives, in float4, the typed and corrected shares added. */
    const expected = (
      typed: string[],
      corrected: string[],
      secondHand: boolean,
      offset: number,
    ) => {
      const share = (d: ProductDoc, lexemes: string[]) => {
        let sum = 0;
        for (const l of lexemes) {
          const score = scoreOf(d, l);
          if (score !== undefined) sum = Math.fround(sum + Math.fround(score));
        }
        return sum;
      };
      const has = (d: ProductDoc, lexemes: string[]) =>
        lexemes.length > 0 && lexemes.every((l) => scoreOf(d, l) !== undefined);
      const ranked = [...docs.values()]
        .filter((d) => (has(d, typed) || has(d, corrected)) && (!secondHand || d.secondHand))
        .map((d) => ({
          id: d.id,
          rank: corrected.length
            ? Math.fround(
                2 * Math.fround(share(d, typed) / typed.length) +
                  Math.fround(share(d, corrected) / corrected.length),
              )
            : Math.fround(3 * Math.fround(share(d, typed) / typed.length)),
        }))
        .sort((a, b) => b.rank - a.rank || b.id - a.id);
      return { ids: ranked.slice(offset, offset + 24).map((r) => r.id), total: ranked.length };
    };
    const check = () => {
      for (const [typed, corrected] of [
        [['organ', 'cotton'], []],
        [['cotton', 'organ', 'bag'], []],
        // A typo: the typed words in no product, or some of them.
        [
          ['orgnc', 'cottn'],
          ['organ', 'cotton'],
        ],
        [
          ['orgnc', 'bag'],
          ['organ', 'bag'],
        ],
      ] as const) {
        for (const secondHand of [false, true]) {
          for (const offset of [0, 240]) {
            const tsquery = (lexemes: readonly string[]) =>
              parseTsquery(lexemes.map((l) => `'${l}'`).join(' & '));
            const found = index.search(
              query({
                typed: tsquery(typed),
                corrected: corrected.length ? tsquery(corrected) : null,
                hasTerms: true,
                refinements: refine({ secondHand }),
              }),
              24,
              offset,
            );
            expect(found).toEqual(expected([...typed], [...corrected], secondHand, offset));
          }
        }
      }
    };
    checkThroughChanges(index, docs, put, check, {
      last: 12_000,
      putEvery: 4,
      removeFrom: 13,
      removeEvery: 6,
    });
  });

  it('gives the same answers after compaction', () => {
    const index = fixture();
    for (let round = 0; round < 5; round++) {
      for (let id = 1; id <= 4; id++) {
        index.upsert(
          doc({
            id,
            // Names and pictures beyond ASCII, each round a new one: the old bytes are dropped.
            name: `Crème Tote ${id}.${round} ☕`,
            primaryImage: id % 2 ? `p/${id}-${round}-é.webp` : null,
            vector: `'word${id}':1A 'cotton':2A`,
            priceCents: id * 100,
          }),
        );
      }
    }
    const before = index.search(query({ typed: parseTsquery("'cotton'"), hasTerms: true }), 20, 0);
    const rows = index.summaries(before.ids);
    expect(rows.map((r) => [r.name, r.primaryImage])).toEqual([
      ['Crème Tote 4.4 ☕', null],
      ['Crème Tote 3.4 ☕', 'p/3-4-é.webp'],
      ['Crème Tote 2.4 ☕', null],
      ['Crème Tote 1.4 ☕', 'p/1-4-é.webp'],
    ]);
    index.compact();
    expect(index.search(query({ typed: parseTsquery("'cotton'"), hasTerms: true }), 20, 0)).toEqual(
      before,
    );
    expect(index.summaries(before.ids)).toEqual(rows);
    expect(index.size).toBe(4);
  });

  it('suggests products, brands and categories, forgiving a typo', () => {
    const index = fixture();
    const labels = (q: string) => index.suggestions.suggest(q).map((s) => `${s.kind}:${s.label}`);
    expect(labels('cot')).toEqual(['product:Cotton Tote', 'product:Cotton Socks']);
    expect(labels('kelp')).toEqual(['brand:Kelp Studio']);
    expect(labels('acces')).toEqual(['category:Accessories']);
    expect(labels('cottn tote')).toEqual(['product:Cotton Tote']);
    expect(labels('bamboo b')).toEqual(['product:Bamboo Brush']);
    expect(labels('zzz')).toEqual([]);
  });

  it('suggests a name several products share once, linked to one still shown', () => {
    const index = fixture();
    const tote = (id: number, businessId: number) =>
      index.upsert(doc({ id, name: 'Linen Tote', vector: "'linen':1A 'tote':2A", businessId }));
    tote(10, 2);
    tote(11, 1);
    tote(12, 2);
    const linen = () => index.suggestions.suggest('linen t');
    expect(linen()).toEqual([{ kind: 'product', label: 'Linen Tote', id: 10, category: null }]);
    // Its brand closed: the next product of that name, in the order they were added.
    index.setBusiness(
      brand({ id: 2, name: 'Kelp Studio', active: false, freeShippingFromCents: 0 }),
    );
    expect(linen()[0]?.id).toBe(11);
    index.remove(11);
    expect(linen()).toEqual([]);
    // Renamed products leave the name; a new one takes it.
    tote(13, 1);
    expect(linen()[0]?.id).toBe(13);
    index.upsert(doc({ id: 13, name: 'Hemp Tote', vector: "'hemp':1A 'tote':2A" }));
    index.remove(10);
    index.remove(12);
    expect(linen()).toEqual([]);
    tote(14, 1);
    expect(linen()[0]?.id).toBe(14);
    expect(index.suggestions.suggest('hemp t')[0]?.id).toBe(13);
  });
});
