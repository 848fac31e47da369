import {
  PRODUCT_BULK_MESSAGES,
  PRODUCT_MESSAGES,
  priceAfterPercent,
  type SellerProduct,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import type { Headers } from '../../../test/helpers/buying';
import { addBusiness, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { formOf } from '../../../test/helpers/multipart-form';

/** Issue 29, points 5 and 7: drafts, archived products, the list's status and search, copies, bulk changes. */

const BASE = {
  description: 'Undyed wool from one flock.',
  price: '30.00',
  condition: 'new',
  product_category: 'Accessories',
};

let t: TestApp;
let owner: Headers;
let shopperHeaders: Headers;
let businessId = 0;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  businessId = (await addBusiness(t.db, { ownerId: seller.shopper.id })).id;
  shopperHeaders = (await signedInShopper(t.app)).headers;
});
afterAll(async () => {
  await t.close();
});

async function add(fields: Record<string, string>): Promise<SellerProduct> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/add-product/${businessId}/`,
    headers: owner,
    payload: formOf({ ...BASE, ...fields }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().product;
}
const setStatus = (productId: number, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/products/${productId}/status/`,
    headers: owner,
    payload: { status },
  });

/** Where a shopper could meet the product: its page, the storefront, search, sitemap, cart. */
async function seenInShop(productId: number, name: string) {
  await searchCaughtUp(t.app, t.db);
  const page = await t.app.inject({ url: `/api/products/${productId}/` });
  const storefront = await t.app.inject({ url: `/api/products-by-business/${businessId}/` });
  const search = await t.app.inject({
    url: `/api/search/?search=${encodeURIComponent(name)}`,
  });
  const sitemap = await t.app.inject({ url: '/sitemap.xml' });
  const cart = await t.app.inject({
    method: 'POST',
    url: `/add-to-cart/${productId}/`,
    headers: shopperHeaders,
    payload: { variant_id: null, quantity: 1 },
  });
  return {
    page: page.statusCode,
    storefront: (storefront.json().results as Array<{ id: number }>).some(
      (p) => p.id === productId,
    ),
    storefrontCount: storefront.json().count as number,
    search: (search.json().results as Array<{ id: number }>).some((p) => p.id === productId),
    sitemap: sitemap.body.includes(`/shop/products/${productId}<`),
    cart: cart.statusCode,
  };
}

