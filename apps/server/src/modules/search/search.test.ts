import { CURATED_LISTS } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addBusiness,
  addProduct,
  addProducts,
  searchCaughtUp,
  setCuratedList,
} from '../../../test/helpers/catalog-fixtures';
import { businesses } from '../../db/schema/index';

const BASE = 'https://shop.leafline.example/api/search/';

let t: TestApp;
/** Products of the fixed catalogue below, by name. */
const ids: Record<string, number> = {};
let closedProductId = 0;
let fernId = 0;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.leafline.example' });
  const fern = await addBusiness(t.db, { name: 'Fern & Moss' });
  const tidal = await addBusiness(t.db, { name: 'Tidal Threads' });
  const closed = await addBusiness(t.db, { name: 'Bamboo Closed Co' });
  fernId = fern.id;
  const make = async (businessId: number, name: string, values = {}) => {
    const p = await addProduct(t.db, businessId, { name, ...values });
    ids[name] = p.id;
    return p;
  };
  await make(fern.id, 'Organic Cotton Tee', {
    priceCents: 2800,
    productCategory: 'Apparel',
    description: 'A soft everyday tee.',
    images: ['products/tee.webp'],
  });
  await make(tidal.id, 'Canvas Sneakers', {
    priceCents: 8900,
    productCategory: 'Shoes',
    description: 'Recycled rubber soles.',
  });
  await make(fern.id, 'Bamboo Toothbrush', {
    priceCents: 600,
    productCategory: 'Hygiene',
    description: 'Compostable handle.',
  });
  await make(tidal.id, 'Travel Cup', {
    priceCents: 2200,
    productCategory: 'Home Goods',
    description: 'Made of bamboo fibre, fits every bag.',
  });
  await make(tidal.id, 'Sketchbook', {
    priceCents: 1400,
    productCategory: 'Art Supplies',
    description: 'Recycled paper.',
  });
  await make(fern.id, 'Solid Dish Soap', {
    priceCents: 900,
    productCategory: 'Cleaning Products',
    description: 'Zero-waste block.',
  });
  const hidden = await addProduct(t.db, closed.id, {
    name: 'Bamboo Hidden Brush',
    productCategory: 'Hygiene',
  });
  closedProductId = hidden.id;
  await t.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, closed.id));
  await searchCaughtUp(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url });
const names = (body: { results: Array<{ name: string }> }) => body.results.map((r) => r.name);

describe('GET /api/search/ — terms', () => {
  it('answers the search-result shape with a money string and the business name', async () => {
    const res = await get('/api/search/?search=organic%20cotton');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          id: ids['Organic Cotton Tee'],
          name: 'Organic Cotton Tee',
          price: '28.00',
          business: fernId,
          business_name: 'Fern & Moss',
          condition: 'new',
          primary_image: '/media/products/tee.webp',
          product_category: 'Apparel',
          stock: null,
          sold_out: false,
          rating_average: null,
          rating_count: 0,
        },
      ],
      count: 1,
      next: null,
      previous: null,
    });
  });

  it('ranks a name match above a description match, and hides closed businesses', async () => {
    const body = (await get('/api/search/?search=bamboo')).json();
    expect(names(body)).toEqual(['Bamboo Toothbrush', 'Travel Cup']);
    expect(body.results.map((r: { id: number }) => r.id)).not.toContain(closedProductId);
  });

  it('finds products by business name and by category', async () => {
    expect(names((await get('/api/search/?search=tidal%20threads')).json()).sort()).toEqual([
      'Canvas Sneakers',
      'Sketchbook',
      'Travel Cup',
    ]);
    expect(names((await get('/api/search/?search=hygiene')).json())).toEqual(['Bamboo Toothbrush']);
  });

  it('tolerates typos', async () => {
    expect(names((await get('/api/search/?search=organc%20cotton')).json())).toEqual([
      'Organic Cotton Tee',
    ]);
    expect(names((await get('/api/search/?search=sneker')).json())).toEqual(['Canvas Sneakers']);
    expect(names((await get('/api/search/?search=toothbrsh')).json())).toEqual([
      'Bamboo Toothbrush',
    ]);
  });

  it('finds nothing for words the catalogue does not have', async () => {
    expect((await get('/api/search/?search=xylophone')).json()).toEqual({
      results: [],
      count: 0,
      next: null,
      previous: null,
    });
  });

  it('follows a rename of the business', async () => {
    const brand = await addBusiness(t.db, { name: 'Quillwort Paper' });
    await addProduct(t.db, brand.id, { name: 'Notebook Refill' });
    await searchCaughtUp(t.app, t.db);
    expect(names((await get('/api/search/?search=quillwort')).json())).toEqual(['Notebook Refill']);
    await t.db
      .update(businesses)
      .set({ name: 'Larkspur Paper' })
      .where(eq(businesses.id, brand.id));
    await searchCaughtUp(t.app, t.db);
    expect((await get('/api/search/?search=quillwort')).json().count).toBe(0);
    expect(names((await get('/api/search/?search=larkspur')).json())).toEqual(['Notebook Refill']);
  });
});

