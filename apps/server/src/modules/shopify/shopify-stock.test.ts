import { createHmac, randomUUID } from 'node:crypto';
import { type CheckoutResponse, ROUTES, SHOPIFY_WEBHOOK_PATH } from '@leafline/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, payLocal, setFees, shopper } from '../../../test/helpers/buying';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import type { FakeProduct, FakeVariant } from '../../../test/helpers/fake-shopify-catalog';
import { fakeShopifyOrders } from '../../../test/helpers/fake-shopify-orders';
import {
  type FakeShopify,
  type FakeShopifyStore,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { products, stockMovements, variants } from '../../db/schema/index';
import {
  SHOPIFY_INVENTORY_REFRESH_QUEUE,
  SHOPIFY_ORDER_PUSH_QUEUE,
  SHOPIFY_PRODUCT_SYNC_QUEUE,
} from './shopify-jobs';

/**
 * Issue 26, rule 6: a brand's Shopify stock in its Leafline shop. The product sync imports each
 * variant's count when the store tracks it, an `inventory_levels/update` webhook brings one
 * variant's count again, and a sale here lowers the store's count through the pushed order —
 * meanwhile the units sold here and not yet in the store's orders are not sold twice.
 */

const SECRET = 'shpss_stock_app_secret_0123456789';
const STORE: FakeShopifyStore = {
  domain: 'fern-and-flax.myshopify.com',
  accessToken: 'shpat_fake_fern_and_flax_0123456789',
  name: 'Fern & Flax',
  currencyCode: 'USD',
};

let t: TestApp;
let shopify: FakeShopify;

const variant = (n: number, title: string, extra: Partial<FakeVariant>): FakeVariant => ({
  id: `gid://shopify/ProductVariant/${n}`,
  title,
  price: '30.00',
  selectedOptions:
    title === 'Default Title'
      ? [{ name: 'Title', value: title }]
      : [{ name: 'Size', value: title }],
  imageId: null,
  inventoryItemId: `gid://shopify/InventoryItem/${n + 500}`,
  ...extra,
});

const product = (n: number, title: string, list: FakeVariant[]): FakeProduct => ({
  id: `gid://shopify/Product/${n}`,
  title,
  descriptionHtml: `<p>${title}, made by hand.</p>`,
  productType: 'Accessories',
  tags: [],
  status: 'ACTIVE',
  options:
    list[0]!.title === 'Default Title'
      ? [{ name: 'Title', position: 1, values: ['Default Title'] }]
      : [{ name: 'Size', position: 1, values: list.map((v) => v.title) }],
  variants: list,
  images: [],
});

/** The store: what it tracks, sells past 0 or does not count at all. */
const scarf = variant(71001, 'Default Title', { tracked: true, inventoryQuantity: 3 });
const shirtS = variant(72001, 'S', { tracked: true, inventoryQuantity: 0 });
const shirtM = variant(72002, 'M', { tracked: true, inventoryQuantity: 2 });
const shirtL = variant(72003, 'L', { tracked: true, inventoryQuantity: 7 });
const giftCard = variant(73001, 'Default Title', { tracked: false, inventoryQuantity: 0 });
const candle = variant(74001, 'Default Title', {
  tracked: true,
  inventoryQuantity: -2,
  inventoryPolicy: 'CONTINUE',
});
const CATALOG = [
  product(7001, 'Wool Scarf', [scarf]),
  product(7002, 'Linen Shirt', [shirtS, shirtM, shirtL]),
  product(7003, 'Gift Card', [giftCard]),
  product(7004, 'Beeswax Candle', [candle]),
];

let owner: Awaited<ReturnType<typeof signedInShopper>>;
let businessId: number;

beforeAll(async () => {
  shopify = await startFakeShopify([STORE]);
  fakeShopifyOrders(shopify);
  shopify.setCatalog(STORE.domain, CATALOG);
  t = await buildTestApp({
    SHOPIFY_ADMIN_ORIGIN: shopify.url,
    SHOPIFY_API_SECRET: SECRET,
    // Jobs run when the test drains them.
    JOBS_WORKERS: 'false',
    PAYMENTS_JOB_SECONDS: '0',
  });
  owner = await signedInShopper(t.app);
  businessId = (
    await addBusiness(t.db, {
      ownerId: owner.shopper.id,
      name: 'Fern & Flax',
      stripeAccountId: 'acct_fern_and_flax',
      stripeStatus: 'active',
    })
  ).id;
  await setFees(t.db, businessId, { worldwide: 500 });
  const connect = await t.app.inject({
    method: 'POST',
    url: `/api/shopifymanualconnect/${businessId}/`,
    headers: owner.headers,
    payload: { shopify_store_url: STORE.domain, access_token: STORE.accessToken },
  });
  expect(connect.statusCode, connect.body).toBe(200);
  const sync = await t.app.inject({
    method: 'PUT',
    url: `/api/business/overview/${businessId}/`,
    headers: owner.headers,
    payload: { shopify_order_sync: true },
  });
  expect(sync.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

async function syncProducts() {
  const res = await t.app.inject({
    method: 'GET',
    url: ROUTES.shopifyProductSync.path({ businessId }),
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
}

const productIdOf = async (gid: string) =>
  (
    await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.shopifyProductId, gid)))
  )[0]!.id;

const variantIdOf = async (gid: string) =>
  (
    await t.db.select({ id: variants.id }).from(variants).where(eq(variants.shopifyVariantId, gid))
  )[0]!.id;

interface Detail {
  stock: number | null;
  sold_out: boolean;
  variants: Array<{ id: number; option1: string; stock: number | null; sold_out?: boolean }>;
}

/** The product page's read, as a shopper sees it. */
async function detail(gid: string): Promise<Detail> {
  const res = await t.app.inject({ url: `/api/products/${await productIdOf(gid)}/` });
  expect(res.statusCode).toBe(200);
  return res.json() as Detail;
}

const sign = (raw: string) => createHmac('sha256', SECRET).update(raw, 'utf8').digest('base64');

/** Shopify's `inventory_levels/update` delivery for one item at one location. */
function inventoryWebhook(item: FakeVariant, body?: Record<string, unknown>) {
  const number = item.inventoryItemId!.slice(item.inventoryItemId!.lastIndexOf('/') + 1);
  const raw = JSON.stringify(
    body ?? {
      inventory_item_id: Number(number),
      location_id: 655441491,
      available: item.inventoryQuantity,
      updated_at: new Date().toISOString(),
      admin_graphql_api_id: `gid://shopify/InventoryLevel/655441491?inventory_item_id=${number}`,
    },
  );
  return t.app.inject({
    method: 'POST',
    url: SHOPIFY_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'inventory_levels/update',
      'x-shopify-shop-domain': STORE.domain,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-hmac-sha256': sign(raw),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    payload: raw,
  });
}

async function webhookApplied(item: FakeVariant) {
  const res = await inventoryWebhook(item);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true, outcome: 'handled' });
  expect(await t.app.deps.jobs.drain([SHOPIFY_INVENTORY_REFRESH_QUEUE])).toBe(1);
}

const shirt = () => detail('gid://shopify/Product/7002');
const stockOf = async (gid: string, size: string) =>
  (await detail(gid)).variants.find((v) => v.option1 === size)!.stock;

describe('a Shopify store’s stock in the brand’s Leafline shop', () => {
  it('the product sync imports each variant’s count when the store tracks it', async () => {
    await syncProducts();
    const scarfPage = await detail('gid://shopify/Product/7001');
    expect(scarfPage).toMatchObject({ stock: 3, sold_out: false });
    const shirtPage = await shirt();
    expect(shirtPage.variants.map((v) => [v.option1, v.stock])).toEqual([
      ['S', 0],
      ['M', 2],
      ['L', 7],
    ]);
    expect(shirtPage).toMatchObject({ stock: 9, sold_out: false });
    // Not tracked, or sold on past 0 by the store: not counted here either.
    expect(await detail('gid://shopify/Product/7003')).toMatchObject({
      stock: null,
      sold_out: false,
    });
    expect(await detail('gid://shopify/Product/7004')).toMatchObject({
      stock: null,
      sold_out: false,
    });
    // The variant at 0 cannot be bought.
    const buyer = await shopper(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/add-to-cart/${await productIdOf('gid://shopify/Product/7002')}/`,
      headers: buyer.headers,
      payload: { variant_id: await variantIdOf(shirtS.id), quantity: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This item is sold out.');
    // Each count set by the store is a movement of the kind `shopify`.
    const moved = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, await productIdOf('gid://shopify/Product/7002')));
    expect(moved.map((m) => [m.kind, m.stockAfter]).sort()).toEqual([
      ['shopify', 0],
      ['shopify', 2],
      ['shopify', 7],
    ]);
    // The same counts again change nothing.
    await syncProducts();
    expect(
      await t.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.productId, await productIdOf('gid://shopify/Product/7002'))),
    ).toHaveLength(3);
  });

  it('an inventory_levels/update webhook brings the variant’s count over all locations', async () => {
    // The body names one location's count; the store is asked for the total.
    shirtS.inventoryQuantity = 4;
    await webhookApplied(shirtS);
    expect(await stockOf('gid://shopify/Product/7002', 'S')).toBe(4);
    expect((await shirt()).sold_out).toBe(false);
    // An item of no product here changes nothing; a body without an item is refused.
    const stranger = variant(99001, 'Default Title', { tracked: true, inventoryQuantity: 5 });
    const ignored = await inventoryWebhook(stranger);
    expect(ignored.statusCode).toBe(200);
    await t.app.deps.jobs.drain([SHOPIFY_INVENTORY_REFRESH_QUEUE]);
    expect(await t.app.deps.jobs.list(SHOPIFY_INVENTORY_REFRESH_QUEUE, 'failed')).toEqual([]);
    const bad = await inventoryWebhook(shirtS, { location_id: 1, available: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The webhook body has no inventory item id.');
    // Every variant sold out in the store: the product is sold out here.
    for (const v of [shirtS, shirtM, shirtL]) v.inventoryQuantity = 0;
    for (const v of [shirtS, shirtM, shirtL]) await webhookApplied(v);
    expect(await shirt()).toMatchObject({ stock: 0, sold_out: true });
    shirtM.inventoryQuantity = 2;
    shirtL.inventoryQuantity = 7;
    await webhookApplied(shirtM);
    await webhookApplied(shirtL);
    expect(await shirt()).toMatchObject({ stock: 9, sold_out: false });
  });

  it('a sale here lowers the store’s count through the pushed order; until then it is not sold twice', async () => {
    const buyer = await shopper(t.app);
    const shirtId = await productIdOf('gid://shopify/Product/7002');
    await addToCart(t.app, buyer.headers, shirtId, {
      variantId: await variantIdOf(shirtL.id),
      quantity: 2,
    });
    const res = await checkout(t.app, buyer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as CheckoutResponse;
    expect((await payLocal(t.app, c.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    expect(await stockOf('gid://shopify/Product/7002', 'L')).toBe(5);

    // The store still says 7 (the order is not there yet): the two sold here stay sold.
    expect(shirtL.inventoryQuantity).toBe(7);
    await webhookApplied(shirtL);
    expect(await stockOf('gid://shopify/Product/7002', 'L')).toBe(5);
    await syncProducts();
    expect(await stockOf('gid://shopify/Product/7002', 'L')).toBe(5);

    // The push creates the order in the store, which takes the two off its count.
    expect(await t.app.deps.jobs.drain([SHOPIFY_ORDER_PUSH_QUEUE])).toBe(1);
    const pushed = shopify.orders.filter((o) => o.store === STORE.domain);
    expect(pushed).toHaveLength(1);
    expect(shirtL.inventoryQuantity).toBe(5);
    await webhookApplied(shirtL);
    expect(await stockOf('gid://shopify/Product/7002', 'L')).toBe(5);
    // The store's later sales come through as before.
    shirtL.inventoryQuantity = 1;
    await webhookApplied(shirtL);
    expect(await stockOf('gid://shopify/Product/7002', 'L')).toBe(1);
  });

  it('a count the brand set here stays while the store does not count it; one the store set goes when the store stops', async () => {
    const giftId = await productIdOf('gid://shopify/Product/7003');
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${giftId}/stock/`,
      headers: owner.headers,
      payload: { stock: 10 },
    });
    expect(set.statusCode, set.body).toBe(200);
    await syncProducts();
    expect((await detail('gid://shopify/Product/7003')).stock).toBe(10);

    // The store stops counting the scarf: it is no longer counted here either.
    expect((await detail('gid://shopify/Product/7001')).stock).toBe(3);
    scarf.tracked = false;
    await syncProducts();
    expect((await detail('gid://shopify/Product/7001')).stock).toBeNull();
    // No count anywhere went below zero.
    const negative = await t.db.execute(
      sql`select count(*)::int as n from stock_levels where stock < 0 or reserved < 0`,
    );
    expect((negative as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