describe('a product’s status', () => {
  it('keeps a draft out of the shop until it is made active; archived leaves it again', async () => {
    const name = `Juniper draft beanie ${Date.now()}`;
    const draft = await add({ name, status: 'draft' });
    expect(draft.status).toBe('draft');
    const hidden = await seenInShop(draft.id, name);
    expect(hidden).toMatchObject({
      page: 404,
      storefront: false,
      storefrontCount: 0,
      search: false,
      sitemap: false,
      cart: 404,
    });

    const activated = await setStatus(draft.id, 'active');
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      message: PRODUCT_MESSAGES.statusSaved('active'),
      product: { id: draft.id, status: 'active' },
    });
    expect(await seenInShop(draft.id, name)).toEqual({
      page: 200,
      storefront: true,
      storefrontCount: 1,
      search: true,
      sitemap: true,
      cart: 200,
    });

    const archived = await setStatus(draft.id, 'archived');
    expect(archived.json().message).toBe(PRODUCT_MESSAGES.statusSaved('archived'));
    const gone = await seenInShop(draft.id, name);
    expect(gone).toMatchObject({ page: 404, storefront: false, search: false, sitemap: false });
    // The shopper's cart line of it is no longer offered.
    const cart = await t.app.inject({ url: '/api/cart/', headers: shopperHeaders });
    expect(JSON.stringify(cart.json())).not.toContain(name);
  });

  it('is active when a new product does not say, and kept by an edit that does not say', async () => {
    const product = await add({ name: 'Plain cap' });
    expect(product.status).toBe('active');
    await setStatus(product.id, 'draft');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/edit/`,
      headers: owner,
      payload: formOf({ ...BASE, name: 'Plain cap, renamed' }),
    });
    expect(edited.json().product).toMatchObject({ name: 'Plain cap, renamed', status: 'draft' });
    const activeByForm = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/edit/`,
      headers: owner,
      payload: formOf({ ...BASE, name: 'Plain cap', status: 'active' }),
    });
    expect(activeByForm.json().product.status).toBe('active');
  });

  it('refuses a status it does not know, in the form and in the quick change', async () => {
    const product = await add({ name: 'Odd status' });
    const bad = await setStatus(product.id, 'hidden');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(PRODUCT_MESSAGES.status);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/add-product/${businessId}/`,
      headers: owner,
      payload: formOf({ ...BASE, name: 'Odd', status: 'hidden' }),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().fields).toEqual({ status: PRODUCT_MESSAGES.status });
  });
});

describe('the seller’s product list: status and search', () => {
  it('narrows to one status, and finds by part of the name or a SKU, any case', async () => {
    const mark = Date.now().toString(36);
    const wanted = await add({ name: `Heather scarf ${mark}`, status: 'draft' });
    await add({ name: `Heather mitts ${mark}`, sku: `MITT-${mark}` });
    await add({
      name: `Moss socks ${mark}`,
      'variants[0].option1': 'S',
      'variants[0].sku': `SOCK-${mark}-S`,
    });
    const list = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/business/products/${businessId}/?${query}`,
        headers: owner,
      });
      expect(res.statusCode).toBe(200);
      return {
        names: (res.json() as SellerProduct[]).map((p) => p.name),
        total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
      };
    };
    expect(await list(`q=heather%20${mark}`)).toEqual({ names: [], total: 0 });
    expect(await list(`q=HEATHER`)).toMatchObject({
      names: [`Heather mitts ${mark}`, `Heather scarf ${mark}`],
      total: 2,
    });
    expect(await list(`q=heather&status=draft`)).toEqual({
      names: [`Heather scarf ${mark}`],
      total: 1,
    });
    expect((await list(`q=mitt-${mark}`)).names).toEqual([`Heather mitts ${mark}`]);
    expect((await list(`q=sock-${mark}-s`)).names).toEqual([`Moss socks ${mark}`]);
    // `%` and `_` are what they are, not patterns.
    expect((await list(`q=%25`)).total).toBe(0);
    const bad = await t.app.inject({
      url: `/api/business/products/${businessId}/?status=gone`,
      headers: owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(wanted.status).toBe('draft');
  });
});

