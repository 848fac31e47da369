import { SHOP_FACET_MESSAGES } from '@leafline/contract/shop-facets-texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type Headers, setFees, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { openDatabase } from '../../db/client';
import { addresses } from '../../db/schema/index';
import { NO_REFINEMENTS, type SearchRefinements } from './search-criteria';
import { createSqlSearch } from './sql-search';

/**
 * The shop's brand facet and "Ships free to me" (issue 30 point 6, decision 0057) on the real
 * database: `brands=` and `ships_free=` on `api/search/` and `api/search/facets/`, the brands'
 * counts (each ignoring the brand choice), the shopper's country (`?country=`, else the signed-in
 * shopper's default address's, else US), the SQL search agreeing with the engine, and the
 * catalogue cache keeping each country's answer apart.
 */

interface Brand {
  id: number;
  name: string;
}
interface Catalogue {
  fern: Brand;
  kelp: Brand;
  cedar: Brand;
  /** Product id → its brand and price. */
  products: Map<number, { brand: number; cents: number; secondHand: boolean }>;
}

/**
 * Fern: $5 everywhere, free from its own $30. Kelp: no fees (free from 0). Cedar: $8
 * everywhere, $6 to the US and 0 to Canada, free from $50 of its own.
 */
async function fill(t: TestApp): Promise<Catalogue> {
  const fern = await addBusiness(t.db, { name: 'Fern Goods' });
  const kelp = await addBusiness(t.db, { name: 'Kelp Studio' });
  const cedar = await addBusiness(t.db, { name: 'Cedar Works' });
  await setFees(t.db, fern.id, { worldwide: 500, threshold: 3000 });
  await setFees(t.db, cedar.id, { worldwide: 800, threshold: 5000, countries: { US: 600, CA: 0 } });
  const products: Catalogue['products'] = new Map();
  const prices = [900, 2999, 3000, 4500, 5000, 8000];
  let n = 0;
  for (const brand of [fern, kelp, cedar]) {
    for (const cents of prices.slice(0, brand === kelp ? 3 : 6)) {
      n++;
      const secondHand = n % 3 === 0;
      const p = await addProduct(t.db, brand.id, {
        name: `Linen Thing ${n}`,
        priceCents: cents,
        condition: secondHand ? 'second_hand' : 'new',
      });
      products.set(p.id, { brand: brand.id, cents, secondHand });
    }
  }
  await searchCaughtUp(t.app, t.db);
  return {
    fern: { id: fern.id, name: 'Fern Goods' },
    kelp: { id: kelp.id, name: 'Kelp Studio' },
    cedar: { id: cedar.id, name: 'Cedar Works' },
    products,
  };
}

/** Where each brand ships a lone product free from, to each country (by hand, from fees.ts). */
function shipsFreeFrom(c: Catalogue, brand: number, country: string): number {
  if (brand === c.kelp.id) return 0;
  if (brand === c.fern.id) return 3000;
  return country === 'CA' ? 0 : 5000;
}

