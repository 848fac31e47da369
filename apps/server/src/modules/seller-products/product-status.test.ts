import { PRODUCT_MESSAGES, type SellerProduct, TOTAL_COUNT_HEADER } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import type { Headers } from '../../../test/helpers/buying';
import { addBusiness, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';

/** Issue 29, point 5: drafts, archived products, the list's status and search, and copies. */

const BASE = {
  description: 'Undyed wool from one flock.',
  price: '30.00',
  condition: 'new',
  product_category: 'Accessories',
};

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

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
    payload: formData({ ...BASE, ...fields }),
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
      payload: formData({ ...BASE, name: 'Plain cap, renamed' }),
    });
    expect(edited.json().product).toMatchObject({ name: 'Plain cap, renamed', status: 'draft' });
    const activeByForm = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/edit/`,
      headers: owner,
      payload: formData({ ...BASE, name: 'Plain cap', status: 'active' }),
    });
    expect(activeByForm.json().product.status).toBe('active');
  });

  it('refuses a status it does not know, in the form and in the quick change', async () => {
    const quick = await setStatus(1, 'hidden');
    expect(quick.statusCode).toBe(400);
    const product = await add({ name: 'Odd status' });
    const bad = await setStatus(product.id, 'hidden');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(PRODUCT_MESSAGES.status);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/add-product/${businessId}/`,
      headers: owner,
      payload: formData({ ...BASE, name: 'Odd', status: 'hidden' }),
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
