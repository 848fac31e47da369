import { CURATED_LISTS } from '@leafline/contract';
import { CATALOG_MESSAGES, centsToPrice } from '@leafline/contract/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addBusiness,
  addNote,
  addProduct,
  addProducts,
  setCuratedList,
} from '../../../test/helpers/catalog-fixtures';
import { businesses, products } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.leafline.example' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url });

describe('centsToPrice (DESIGN 2.3)', () => {
  it('writes integer cents as a two-place decimal string', () => {
    expect(centsToPrice(1500)).toBe('15.00');
    expect(centsToPrice(1250)).toBe('12.50');
    expect(centsToPrice(5)).toBe('0.05');
    expect(centsToPrice(0)).toBe('0.00');
    expect(centsToPrice(13800)).toBe('138.00');
    expect(centsToPrice(-250)).toBe('-2.50');
  });
});

describe('GET /api/products/:id/', () => {
  it('answers the product with images, money strings and its live variants only', async () => {
    const business = await addBusiness(t.db, { name: 'Fern & Moss' });
    const product = await addProduct(t.db, business.id, {
      name: 'Linen Apron',
      description: 'Stonewashed linen.',
      priceCents: 1500,
      condition: 'second_hand',
      productCategory: 'Home Goods',
      optionNames: ['Color', 'Size'],
      images: ['products/apron.webp', 'products/apron-back.webp'],
      variants: [
        { option1: 'Sage', option2: 'S', images: ['products/sage.webp', 'products/sage-2.webp'] },
        { option1: 'Clay', priceCents: 1850 },
        { option1: 'Gone', deleted: true },
      ],
    });
    const [sage, clay] = product.variants;

    const res = await get(`/api/products/${product.id}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: product.id,
      name: 'Linen Apron',
      description: 'Stonewashed linen.',
      price: '15.00',
      compare_at_price: null,
      condition: 'second_hand',
      category: 'Eco-Friendly Business',
      product_category: 'Home Goods',
      images: [
        { id: expect.any(Number), image: '/media/products/apron.webp', alt_text: 'Linen Apron 1' },
        {
          id: expect.any(Number),
          image: '/media/products/apron-back.webp',
          alt_text: 'Linen Apron 2',
        },
      ],
      primary_image: '/media/products/apron.webp',
      business: business.id,
      business_name: 'Fern & Moss',
      option_names: ['Color', 'Size'],
      variants: [
        {
          id: sage!.id,
          option1: 'Sage',
          option2: 'S',
          price: '15.00',
          compare_at_price: null,
          image: '/media/products/sage.webp',
          images: [
            { id: expect.any(Number), image: '/media/products/sage.webp', alt_text: 'Sage 1' },
            { id: expect.any(Number), image: '/media/products/sage-2.webp', alt_text: 'Sage 2' },
          ],
          deleted: false,
          stock: null,
        },
        {
          id: clay!.id,
          option1: 'Clay',
          option2: null,
          price: '18.50',
          compare_at_price: null,
          image: null,
          images: [],
          deleted: false,
          stock: null,
        },
      ],
      stock: null,
      sold_out: false,
      rating_average: null,
      rating_count: 0,
    });
  });

  it('has a null primary image and no variants when there are none', async () => {
    const business = await addBusiness(t.db);
    const product = await addProduct(t.db, business.id, { priceCents: 999 });
    const body = (await get(`/api/products/${product.id}/`)).json();
    expect(body).toMatchObject({ price: '9.99', images: [], primary_image: null, variants: [] });
  });

  it('hides the products of a closed business', async () => {
    const business = await addBusiness(t.db);
    const product = await addProduct(t.db, business.id);
    expect((await get(`/api/products/${product.id}/`)).statusCode).toBe(200);
    await t.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, business.id));
    const res = await get(`/api/products/${product.id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Product not found' });
  });

  it.each([
    ['an unknown id', '987654'],
    ['a non-numeric id', 'abc'],
    ['an id beyond any integer', '99999999999999'],
    ['zero', '0'],
    ['a negative id', '-1'],
    ['a decimal', '1.5'],
    ['odd Unicode', encodeURIComponent('١٢')],
  ])('answers 404 Product not found for %s', async (_label, id) => {
    const res = await get(`/api/products/${id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: CATALOG_MESSAGES.productNotFound });
  });
});

describe('GET /api/business/:id/', () => {
  it('shows the public profile and never the payout account, store token or owner', async () => {
    const business = await addBusiness(t.db, {
      name: 'Wildroot Studio',
      description: 'Hand-dyed goods.',
      email: 'hi@wildroot.example',
      website: 'https://wildroot.example',
      shippingStrategy: 'Plastic-free parcels',
      priceRange: '$$',
      production: 'Small batches in Oregon',
      logo: 'logos/wildroot.webp',
      banner: null,
      verified: true,
      businessType: 'individual_seller',
      stripeAccountId: 'acct_secret_123',
      shopifyAccessToken: 'shpat_secret_456',
      shopifyStoreUrl: 'wildroot.myshopify.com',
    });
    const res = await get(`/api/business/${business.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: business.id,
      name: 'Wildroot Studio',
      description: 'Hand-dyed goods.',
      email: 'hi@wildroot.example',
      website: 'https://wildroot.example',
      shipping_strategy: 'Plastic-free parcels',
      price_range: '$$',
      production: 'Small batches in Oregon',
      logonew: '/media/logos/wildroot.webp',
      banner: null,
      verified: true,
      business_type: 'individual_seller',
      rating_average: null,
      rating_count: 0,
    });
    expect(res.body).not.toMatch(/acct_secret|shpat_secret|myshopify|owner/);
  });

  it('answers 404 Business not found for closed, unknown and non-numeric ids', async () => {
    const closed = await addBusiness(t.db, { isActive: false });
    for (const id of [String(closed.id), '876543', 'abc', '99999999999999']) {
      const res = await get(`/api/business/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Business not found' });
    }
  });
});

describe('GET /api/publicbusinesses/', () => {
  it('lists the open businesses by name with logo and badge', async () => {
    const t2 = await buildTestApp();
    try {
      const zinnia = await addBusiness(t2.db, { name: 'Zinnia Goods', logo: 'logos/z.webp' });
      const acorn = await addBusiness(t2.db, { name: 'acorn & co', verified: true });
      await addBusiness(t2.db, { name: 'Closed Shop', isActive: false });
      const res = await t2.app.inject({ url: '/api/publicbusinesses/' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: acorn.id, name: 'acorn & co', logonew: null, verified: true },
        { id: zinnia.id, name: 'Zinnia Goods', logonew: '/media/logos/z.webp', verified: false },
      ]);
    } finally {
      await t2.close();
    }
  });
});

describe('GET /api/sustainability/:businessId/', () => {
  it('lists the notes of a business in their order', async () => {
    const business = await addBusiness(t.db);
    const second = await addNote(t.db, business.id, 'Packaging', 'Compostable mailers.', 1);
    const first = await addNote(t.db, business.id, 'Materials', '100% organic cotton.', 0);
    const other = await addBusiness(t.db);
    await addNote(t.db, other.id, 'Elsewhere', 'Not this one.');

    const res = await get(`/api/sustainability/${business.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: first.id, title: 'Materials', explanation: '100% organic cotton.' },
      { id: second.id, title: 'Packaging', explanation: 'Compostable mailers.' },
    ]);
  });

  it('is an empty list for a business without notes and 404 for an unknown one', async () => {
    const business = await addBusiness(t.db);
    expect((await get(`/api/sustainability/${business.id}/`)).json()).toEqual([]);
    const res = await get('/api/sustainability/765432/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Business not found' });
  });
});

describe('GET /api/products-by-business/:id/', () => {
  it('pages the products newest first, 10 a page, with next and previous', async () => {
    const business = await addBusiness(t.db, { name: 'Storefront Co' });
    const made = await addProducts(t.db, business.id, 23, (i) => ({ name: `Item ${i}` }));
    const other = await addBusiness(t.db);
    await addProducts(t.db, other.id, 3);
    const newestFirst = made.map((p) => p.id).reverse();
    const base = `https://shop.leafline.example/api/products-by-business/${business.id}/`;

    const first = await get(`/api/products-by-business/${business.id}/`);
    expect(first.statusCode).toBe(200);
    const one = first.json();
    expect(one.count).toBe(23);
    expect(one.results.map((p: { id: number }) => p.id)).toEqual(newestFirst.slice(0, 10));
    expect(one.results[0]).toEqual({
      id: newestFirst[0],
      name: 'Item 22',
      price: '10.22',
      business: business.id,
      business_name: 'Storefront Co',
      condition: 'new',
      primary_image: null,
      product_category: 'Apparel',
      stock: null,
      sold_out: false,
      rating_average: null,
      rating_count: 0,
    });
    expect(one.previous).toBeNull();
    expect(one.next).toBe(`${base}?page=2`);

    const two = (await get(`/api/products-by-business/${business.id}/?page=2`)).json();
    expect(two.results.map((p: { id: number }) => p.id)).toEqual(newestFirst.slice(10, 20));
    expect(two.previous).toBe(`${base}?page=1`);
    expect(two.next).toBe(`${base}?page=3`);

    const three = (await get(`/api/products-by-business/${business.id}/?page=3`)).json();
    expect(three.results.map((p: { id: number }) => p.id)).toEqual(newestFirst.slice(20));
    expect(three.next).toBeNull();
    expect(three.previous).toBe(`${base}?page=2`);

    const beyond = await get(`/api/products-by-business/${business.id}/?page=4`);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ error: 'Invalid page.' });
  });

  it('answers an empty first page for a business without products', async () => {
    const business = await addBusiness(t.db);
    const res = await get(`/api/products-by-business/${business.id}/`);
    expect(res.json()).toEqual({ results: [], count: 0, next: null, previous: null });
  });

  it('refuses bad pages with a readable 400 and unknown businesses with 404', async () => {
    const business = await addBusiness(t.db);
    for (const page of ['0', 'abc', '-2', '1.5']) {
      const res = await get(`/api/products-by-business/${business.id}/?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().error).toMatch(/page must be a whole number/);
    }
    for (const id of ['abc', '999999', '99999999999999']) {
      const res = await get(`/api/products-by-business/${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Business not found' });
    }
  });
});

describe('GET /api/curated/:key/', () => {
  it('answers a product list in its own order, skipping gone and closed products', async () => {
    const open = await addBusiness(t.db, { name: 'Open Brand' });
    const closed = await addBusiness(t.db, { isActive: false });
    const a = await addProduct(t.db, open.id, { name: 'A', priceCents: 2500 });
    const b = await addProduct(t.db, open.id, { name: 'B', images: ['products/b.webp'] });
    const hidden = await addProduct(t.db, closed.id, { name: 'Hidden' });
    const gone = await addProduct(t.db, open.id, { name: 'Gone' });
    await t.db.delete(products).where(eq(products.id, gone.id));
    await setCuratedList(t.db, CURATED_LISTS.newlyAdded, [b.id, gone.id, hidden.id, a.id]);

    const res = await get('/api/curated/newly_added/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: 'newly_added',
      results: [
        expect.objectContaining({ id: b.id, name: 'B', primary_image: '/media/products/b.webp' }),
        expect.objectContaining({
          id: a.id,
          name: 'A',
          price: '25.00',
          business_name: 'Open Brand',
        }),
      ],
    });
  });

  it('answers the hidden business ids as stored', async () => {
    await setCuratedList(t.db, CURATED_LISTS.hiddenBusinesses, [7, 1001, 3]);
    const res = await get('/api/curated/hidden_businesses/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'hidden_businesses', ids: [7, 1001, 3] });
  });

  it('answers an empty list for a known list not stored yet, 404 for an unknown key', async () => {
    expect((await get('/api/curated/people_also_love/')).json()).toEqual({
      key: 'people_also_love',
      results: [],
    });
    const res = await get('/api/curated/best_sellers/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'List not found' });
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue calls', async () => {
    const res = await get('/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/products/{id}/',
        '/api/business/{id}/',
        '/api/publicbusinesses/',
        '/api/products-by-business/{id}/',
        '/api/sustainability/{businessId}/',
        '/api/curated/{key}/',
        '/api/search/',
      ]),
    );
  });
});