describe('GET /api/search/ — category and sorts', () => {
  it('filters by category, and Stationery lists Art Supplies', async () => {
    expect(names((await get('/api/search/?category=Shoes')).json())).toEqual(['Canvas Sneakers']);
    expect(names((await get('/api/search/?category=Art%20Supplies')).json())).toEqual([
      'Sketchbook',
    ]);
    expect(names((await get('/api/search/?category=Stationary')).json())).toEqual(['Sketchbook']);
    expect(names((await get('/api/search/?category=Hygiene&search=bamboo')).json())).toEqual([
      'Bamboo Toothbrush',
    ]);
  });

  it('sorts by price both ways', async () => {
    const prices = (body: { results: Array<{ price: string }> }) =>
      body.results.map((r) => Number(r.price));
    const low = prices((await get('/api/search/?filter=price_low_to_high')).json());
    const high = prices((await get('/api/search/?filter=price_high_to_low')).json());
    expect(low.length).toBeGreaterThanOrEqual(6);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(high).toEqual([...low].reverse());
    expect(low[0]).toBe(6);
    expect(high[0]).toBe(89);
    expect(
      names((await get('/api/search/?search=bamboo&filter=price_high_to_low')).json()),
    ).toEqual(['Travel Cup', 'Bamboo Toothbrush']);
  });

  it('lists everything newest first without terms', async () => {
    const body = (await get('/api/search/')).json();
    expect(body.results[0].id).toBeGreaterThan(body.results[1].id);
    expect(body.results.map((r: { id: number }) => r.id)).not.toContain(closedProductId);
  });

  it('answers the Current Favorites list for weekly_favorites, in its order', async () => {
    await setCuratedList(t.db, CURATED_LISTS.currentFavorites, [
      ids.Sketchbook!,
      closedProductId,
      ids['Canvas Sneakers']!,
      ids['Solid Dish Soap']!,
    ]);
    const body = (await get('/api/search/?category=weekly_favorites')).json();
    expect(names(body)).toEqual(['Sketchbook', 'Canvas Sneakers', 'Solid Dish Soap']);
    expect(body.count).toBe(3);
    const sorted = (
      await get('/api/search/?category=weekly_favorites&filter=price_low_to_high')
    ).json();
    expect(names(sorted)).toEqual(['Solid Dish Soap', 'Sketchbook', 'Canvas Sneakers']);
  });
});

