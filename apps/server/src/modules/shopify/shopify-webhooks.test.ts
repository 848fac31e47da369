import { createHmac, randomUUID } from 'node:crypto';
import {
  type CheckoutResponse,
  type Order,
  SHOPIFY_MESSAGES,
  SHOPIFY_WEBHOOK_MAX_AGE_MS,
  SHOPIFY_WEBHOOK_PATH,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { fakeCatalog } from '../../../test/helpers/fake-shopify-catalog';
import { serveWebhookSubscriptions } from '../../../test/helpers/fake-shopify-delivery';
import {
  DEMO_STORE,
  type FakeShopify,
  type FakeShopifyStore,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { captureLog } from '../../../test/helpers/log-capture';
import { businesses, shopifyWebhookDeliveries } from '../../db/schema/index';
import { SHOPIFY_PRODUCT_REFRESH_QUEUE } from './shopify-jobs';

/**
 * Issue 13, Build 5 and 6: Shopify's webhooks on `POST /api/shopify/webhooks/` (HMAC of the raw
 * body, deduplicated by webhook id) and the subscriptions made at connect.
 */

const SECRET = 'shpss_test_app_secret_0123456789';

const { lines, logger } = captureLog('trace');

let t: TestApp;
let shopify: FakeShopify;
let subscriptions: ReturnType<typeof serveWebhookSubscriptions>;

beforeAll(async () => {
  shopify = await startFakeShopify();
  subscriptions = serveWebhookSubscriptions(shopify);
  t = await buildTestApp(
    {
      LOG_LEVEL: 'trace',
      SHOPIFY_ADMIN_ORIGIN: shopify.url,
      SHOPIFY_TIMEOUT_MS: '1500',
      SHOPIFY_API_SECRET: SECRET,
      // Jobs run when the test drains them, and the refresh jobs stay where the test sees them.
      JOBS_WORKERS: 'false',
    },
    { logger: logger },
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

type Owner = SignedInShopper & { businessId: number; store: FakeShopifyStore };

let stores = 0;
/** A seller connected to a store of their own (webhooks are routed by the store). */
async function connectedSeller(apiSecret?: string): Promise<Owner> {
  stores++;
  const store: FakeShopifyStore = {
    ...DEMO_STORE,
    domain: `hooks-brand-${stores}.myshopify.com`,
    accessToken: `shpat_hooks_${stores}_${randomUUID()}`,
  };
  shopify.addStore(store);
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shopifymanualconnect/${business.id}/`,
    headers: owner.headers,
    payload: {
      shopify_store_url: store.domain,
      access_token: store.accessToken,
      ...(apiSecret ? { shopify_api_secret: apiSecret } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...owner, businessId: business.id, store };
}

const sign = (raw: string, secret = SECRET) =>
  createHmac('sha256', secret).update(raw, 'utf8').digest('base64');

interface Delivery {
  topic: string;
  shop: string;
  body: unknown;
  webhookId?: string;
  headers?: Record<string, string | undefined>;
  raw?: string;
}

function deliver(d: Delivery & { secret?: string }, app = t.app) {
  const raw = d.raw ?? JSON.stringify(d.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': d.topic,
    'x-shopify-shop-domain': d.shop,
    'x-shopify-webhook-id': d.webhookId ?? randomUUID(),
    'x-shopify-api-version': '2026-07',
    'x-shopify-hmac-sha256': sign(raw, d.secret),
    'x-shopify-triggered-at': new Date().toISOString(),
  };
  for (const [k, v] of Object.entries(d.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return app.inject({ method: 'POST', url: SHOPIFY_WEBHOOK_PATH, headers, payload: raw });
}

const productBody = (id: number) => ({
  id,
  admin_graphql_api_id: `gid://shopify/Product/${id}`,
  title: 'Linen Apron',
  status: 'active',
});

const refreshJobs = async () =>
  (await t.app.deps.jobs.list(SHOPIFY_PRODUCT_REFRESH_QUEUE, 'created')).map((j) => j.data);

const deliveriesOf = async (webhookId: string) =>
  t.db
    .select()
    .from(shopifyWebhookDeliveries)
    .where(eq(shopifyWebhookDeliveries.webhookId, webhookId));

const overview = async (owner: Owner) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/business/overview/${owner.businessId}/`,
      headers: owner.headers,
    })
  ).json();

const search = async (q: string) =>
  (await t.app.inject({ url: `/api/search/?search=${q}` }))
    .json()
    .results.map((r: { id: number }) => r.id);

const storefront = async (businessId: number) =>
  (await t.app.inject({ url: `/api/products-by-business/${businessId}/` }))
    .json()
    .results.map((r: { id: number }) => r.id);

describe('POST /api/shopify/webhooks/, products/update', () => {
  it('a signed update queues exactly one refresh of that product; a replay does nothing more', async () => {
    const owner = await connectedSeller();
    const before = await refreshJobs();
    const webhookId = randomUUID();
    const delivery = {
      topic: 'products/update',
      shop: owner.store.domain,
      body: productBody(8123456789),
      webhookId,
    };
    const res = await deliver(delivery);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'handled' });
    const after = await refreshJobs();
    expect(after.slice(before.length)).toEqual([
      { businessId: owner.businessId, shopifyProductId: 'gid://shopify/Product/8123456789' },
    ]);
    expect(await deliveriesOf(webhookId)).toMatchObject([
      { shopDomain: owner.store.domain, topic: 'products/update' },
    ]);

    // Shopify sends the same delivery again (a retry, or someone replaying it).
    for (let i = 0; i < 2; i++) {
      const replay = await deliver(delivery);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    expect(await refreshJobs()).toHaveLength(after.length);
  });

  it('refuses forged, unsigned and tampered deliveries with a 401 and does nothing', async () => {
    const owner = await connectedSeller();
    const before = await refreshJobs();
    const raw = JSON.stringify(productBody(777));
    const cases: Array<[string, Partial<Delivery>]> = [
      ['no signature', { headers: { 'x-shopify-hmac-sha256': undefined } }],
      ['signed with another secret', { headers: { 'x-shopify-hmac-sha256': sign(raw, 'nope') } }],
      ['not base64', { headers: { 'x-shopify-hmac-sha256': '%%%' } }],
      ['empty', { headers: { 'x-shopify-hmac-sha256': '' } }],
      [
        'body changed after signing',
        { headers: { 'x-shopify-hmac-sha256': sign(raw) }, raw: raw.replace('777', '778') },
      ],
    ];
    for (const [label, change] of cases) {
      const webhookId = randomUUID();
      const res = await deliver({
        topic: 'products/update',
        shop: owner.store.domain,
        body: productBody(777),
        webhookId,
        ...change,
      });
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual({ error: SHOPIFY_MESSAGES.webhookSignatureInvalid });
      expect(await deliveriesOf(webhookId), label).toEqual([]);
    }
    expect(await refreshJobs()).toEqual(before);
  });

  it('without an app secret configured every delivery is refused', async () => {
    const bare = await buildTestApp({ JOBS_WORKERS: 'false' });
    try {
      const webhookId = randomUUID();
      const res = await deliver(
        { topic: 'products/update', shop: 'x.myshopify.com', body: productBody(1), webhookId },
        bare.app,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.webhookSignatureInvalid });
      expect(await bare.db.select().from(shopifyWebhookDeliveries)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('signed but without its Shopify headers, or not JSON: a readable 400', async () => {
    const owner = await connectedSeller();
    const before = await refreshJobs();
    for (const header of ['x-shopify-topic', 'x-shopify-webhook-id', 'x-shopify-shop-domain']) {
      const res = await deliver({
        topic: 'products/update',
        shop: owner.store.domain,
        body: productBody(5),
        headers: { [header]: undefined },
      });
      expect(res.statusCode, header).toBe(400);
      expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.webhookHeadersMissing });
    }
    const notJson = await deliver({
      topic: 'products/update',
      shop: owner.store.domain,
      body: null,
      raw: '{"id": 5,',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toMatch(/JSON/);
    const noId = await deliver({ topic: 'products/update', shop: owner.store.domain, body: {} });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error).toMatch(/product id/);
    expect(await refreshJobs()).toEqual(before);
  });

  it('a store no business is connected to, or another topic: 200 and nothing done', async () => {
    const before = await refreshJobs();
    const unknown = await deliver({
      topic: 'products/update',
      shop: 'nobody-here.myshopify.com',
      body: productBody(42),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
    const owner = await connectedSeller();
    const other = await deliver({
      topic: 'orders/create',
      shop: owner.store.domain,
      body: { id: 1 },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await refreshJobs()).toEqual(before);
  });

  it('a body over 1 MiB is refused before anything is read', async () => {
    const owner = await connectedSeller();
    const res = await deliver({
      topic: 'products/update',
      shop: owner.store.domain,
      body: { ...productBody(9), body_html: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('POST /api/shopify/webhooks/, products/delete', () => {
  it('removes the imported product from the shop; orders keep their lines', async () => {
    // The refreshes the tests above left waiting run first (their products are not in any store).
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE]);
    const owner = await connectedSeller();
    const imported = await addProduct(t.db, owner.businessId, {
      name: 'Heron Linen Apron',
      priceCents: 3400,
      shopifyProductId: 'gid://shopify/Product/5550001',
    });
    const kept = await addProduct(t.db, owner.businessId, {
      name: 'Heron Linen Napkin',
      shopifyProductId: 'gid://shopify/Product/5550002',
    });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, imported.id);
    const body: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    await searchCaughtUp(t.app, t.db);
    expect(await search('heron')).toEqual(expect.arrayContaining([imported.id, kept.id]));

    const res = await deliver({
      topic: 'products/delete',
      shop: owner.store.domain,
      // Shopify's products/delete payload carries the id only.
      body: { id: 5550001 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE])).toBe(1);

    await searchCaughtUp(t.app, t.db);
    expect(await search('heron')).toEqual([kept.id]);
    expect(await storefront(owner.businessId)).toEqual([kept.id]);
    expect((await t.app.inject({ url: `/api/products/${imported.id}/` })).statusCode).toBe(404);
    const orders: Order[] = (
      await t.app.inject({ url: '/api/orders/', headers: buyer.headers })
    ).json();
    expect(orders.flatMap((o) => o.order_items)).toMatchObject([
      { product_name: 'Heron Linen Apron', product_price: '34.00', quantity: 1, product_id: null },
    ]);

    // A second delete of the same product (another delivery) is nothing to do.
    const again = await deliver({
      topic: 'products/delete',
      shop: owner.store.domain,
      body: { id: 5550001 },
    });
    expect(again.statusCode).toBe(200);
    expect(await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE])).toBe(1);
    expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_REFRESH_QUEUE, 'failed')).toEqual([]);
    expect(await storefront(owner.businessId)).toEqual([kept.id]);
  });

  it("reads an id past a JSON number's exact range from the raw body (Shopify's own example)", async () => {
    const owner = await connectedSeller();
    const product = await addProduct(t.db, owner.businessId, {
      name: 'Big Id Candle',
      shopifyProductId: 'gid://shopify/Product/788032119674292922',
    });
    const neighbour = await addProduct(t.db, owner.businessId, {
      name: 'Near Id Candle',
      shopifyProductId: 'gid://shopify/Product/788032119674292900',
    });
    const res = await deliver({
      topic: 'products/delete',
      shop: owner.store.domain,
      body: null,
      raw: '{"id":788032119674292922}',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE]);
    expect(await storefront(owner.businessId)).toEqual([neighbour.id]);
    expect(product.id).not.toBe(neighbour.id);
  });

  it("never touches another business's product with the same Shopify id", async () => {
    const owner = await connectedSeller();
    const stranger = await addBusiness(t.db, {});
    const theirs = await addProduct(t.db, stranger.id, {
      name: 'Stranger Tote',
      shopifyProductId: 'gid://shopify/Product/6660001',
    });
    const res = await deliver({
      topic: 'products/delete',
      shop: owner.store.domain,
      body: productBody(6660001),
    });
    expect(res.statusCode).toBe(200);
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE]);
    expect(await storefront(stranger.id)).toEqual([theirs.id]);
  });
});

describe("webhooks of a brand's own custom app", () => {
  it("are verified with that brand's secret, never with another brand's", async () => {
    const brandA = await connectedSeller('shpss_brand_a_secret_0001');
    await connectedSeller('shpss_brand_b_secret_0002');
    const before = (await refreshJobs()).length;
    const own = await deliver({
      topic: 'products/update',
      shop: brandA.store.domain,
      body: productBody(9100001),
      secret: 'shpss_brand_a_secret_0001',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ received: true, outcome: 'handled' });
    // Brand B signs a delivery that claims to be brand A's store.
    const forged = await deliver({
      topic: 'products/update',
      shop: brandA.store.domain,
      body: productBody(9100002),
      secret: 'shpss_brand_b_secret_0002',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: SHOPIFY_MESSAGES.webhookSignatureInvalid });
    expect((await refreshJobs()).slice(before)).toEqual([
      { businessId: brandA.businessId, shopifyProductId: 'gid://shopify/Product/9100001' },
    ]);
    // The secret is stored encrypted, never as given.
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, brandA.businessId));
    expect(row!.shopifyWebhookSecret).toMatch(/^v1:/);
    expect(row!.shopifyWebhookSecret).not.toContain('shpss_brand_a_secret_0001');
  });

  it('a burst of updates to one product waits as one refresh', async () => {
    const owner = await connectedSeller();
    const before = (await refreshJobs()).length;
    for (let i = 0; i < 3; i++) {
      const res = await deliver({
        topic: 'products/update',
        shop: owner.store.domain,
        body: productBody(9200001),
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await refreshJobs()).slice(before)).toEqual([
      { businessId: owner.businessId, shopifyProductId: 'gid://shopify/Product/9200001' },
    ]);
  });

  it('a delete of a product the store still has active removes nothing (Shopify is asked)', async () => {
    const owner = await connectedSeller();
    const [live] = fakeCatalog({ count: 1, seed: 5, firstId: 9_300_001 }).filter(
      (p) => p.status === 'ACTIVE',
    );
    shopify.setCatalog(owner.store.domain, [live!]);
    const product = await addProduct(t.db, owner.businessId, {
      name: 'Still Sold Jar',
      shopifyProductId: live!.id,
    });
    const res = await deliver({
      topic: 'products/delete',
      shop: owner.store.domain,
      body: { id: Number(live!.id.split('/').pop()) },
    });
    expect(res.statusCode).toBe(200);
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE]);
    expect(await storefront(owner.businessId)).toEqual([product.id]);
  });
});

describe('POST /api/shopify/webhooks/, app/uninstalled', () => {
  it('an uninstall whose body does not name its store is refused', async () => {
    const owner = await connectedSeller();
    const res = await deliver({
      topic: 'app/uninstalled',
      shop: owner.store.domain,
      body: productBody(1),
    });
    expect(res.statusCode).toBe(400);
    expect((await overview(owner)).shopify_connected).toBe(true);
  });

  it("an uninstall signed for one store is never taken for another's", async () => {
    const owner = await connectedSeller();
    const res = await deliver({
      topic: 'app/uninstalled',
      shop: owner.store.domain,
      body: { id: 2, myshopify_domain: 'some-other-brand.myshopify.com' },
    });
    expect(res.statusCode).toBe(400);
    expect((await overview(owner)).shopify_connected).toBe(true);
  });

  it('disconnects the store: no token kept, overview not connected, products stay', async () => {
    const owner = await connectedSeller();
    const product = await addProduct(t.db, owner.businessId, {
      name: 'Imported Willow Basket',
      shopifyProductId: 'gid://shopify/Product/4440001',
    });
    expect((await overview(owner)).shopify_connected).toBe(true);
    // The brand uninstalled the app: Shopify refuses its token from now on.
    shopify.revokeToken(owner.store.domain, owner.store.accessToken);
    const res = await deliver({
      topic: 'app/uninstalled',
      shop: owner.store.domain,
      body: uninstallBody(owner.store.domain),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'handled' });
    const view = await overview(owner);
    expect(view.shopify_connected).toBe(false);
    expect(view.shopify_store_url ?? null).toBeNull();
    const [row] = await t.db.select().from(businesses).where(eq(businesses.id, owner.businessId));
    expect(row).toMatchObject({
      shopifyAccessToken: null,
      shopifyStoreUrl: null,
      shopifyOrderSync: false,
    });
    expect(await storefront(owner.businessId)).toEqual([product.id]);
    // A later update of that store is for nobody now.
    const later = await deliver({
      topic: 'products/update',
      shop: owner.store.domain,
      body: productBody(4440001),
    });
    expect(later.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

const uninstallBody = (domain: string) => ({
  id: 1,
  name: 'Brand',
  domain,
  myshopify_domain: domain,
});

/** A second brand connected to `store` through a custom app of its own (its own token). */
async function sameStoreSeller(store: FakeShopifyStore, apiSecret: string): Promise<Owner> {
  const token = `shpat_second_app_${randomUUID()}`;
  shopify.grantToken(store.domain, token);
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shopifymanualconnect/${business.id}/`,
    headers: owner.headers,
    payload: {
      shopify_store_url: store.domain,
      access_token: token,
      shopify_api_secret: apiSecret,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...owner, businessId: business.id, store: { ...store, accessToken: token } };
}

describe("one brand's Shopify secret acts only for that brand (issue 24, point 22)", () => {
  it("two brands on one store: B's signed uninstall disconnects B only, B's update refreshes B's product only", async () => {
    const a = await connectedSeller('shpss_same_store_a_0001');
    const b = await sameStoreSeller(a.store, 'shpss_same_store_b_0002');
    const before = (await refreshJobs()).length;
    const update = await deliver({
      topic: 'products/update',
      shop: a.store.domain,
      body: productBody(9600001),
      secret: 'shpss_same_store_b_0002',
    });
    expect(update.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await refreshJobs()).slice(before)).toEqual([
      { businessId: b.businessId, shopifyProductId: 'gid://shopify/Product/9600001' },
    ]);

    // B uninstalls its app: B's token is refused, A's still works.
    shopify.revokeToken(b.store.domain, b.store.accessToken);
    const res = await deliver({
      topic: 'app/uninstalled',
      shop: a.store.domain,
      body: uninstallBody(a.store.domain),
      secret: 'shpss_same_store_b_0002',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await overview(b)).shopify_connected).toBe(false);
    const viewA = await overview(a);
    expect(viewA.shopify_connected).toBe(true);
    expect(viewA.shopify_store_url).toBe(a.store.domain);
  });

  it("the marketplace's secret acts only for brands connected through the marketplace's app", async () => {
    const own = await connectedSeller('shpss_own_app_only_0003');
    const res = await deliver({
      topic: 'products/update',
      shop: own.store.domain,
      body: productBody(9600002),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('a replayed webhook (issue 24, point 23)', () => {
  it('is refused when X-Shopify-Triggered-At is old, missing or unreadable, even under a fresh id', async () => {
    const owner = await connectedSeller();
    const before = await refreshJobs();
    const old = new Date(Date.now() - SHOPIFY_WEBHOOK_MAX_AGE_MS - 60_000).toISOString();
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    for (const triggeredAt of [old, ahead, undefined, 'yesterday']) {
      const res = await deliver({
        topic: 'products/update',
        shop: owner.store.domain,
        body: productBody(9700001),
        headers: { 'x-shopify-triggered-at': triggeredAt },
      });
      expect(res.statusCode, String(triggeredAt)).toBe(400);
      expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.webhookStale });
    }
    expect(await refreshJobs()).toEqual(before);
    // A few seconds old is fine.
    const recent = await deliver({
      topic: 'products/update',
      shop: owner.store.domain,
      body: productBody(9700001),
      headers: { 'x-shopify-triggered-at': new Date(Date.now() - 5_000).toISOString() },
    });
    expect(recent.json()).toEqual({ received: true, outcome: 'handled' });
  });

  it('an uninstall is applied only when Shopify refuses the token; an outage is a 503 to retry', async () => {
    const owner = await connectedSeller();
    // A signed uninstall replayed while the app is installed: the token still works.
    const replay = await deliver({
      topic: 'app/uninstalled',
      shop: owner.store.domain,
      body: uninstallBody(owner.store.domain),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'unconfirmed' });
    expect((await overview(owner)).shopify_connected).toBe(true);

    // Uninstalled for real, but Shopify is away when the webhook comes: nothing recorded.
    shopify.revokeToken(owner.store.domain, owner.store.accessToken);
    const webhookId = randomUUID();
    shopify.failNext(1, { kind: 'status', status: 503 });
    const away = await deliver({
      topic: 'app/uninstalled',
      shop: owner.store.domain,
      body: uninstallBody(owner.store.domain),
      webhookId,
    });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ error: SHOPIFY_MESSAGES.uninstallUnconfirmed });
    expect((await overview(owner)).shopify_connected).toBe(true);
    expect(await deliveriesOf(webhookId)).toEqual([]);
    // Shopify's retry of the same delivery: confirmed now.
    const retry = await deliver({
      topic: 'app/uninstalled',
      shop: owner.store.domain,
      body: uninstallBody(owner.store.domain),
      webhookId,
    });
    expect(retry.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await overview(owner)).shopify_connected).toBe(false);
  });
});

describe('webhook subscriptions at connect', () => {
  it('subscribes the store to the four topics once; a reconnect adds none', async () => {
    const owner = await connectedSeller();
    const mine = () => subscriptions.filter((s) => s.store === owner.store.domain);
    expect(mine().map((s) => s.topic)).toEqual([
      'PRODUCTS_UPDATE',
      'PRODUCTS_DELETE',
      'INVENTORY_LEVELS_UPDATE',
      'APP_UNINSTALLED',
    ]);
    for (const s of mine()) {
      expect(s.uri).toBe(`${t.config.publicUrl}${SHOPIFY_WEBHOOK_PATH}`);
      expect(s.format).toBe('JSON');
    }
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/shopifymanualconnect/${owner.businessId}/`,
      headers: owner.headers,
      payload: { shopify_store_url: owner.store.domain, access_token: owner.store.accessToken },
    });
    expect(again.statusCode).toBe(200);
    expect(mine()).toHaveLength(4);
  });

  it('a store that refuses subscriptions still connects, and the token is in no log line', async () => {
    stores++;
    const store: FakeShopifyStore = {
      ...DEMO_STORE,
      domain: `hooks-refusing-${stores}.myshopify.com`,
      accessToken: `shpat_refusing_${randomUUID()}`,
    };
    shopify.addStore(store);
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    // The shop query succeeds; the next call (the subscriptions query) then fails.
    const origin = shopify.calls.length;
    const connecting = t.app.inject({
      method: 'POST',
      url: `/api/shopifymanualconnect/${business.id}/`,
      headers: owner.headers,
      payload: { shopify_store_url: store.domain, access_token: store.accessToken },
    });
    const waitForShop = async () => {
      while (shopify.calls.length === origin) await new Promise((r) => setTimeout(r, 1));
      shopify.failNext(1, { kind: 'status', status: 503 });
    };
    await waitForShop();
    const res = await connecting;
    expect(res.statusCode, res.body).toBe(200);
    expect(subscriptions.filter((s) => s.store === store.domain)).toEqual([]);
    expect(lines.join('')).toContain('Shopify webhook subscriptions could not be made');
    expect(lines.join('')).not.toContain(store.accessToken);
  });
});

describe('logs', () => {
  it('no log line of this file holds a store token or the app secret', () => {
    const text = lines.join('');
    expect(text).toContain('Shopify webhook received');
    for (const store of shopify.stores.values()) expect(text).not.toContain(store.accessToken);
    expect(text).not.toContain(SECRET);
  });
});
