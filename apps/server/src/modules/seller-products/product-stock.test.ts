import {
  PRODUCT_MESSAGES,
  type SellerProduct,
  STOCK_MESSAGES,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { formOf } from '../../../test/helpers/multipart-form';
import { stockMovements } from '../../db/schema/index';

/**
 * The brand's stock (issue 26): the product form's `stock` and `variants[i].stock`, the
 * second-hand default, the quick stock edit, the "Low stock" view, and what the shop shows.
 */

const BASE = {
  name: 'Waxed Jacket',
  description: 'Worn twice, waxed again.',
  price: '80.00',
  condition: 'second_hand',
  category: 'Eco-Friendly Business',
  product_category: 'Apparel',
};

let t: TestApp;
let owner: Headers;
let businessId = 0;
let stranger: Headers;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  businessId = (await addBusiness(t.db, { name: 'Second Bloom', ownerId: seller.shopper.id })).id;
  stranger = (await signedInShopper(t.app)).headers;
});
afterAll(async () => {
  await t.close();
});

const add = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/add-product/${businessId}/`,
    headers: owner,
    payload: formOf({ ...BASE, ...fields }),
  });
const edit = (productId: number, fields: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/edit/`,
    headers: owner,
    payload: formOf({ ...BASE, ...fields }),
  });