describe('GET /api/search/ — pages', () => {
  beforeAll(async () => {
    const brand = await addBusiness(t.db, { name: 'Pager Works' });
    await addProducts(t.db, brand.id, 45, (i) => ({
      name: `Zephyrine Scarf ${i}`,
      productCategory: 'Accessories',
    }));
    await searchCaughtUp(t.app, t.db);
  });

  it('pages with count, next and previous built from the request', async () => {
    const one = (await get('/api/search/?search=zephyrine&category=Accessories')).json();
    expect(one.count).toBe(45);
    expect(one.results).toHaveLength(20);
    expect(one.previous).toBeNull();
    expect(one.next).toBe(`${BASE}?search=zephyrine&category=Accessories&page=2`);

    const two = (await get('/api/search/?search=zephyrine&category=Accessories&page=2')).json();
    expect(two.results).toHaveLength(20);
    expect(two.previous).toBe(`${BASE}?search=zephyrine&category=Accessories&page=1`);
    expect(two.next).toBe(`${BASE}?search=zephyrine&category=Accessories&page=3`);
    const seen = new Set([...one.results, ...two.results].map((r: { id: number }) => r.id));
    expect(seen.size).toBe(40);

    const three = (await get('/api/search/?search=zephyrine&category=Accessories&page=3')).json();
    expect(three.results).toHaveLength(5);
    expect(three.next).toBeNull();
    expect(three.previous).toBe(`${BASE}?search=zephyrine&category=Accessories&page=2`);

    const beyond = await get('/api/search/?search=zephyrine&category=Accessories&page=4');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ error: 'Invalid page.' });
  });

  it('takes page_size, keeps it in the links and caps it at 100', async () => {
    const small = (await get('/api/search/?search=zephyrine&page_size=10&page=2')).json();
    expect(small.results).toHaveLength(10);
    expect(small.next).toBe(`${BASE}?search=zephyrine&page_size=10&page=3`);
    expect(small.previous).toBe(`${BASE}?search=zephyrine&page_size=10&page=1`);

    const all = (await get('/api/search/?category=Accessories&page_size=100000')).json();
    expect(all.count).toBe(45);
    expect(all.results).toHaveLength(45);
    const everything = (await get('/api/search/?page_size=100000')).json();
    expect(everything.count).toBeGreaterThan(50);
    expect(everything.results).toHaveLength(Math.min(100, everything.count));
  });

  it('keeps the sort while paging', async () => {
    const one = (await get('/api/search/?category=Accessories&filter=price_high_to_low')).json();
    const two = (
      await get('/api/search/?category=Accessories&filter=price_high_to_low&page=2')
    ).json();
    const prices = [...one.results, ...two.results].map((r: { price: string }) => Number(r.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices[0]).toBe(10.44);
    expect(one.next).toBe(`${BASE}?category=Accessories&filter=price_high_to_low&page=2`);
  });
});

describe('GET /api/search/ — bad input', () => {
  it.each([
    ['page=0', /page must be a whole number/],
    ['page=abc', /page must be a whole number/],
    ['page=-1', /page must be a whole number/],
    ['page=99999999999999', /page must be a whole number/],
    ['page_size=0', /page_size must be a whole number/],
    ['page_size=abc', /page_size must be a whole number/],
    ['filter=cheapest', /filter must be/],
    ['category=Toys', /category does not exist/],
    ['page=1&page=2', /page must be a single whole number/],
  ])('answers 400 with a readable message for %s', async (query, message) => {
    const res = await get(`/api/search/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  it('answers 404 Invalid page beyond the last page', async () => {
    const res = await get('/api/search/?search=xylophone&page=2');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Invalid page.' });
  });

  it.each([
    ['a 5,000-character search', 'organic '.repeat(625)],
    ['percent and underscore', '100%_cotton'],
    ['quotes and operators', `"organic" -cotton OR 'tee' & | ! ( ) :*`],
    ['only punctuation', `%_'"\\`],
    ['emoji', '🌿🧦 organic'],
    ['right-to-left text', 'قميص قطن عضوي'],
    ['a NUL character', 'cot\u0000ton'],
    ['combining marks', 'c\u0301o\u0308tton'],
  ])('never fails on %s', async (_label, search) => {
    const res = await get(`/api/search/?search=${encodeURIComponent(search)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body.results)).toBe(true);
    expect(typeof body.count).toBe('number');
  });

  it('never fails on broken UTF-8 or percent-encoding', async () => {
    for (const raw of ['%ED%A0%80%20tee', '%FF%FE', '%E0%A4%A', '%%%']) {
      const res = await get(`/api/search/?search=${raw}`);
      expect(res.statusCode, raw).toBeLessThan(500);
    }
  });

  it('uses only the first 200 characters of the terms', async () => {
    // 190 dots + ' sneakers' is 199 characters: the cut drops the unknown word after it.
    const terms = `${'.'.repeat(190)} sneakers zzzzqq`;
    expect(names((await get(`/api/search/?search=${terms}`)).json())).toEqual(['Canvas Sneakers']);
    expect((await get('/api/search/?search=sneakers%20zzzzqq')).json().count).toBe(0);
  });

  it('treats a search of punctuation only as matching nothing', async () => {
    expect((await get('/api/search/?search=%25')).json().count).toBe(0);
  });
});