describe('a product’s copy', () => {
  it('is a draft with its fields, pictures and variants; not its SKUs or stock', async () => {
    const source = await add({
      name: 'Linen apron',
      compare_at_price: '40.00',
      'option_names[0]': 'Colour',
      'variants[0].option1': 'Sand',
      'variants[0].sku': 'APRON-SAND',
      'variants[0].stock': '4',
      'variants[1].option1': 'Navy',
      'variants[1].price': '32.00',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${source.id}/duplicate/`,
      headers: owner,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.duplicated);
    const copy: SellerProduct = res.json().product;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: 'Copy of Linen apron',
      status: 'draft',
      price: '30.00',
      compare_at_price: '40.00',
      option_names: ['Colour'],
      description: BASE.description,
      product_category: 'Accessories',
    });
    expect(copy.variants.map((v) => [v.option1, v.price, v.sku, v.stock])).toEqual([
      ['Sand', '30.00', null, null],
      ['Navy', '32.00', null, null],
    ]);
    // Not in the shop until the brand says so; the original is as it was.
    expect((await t.app.inject({ url: `/api/products/${copy.id}/` })).statusCode).toBe(404);
    const original = await t.app.inject({ url: `/api/products/${source.id}/` });
    expect(original.json().variants).toHaveLength(2);
    // Another brand's product cannot be copied: the guard's 404.
    const other = await signedInShopper(t.app);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/products/${source.id}/duplicate/`,
      headers: other.headers,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('a bulk change of the products picked (issue 29, point 7)', () => {
  const bulk = (body: unknown, headers = owner, business = businessId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/business/products/${business}/bulk/`,
      headers,
      payload: body as Record<string, unknown>,
    });

  it('archives and makes active several at once', async () => {
    const a = await add({ name: 'Bulk one' });
    const b = await add({ name: 'Bulk two', status: 'draft' });
    const archived = await bulk({ ids: [a.id, b.id, a.id], action: 'archived' });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({
      message: PRODUCT_BULK_MESSAGES.statusSaved(2, 'archived'),
      updated: 2,
    });
    for (const id of [a.id, b.id]) {
      expect((await t.app.inject({ url: `/api/products/${id}/` })).statusCode).toBe(404);
    }
    await bulk({ ids: [a.id, b.id], action: 'active' });
    for (const id of [a.id, b.id]) {
      expect((await t.app.inject({ url: `/api/products/${id}/` })).statusCode).toBe(200);
    }
  });

  it('changes prices by a percentage to the cent, variants’ own prices too, former prices kept', async () => {
    const plain = await add({ name: 'Bulk price plain', price: '19.99' });
    const varied = await add({
      name: 'Bulk price varied',
      price: '10.00',
      compare_at_price: '12.00',
      'variants[0].option1': 'S',
      'variants[1].option1': 'L',
      'variants[1].price': '10.05',
    });
    const lowered = await bulk({ ids: [plain.id, varied.id], action: 'price', percent: -15 });
    expect(lowered.json()).toEqual({
      message: PRODUCT_BULK_MESSAGES.priceSaved(2, -15),
      updated: 2,
    });
    const one = (await t.app.inject({ url: `/api/products/${plain.id}/` })).json();
    // 19.99 × 0.85 = 16.9915 → 16.99.
    expect(one.price).toBe('16.99');
    const two = (await t.app.inject({ url: `/api/products/${varied.id}/` })).json();
    expect(two.price).toBe('8.50');
    expect(two.compare_at_price).toBe('12.00');
    // 10.05 × 0.85 = 8.5425 → 8.54; S follows the product's price.
    expect(two.variants.map((v: { price: string }) => v.price)).toEqual(['8.50', '8.54']);
    expect(priceAfterPercent(1005, -15)).toBe(854);
    expect(priceAfterPercent(1, 50)).toBe(2);
  });

  it('changes nothing when a product is not the brand’s, or a price would leave the range', async () => {
    const mine = await add({ name: 'Bulk guarded', price: '0.05' });
    const other = await signedInShopper(t.app);
    const otherBusiness = (await addBusiness(t.db, { ownerId: other.shopper.id })).id;
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/add-product/${otherBusiness}/`,
      headers: other.headers,
      payload: formOf({ ...BASE, name: 'Not yours' }),
    });
    const notMine = await bulk({ ids: [mine.id, theirs.json().product.id], action: 'archived' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error).toBe(PRODUCT_BULK_MESSAGES.unknownProduct);
    // 0.05 × 0.1 = 0.005 → 0.01 is fine; −90 % of 0.05 rounds to 0.01, a raise past the top is not.
    const tooHigh = await add({ name: 'Bulk dear', price: '99999.00' });
    const refused = await bulk({ ids: [mine.id, tooHigh.id], action: 'price', percent: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(PRODUCT_BULK_MESSAGES.priceOutOfRange('Bulk dear'));
    expect((await t.app.inject({ url: `/api/products/${mine.id}/` })).json()).toMatchObject({
      price: '0.05',
    });
    for (const body of [
      { ids: [mine.id], action: 'price' },
      { ids: [mine.id], action: 'price', percent: 0 },
      { ids: [mine.id], action: 'price', percent: 2.555 },
      { ids: [], action: 'archived' },
      { ids: [mine.id], action: 'delete' },
    ]) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Another brand's owner cannot reach this business's list at all.
    expect((await bulk({ ids: [mine.id], action: 'draft' }, other.headers)).statusCode).toBe(404);
  });
});
