import { PRODUCT_MESSAGES, type ProductDetail, type SellerProduct } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import type { Headers } from '../../../test/helpers/buying';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { formOf } from '../../../test/helpers/multipart-form';
import { products, variants } from '../../db/schema/index';

/** Issue 29, point 6: a compare-at price (struck through in the shop) and a SKU, per variant. */

const BASE = {
  name: 'Wool Beanie',
  description: 'Undyed wool from one flock.',
  price: '30.00',
  condition: 'new',
  product_category: 'Accessories',
};

let t: TestApp;
let owner: Headers;
let otherOwner: Headers;
let businessId = 0;
let otherBusinessId = 0;
beforeAll(async () => {
  t = await buildTestApp();
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  businessId = (await addBusiness(t.db, { ownerId: seller.shopper.id })).id;
  const other = await signedInShopper(t.app);
  otherOwner = other.headers;
  otherBusinessId = (await addBusiness(t.db, { ownerId: other.shopper.id })).id;
});
afterAll(async () => {
  await t.close();
});

const add = (fields: Record<string, string>, headers = owner, business = businessId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/add-product/${business}/`,
    headers,
    payload: formOf(fields),
  });
const edit = (productId: number, fields: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/edit/`,
    headers: owner,
    payload: formOf(fields),
  });
const detail = async (productId: number): Promise<ProductDetail> =>
  (await t.app.inject({ url: `/api/products/${productId}/` })).json();

describe('compare-at price and SKU', () => {
  it('keeps both per variant; the shop shows a former price only above the price', async () => {
    const res = await add({
      ...BASE,
      compare_at_price: '40',
      'option_names[0]': 'Colour',
      // At the product's price: the product's former price is its own.
      'variants[0].option1': 'Oat',
      'variants[0].sku': 'BEANIE-OAT',
      // Its own price and former price.
      'variants[1].option1': 'Moss',
      'variants[1].price': '32.00',
      'variants[1].compare_at_price': '45.50',
      'variants[1].sku': ' BEANIE-MOSS ',
      // Its own price, no former price: nothing struck through.
      'variants[2].option1': 'Slate',
      'variants[2].price': '28.00',
    });
    expect(res.statusCode).toBe(201);
    const saved: SellerProduct = res.json().product;
    expect(saved.compare_at_price).toBe('40.00');
    expect(saved.sku).toBeNull();
    expect(
      saved.variants.map((v) => ({ o: v.option1, was: v.compare_at_price, sku: v.sku })),
    ).toEqual([
      { o: 'Oat', was: null, sku: 'BEANIE-OAT' },
      { o: 'Moss', was: '45.50', sku: 'BEANIE-MOSS' },
      { o: 'Slate', was: null, sku: null },
    ]);

    const product = await detail(saved.id);
    expect(product.compare_at_price).toBe('40.00');
    expect(product.variants.map((v) => [v.option1, v.price, v.compare_at_price])).toEqual([
      ['Oat', '30.00', '40.00'],
      ['Moss', '32.00', '45.50'],
      ['Slate', '28.00', null],
    ]);
    // The brand's codes are its own: not in the shop's answer.
    expect(JSON.stringify(product)).not.toContain('BEANIE');

    // A price later above the stored former price (as a sync or a bulk change may leave it):
    // the shop strikes nothing through, the brand still sees what it saved.
    await t.db.update(products).set({ priceCents: 4500 }).where(eq(products.id, saved.id));
    await t.db
      .update(variants)
      .set({ priceCents: 5000 })
      .where(eq(variants.id, saved.variants[1]!.id));
    t.app.catalogCache.clear();
    const raised = await detail(saved.id);
    expect(raised.compare_at_price).toBeNull();
    expect(raised.variants.map((v) => v.compare_at_price)).toEqual([null, null, null]);
    const list = await t.app.inject({
      url: `/api/business/products/${businessId}/`,
      headers: owner,
    });
    const mine = (list.json() as SellerProduct[]).find((p) => p.id === saved.id)!;
    expect(mine.compare_at_price).toBe('40.00');
    expect(mine.variants[1]!.compare_at_price).toBe('45.50');
  });

  it('refuses a former price not above the price, naming the field; nothing is written', async () => {
    const before = await t.db.select().from(products);
    const own = await add({ ...BASE, compare_at_price: '30.00' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      error: PRODUCT_MESSAGES.compareAtAbovePrice,
      fields: { compare_at_price: PRODUCT_MESSAGES.compareAtAbovePrice },
    });
    // A variant's is compared with its own price, else the product's; its key as sent.
    const ofVariant = await add({
      ...BASE,
      'variants[0].option1': 'Oat',
      'variants[0].price': '35.00',
      'variants[0].compare_at_price': '50',
      'variants[4].option1': 'Moss',
      'variants[4].compare_at_price': '29.99',
    });
    expect(ofVariant.statusCode).toBe(400);
    expect(ofVariant.json().fields).toEqual({
      'variants[4].compare_at_price': PRODUCT_MESSAGES.compareAtAbovePrice,
    });
    const notAnAmount = await add({ ...BASE, compare_at_price: 'soon' });
    expect(notAnAmount.json().fields).toEqual({
      compare_at_price: PRODUCT_MESSAGES.compareAtPrice,
    });
    expect(await t.db.select().from(products)).toEqual(before);
  });

  it('gives a SKU to one thing the brand sells: any case, across its products', async () => {
    const first = await add({ ...BASE, name: 'Cap', sku: 'CAP-1' });
    expect(first.statusCode).toBe(201);
    const firstId: number = first.json().product.id;

    const twiceInForm = await add({
      ...BASE,
      'variants[0].option1': 'Oat',
      'variants[0].sku': 'twin',
      'variants[1].option1': 'Moss',
      'variants[1].sku': 'TWIN',
    });
    expect(twiceInForm.statusCode).toBe(400);
    expect(twiceInForm.json().fields).toEqual({
      'variants[1].sku': PRODUCT_MESSAGES.skuTwice('TWIN'),
    });

    const taken = await add({
      ...BASE,
      'variants[0].option1': 'Oat',
      'variants[0].sku': 'cap-1',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      error: PRODUCT_MESSAGES.skuTaken('cap-1'),
      fields: { 'variants[0].sku': PRODUCT_MESSAGES.skuTaken('cap-1') },
    });

    const tooLong = await add({ ...BASE, sku: 'x'.repeat(65) });
    expect(tooLong.json().fields).toEqual({ sku: PRODUCT_MESSAGES.skuLength });

    // Its own product keeps its code on an edit; another brand has codes of its own.
    const again = await edit(firstId, { ...BASE, name: 'Cap', sku: 'CAP-1', price: '31.00' });
    expect(again.statusCode).toBe(200);
    expect(again.json().product.sku).toBe('CAP-1');
    const elsewhere = await add({ ...BASE, sku: 'CAP-1' }, otherOwner, otherBusinessId);
    expect(elsewhere.statusCode).toBe(201);

    // An edit that leaves the code out clears it; then another product may take it.
    const cleared = await edit(firstId, { ...BASE, name: 'Cap' });
    expect(cleared.json().product.sku).toBeNull();
    const taker = await add({ ...BASE, name: 'Hat', sku: 'Cap-1' });
    expect(taker.statusCode).toBe(201);
  });
});