const setStock = (productId: number, body: unknown, headers: Headers = owner) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/products/${productId}/stock/`,
    headers,
    payload: body as object,
  });
const detail = async (productId: number) =>
  (await t.app.inject({ url: `/api/products/${productId}/` })).json();

describe('the product form', () => {
  it('a new second-hand product is one of a kind; a new product is not counted unless told', async () => {
    const jacket = await add({});
    expect(jacket.statusCode).toBe(201);
    expect(jacket.json().product).toMatchObject({ stock: 1, reserved: 0 });
    const fresh = await add({ condition: 'new', name: 'Linen Shirt' });
    expect(fresh.json().product.stock).toBeNull();
    const counted = await add({ condition: 'new', name: 'Clay Mug', stock: '12' });
    expect(counted.json().product.stock).toBe(12);
    // An empty count is "not counted", also for a second-hand product.
    const open = await add({ name: 'Old Boots', stock: '' });
    expect(open.json().product.stock).toBeNull();
    expect(await detail(jacket.json().product.id)).toMatchObject({ stock: 1, sold_out: false });
  });

  it('variants carry their own counts; an edit without them keeps them; the shop shows what can be bought', async () => {
    const res = await add({
      condition: 'new',
      name: 'Hand-Dyed Scarf',
      'option_names[0]': 'Colour',
      'variants[0].option1': 'Indigo',
      'variants[0].stock': '0',
      'variants[1].option1': 'Rust',
      'variants[1].stock': '4',
    });
    expect(res.statusCode).toBe(201);
    const product: SellerProduct = res.json().product;
    expect(product.variants.map((v) => [v.option1, v.stock])).toEqual([
      ['Indigo', 0],
      ['Rust', 4],
    ]);
    expect(product.stock).toBe(4);
    const [indigo, rust] = product.variants;
    const kept = await edit(product.id, {
      condition: 'new',
      name: 'Hand-Dyed Scarf',
      'variants[0].id': String(indigo!.id),
      'variants[0].option1': 'Indigo',
      'variants[1].id': String(rust!.id),
      'variants[1].option1': 'Rust',
      'variants[1].stock': '3',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().product.variants.map((v: { stock: number | null }) => v.stock)).toEqual([
      0, 3,
    ]);
    const shop = await detail(product.id);
    expect(shop).toMatchObject({ stock: 3, sold_out: false });
    expect(shop.variants.map((v: { stock: number | null }) => v.stock)).toEqual([0, 3]);
    // The change is a movement of the seller's.
    const moves = await t.db
      .select({ kind: stockMovements.kind, delta: stockMovements.delta })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, rust!.id));
    expect(moves).toEqual([
      { kind: 'set', delta: 4 },
      { kind: 'set', delta: -1 },
    ]);
  });

  it.each([['-1'], ['2.5'], ['lots'], ['1000001']])(
    'refuses a count of %s with a message naming the field',
    async (value) => {
      const res = await add({ stock: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ stock: STOCK_MESSAGES.stock });
      const variant = await add({
        'variants[0].option1': 'M',
        'variants[0].stock': value,
      });
      expect(variant.json().fields).toEqual({ 'variants[0].stock': STOCK_MESSAGES.stock });
    },
  );
});

describe('the quick stock edit', () => {
  it('sets a product and its variants, answers the product as saved; someone else gets 404', async () => {
    const jacket: SellerProduct = (await add({ name: 'Rain Jacket' })).json().product;
    const saved = await setStock(jacket.id, { stock: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PRODUCT_MESSAGES.stockSaved,
      product: { id: jacket.id, stock: 3 },
    });
    expect((await setStock(jacket.id, { stock: null })).json().product.stock).toBeNull();
    expect((await setStock(jacket.id, { stock: 2 }, stranger)).statusCode).toBe(404);
    const bad = await setStock(jacket.id, { stock: -2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(STOCK_MESSAGES.stock);
    expect((await setStock(jacket.id, {})).statusCode).toBe(400);

    const scarf: SellerProduct = (
      await add({ name: 'Wool Scarf', 'variants[0].option1': 'Grey', 'variants[0].stock': '1' })
    ).json().product;
    const variantId = scarf.variants[0]!.id;
    const res = await setStock(scarf.id, { variants: [{ id: variantId, stock: 7 }] });
    expect(res.json().product.variants[0]).toMatchObject({ id: variantId, stock: 7 });
    const wrong = await setStock(scarf.id, { variants: [{ id: variantId + 10_000, stock: 7 }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(PRODUCT_MESSAGES.unknownVariant);
  });

  it('the brand sees what open checkouts hold; the shop sees what is left', async () => {
    const candle: SellerProduct = (
      await add({ condition: 'new', name: 'Beeswax Candle', stock: '2' })
    ).json().product;
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, candle.id);
    expect((await checkout(t.app, buyer.headers)).statusCode).toBe(200);
    const list = await t.app.inject({
      url: `/api/business/products/${businessId}/`,
      headers: owner,
    });
    const row = (list.json() as SellerProduct[]).find((p) => p.id === candle.id)!;
    expect(row).toMatchObject({ stock: 2, reserved: 1 });
    expect(await detail(candle.id)).toMatchObject({ stock: 1, sold_out: false });
  });
});

describe('the "Low stock" view and the shop', () => {
  it('lists the products with 5 or fewer left, fewest first; the shop lists sold-out products last and filters them out on in_stock', async () => {
    const seller = await signedInShopper(t.app);
    const mine = await addBusiness(t.db, { name: 'Tidy Shelves', ownerId: seller.shopper.id });
    await addProduct(t.db, mine.id, { name: 'Plenty Soap', stock: 50 });
    await addProduct(t.db, mine.id, { name: 'Few Soap', stock: 4 });
    await addProduct(t.db, mine.id, { name: 'Gone Soap', stock: 0 });
    await addProduct(t.db, mine.id, { name: 'Loose Soap' });
    await addProduct(t.db, mine.id, {
      name: 'Variant Soap',
      variants: [
        { option1: 'Big', stock: 9 },
        { option1: 'Small', stock: 2 },
      ],
    });
    const low = await t.app.inject({
      url: `/api/business/products/${mine.id}/?stock=low`,
      headers: seller.headers,
    });
    expect(low.statusCode).toBe(200);
    expect((low.json() as SellerProduct[]).map((p) => p.name)).toEqual([
      'Gone Soap',
      'Variant Soap',
      'Few Soap',
    ]);
    expect(low.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    const all = await t.app.inject({
      url: `/api/business/products/${mine.id}/`,
      headers: seller.headers,
    });
    expect((all.json() as SellerProduct[]).length).toBe(5);

    await searchCaughtUp(t.app, t.db);
    const search = await t.app.inject({ url: '/api/search/?search=soap' });
    const names = search.json().results.map((r: { name: string }) => r.name);
    expect(names.at(-1)).toBe('Gone Soap');
    const gone = search.json().results.find((r: { name: string }) => r.name === 'Gone Soap');
    expect(gone).toMatchObject({ stock: 0, sold_out: true });
    const inStock = await t.app.inject({ url: '/api/search/?search=soap&in_stock=true' });
    expect(inStock.json().results.map((r: { name: string }) => r.name)).not.toContain('Gone Soap');
    const facets = await t.app.inject({ url: '/api/search/facets/?search=soap' });
    expect(facets.json()).toMatchObject({ count: 5, in_stock: 4 });

    // The brand's storefront: newest first, the sold-out product after the others.
    const storefront = await t.app.inject({ url: `/api/products-by-business/${mine.id}/` });
    expect(storefront.statusCode).toBe(200);
    expect(storefront.json().results.map((r: { name: string }) => r.name)).toEqual([
      'Variant Soap',
      'Loose Soap',
      'Few Soap',
      'Plenty Soap',
      'Gone Soap',
    ]);
  });
});