for (const driver of ['default', 'pglite'] as const) {
  describe(`the brand facet and "Ships free to me" (${driver === 'default' ? 'the tests’ database' : 'PGlite'})`, () => {
    let t: TestApp;
    let c: Catalogue;
    beforeAll(async () => {
      t = await buildTestApp(
        {},
        driver === 'pglite'
          ? {
              database: await (async () => {
                const database = await openDatabase({});
                await database.migrate();
                return database;
              })(),
            }
          : {},
      );
      c = await fill(t);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const get = async (url: string, headers: Headers = {}) => {
      const res = await t.app.inject({ url, headers });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    };
    const listIds = async (query: string, headers: Headers = {}) => {
      const res = await get(`/api/search/?page_size=100&${query}`, headers);
      expect(res.status, query).toBe(200);
      return (res.body.results as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
    };
    const expected = (
      keep: (p: { brand: number; cents: number; secondHand: boolean }) => boolean,
    ) =>
      [...c.products]
        .filter(([, p]) => keep(p))
        .map(([id]) => id)
        .sort((a, b) => a - b);

    it('lists the products of one brand or several, and leaves the §7 answer as it was', async () => {
      expect(await listIds(`brands=${c.kelp.id}`)).toEqual(expected((p) => p.brand === c.kelp.id));
      expect(await listIds(`brands=${c.cedar.id},${c.kelp.id}`)).toEqual(
        expected((p) => p.brand !== c.fern.id),
      );
      expect(await listIds(`brands=${c.fern.id}&second_hand=true`)).toEqual(
        expected((p) => p.brand === c.fern.id && p.secondHand),
      );
      const { body } = await get(`/api/search/?brands=${c.kelp.id}`);
      expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    });

    it('counts each brand with every other choice kept and the brand choice left out', async () => {
      const { body } = await get(`/api/search/facets/?search=linen&brands=${c.kelp.id}`);
      expect(body.count).toBe(3);
      expect(body.brands).toEqual([
        { id: c.cedar.id, name: 'Cedar Works', count: 6 },
        { id: c.fern.id, name: 'Fern Goods', count: 6 },
        { id: c.kelp.id, name: 'Kelp Studio', count: 3 },
      ]);
      // Picking a brand by its count lists that many, with the other filters kept.
      const secondHand = (await get('/api/search/facets/?second_hand=true')).body;
      for (const brand of secondHand.brands) {
        const list = await get(`/api/search/?second_hand=true&brands=${brand.id}&page_size=100`);
        expect(list.body.count, brand.name).toBe(brand.count);
        expect(list.body.results.every((r: { business: number }) => r.business === brand.id)).toBe(
          true,
        );
      }
      // The other facets keep the brand choice.
      const chosen = (await get(`/api/search/facets/?brands=${c.fern.id}`)).body;
      expect(chosen.count).toBe(6);
      expect(chosen.second_hand).toBe(
        expected((p) => p.brand === c.fern.id && p.secondHand).length,
      );
    });

    it('refuses brands that are not ids, or too many, with a readable 400', async () => {
      for (const brands of ['fern', '1,,2', '-3', Array.from({ length: 21 }, (_, k) => k + 1)]) {
        const res = await get(`/api/search/?brands=${brands}`);
        expect(res.status, String(brands)).toBe(400);
        expect(res.body.error).toContain(SHOP_FACET_MESSAGES.brands);
      }
      expect((await get('/api/search/facets/?country=ZZ')).status).toBe(400);
    });

    it('keeps the products a cart of which alone ships free to the US, signed out', async () => {
      const us = expected((p) => p.cents >= shipsFreeFrom(c, p.brand, 'US'));
      expect(await listIds('ships_free=true')).toEqual(us);
      const facets = await get('/api/search/facets/');
      expect(facets.body.country).toBe('US');
      expect(facets.body.ships_free).toBe(us.length);
      // No token, no country: one answer for everyone, nothing private about it.
      expect(facets.headers['cache-control']).toBeUndefined();
      // The count ignores its own choice; the others keep it.
      const on = (await get('/api/search/facets/?ships_free=true')).body;
      expect(on.ships_free).toBe(us.length);
      expect(on.count).toBe(us.length);
      expect(on.brands.find((b: Brand) => b.id === c.cedar.id).count).toBe(
        expected((p) => p.brand === c.cedar.id && p.cents >= 5000).length,
      );
    });

    it('reads ?country=, else the signed-in shopper’s default address’s country', async () => {
      const ca = expected((p) => p.cents >= shipsFreeFrom(c, p.brand, 'CA'));
      expect(await listIds('ships_free=true&country=ca')).toEqual(ca);
      const de = expected((p) => p.cents >= shipsFreeFrom(c, p.brand, 'DE'));
      expect(await listIds('ships_free=true&country=DE')).toEqual(de);
      expect(ca).not.toEqual(de);

      const { account, headers } = await shopper(t.app);
      await t.db.update(addresses).set({ country: 'CA' }).where(eq(addresses.userId, account.id));
      const mine = await get('/api/search/?ships_free=true&page_size=100', headers);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(
        mine.body.results.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b),
      ).toEqual(ca);
      const facets = await get('/api/search/facets/', headers);
      expect(facets.body).toMatchObject({ country: 'CA', ships_free: ca.length });
      // The parameter wins, as in the delivery call; a plain search does not read the token.
      expect((await get('/api/search/facets/?country=DE', headers)).body.country).toBe('DE');
      const plain = await get('/api/search/?search=linen', headers);
      expect(plain.headers['cache-control']).toBeUndefined();
      // A bad token where the country is needed is a 401 (the web app renews it).
      const bad = await get('/api/search/facets/', { authorization: 'Bearer nope' });
      expect(bad.status).toBe(401);
    });

    it('answers alike through the SQL search (the search while the index loads)', async () => {
      const sql = createSqlSearch(t.db);
      const cases: Array<Partial<SearchRefinements>> = [
        { brandIds: [c.fern.id] },
        { brandIds: [c.kelp.id, c.cedar.id], secondHand: true },
        { shipsFree: true, country: 'US' },
        { shipsFree: true, country: 'CA' },
        { shipsFree: true, country: 'DE', brandIds: [c.cedar.id] },
      ];
      for (const r of cases) {
        const refinements = { ...NO_REFINEMENTS, ...r };
        const found = await sql.search(
          { terms: '', words: [], productCategory: null, sort: '', refinements },
          100,
          0,
        );
        const query = [
          r.brandIds ? `brands=${r.brandIds.join(',')}` : '',
          r.secondHand ? 'second_hand=true' : '',
          r.shipsFree ? `ships_free=true&country=${r.country}` : '',
        ]
          .filter(Boolean)
          .join('&');
        const engine = (await get(`/api/search/?page_size=100&${query}`)).body;
        expect(found?.total, query).toBe(engine.count);
        expect(found?.rows.map((row) => row.id)).toEqual(
          engine.results.map((row: { id: number }) => row.id),
        );
      }
    });
  });
}

describe('"Ships free to me" through the catalogue cache', () => {
  let t: TestApp;
  let c: Catalogue;
  beforeAll(async () => {
    t = await buildTestApp({ CATALOG_CACHE_SECONDS: '60' });
    c = await fill(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('never serves one country’s answer for another', async () => {
    expect(t.app.deps.catalogCache.enabled).toBe(true);
    const { account, headers } = await shopper(t.app);
    await t.db.update(addresses).set({ country: 'CA' }).where(eq(addresses.userId, account.id));
    const url = '/api/search/facets/';
    const ca = (await t.app.inject({ url, headers })).json();
    const guest = (await t.app.inject({ url })).json();
    const caAgain = (await t.app.inject({ url, headers })).json();
    expect(ca.country).toBe('CA');
    expect(guest.country).toBe('US');
    expect(caAgain).toEqual(ca);
    expect(ca.ships_free).toBe(
      [...c.products.values()].filter((p) => p.cents >= shipsFreeFrom(c, p.brand, 'CA')).length,
    );
    expect(guest.ships_free).not.toBe(ca.ships_free);
  });
});
