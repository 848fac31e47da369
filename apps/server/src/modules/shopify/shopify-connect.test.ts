import { BUSINESS_MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import {
  DEMO_STORE,
  type FakeShopify,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { captureLog } from '../../../test/helpers/log-capture';
import { businesses, products } from '../../db/schema/index';
import { SHOPIFY_API_VERSION } from './shopify-admin';
import { decryptShopifyToken, encryptShopifyToken, ShopifyTokenError } from './shopify-token';

/**
 * Issue 13, connect and disconnect: `POST|DELETE api/shopifymanualconnect/{businessId}/`
 * through the real @shopify/admin-api-client against the local stand-in store.
 */

const { lines, logger } = captureLog('trace');

let t: TestApp;
let shopify: FakeShopify;

beforeAll(async () => {
  shopify = await startFakeShopify();
  t = await buildTestApp(
    { LOG_LEVEL: 'trace', SHOPIFY_ADMIN_ORIGIN: shopify.url, SHOPIFY_TIMEOUT_MS: '1500' },
    { logger: logger },
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

beforeEach(() => {
  shopify.calls.length = 0;
});

async function seller(): Promise<SignedInShopper & { businessId: number }> {
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, { ownerId: owner.shopper.id, name: 'Fern & Moss' });
  return { ...owner, businessId: business.id };
}

const connect = (owner: { headers: object; businessId: number }, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shopifymanualconnect/${owner.businessId}/`,
    headers: owner.headers as Record<string, string>,
    payload,
  });

const disconnect = (owner: { headers: object; businessId: number }) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/shopifymanualconnect/${owner.businessId}/`,
    headers: owner.headers as Record<string, string>,
  });

const overview = (owner: { headers: object; businessId: number }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/business/overview/${owner.businessId}/`,
    headers: owner.headers as Record<string, string>,
  });

async function rowOf(businessId: number) {
  const [row] = await t.db.select().from(businesses).where(eq(businesses.id, businessId));
  return row!;
}

const good = { shopify_store_url: 'leafline-demo', access_token: DEMO_STORE.accessToken };

describe('POST api/shopifymanualconnect/{businessId}/', () => {
  it('accepts every usual form of the store address and stores name.myshopify.com', async () => {
    const owner = await seller();
    const forms = [
      'leafline-demo',
      'leafline-demo.myshopify.com',
      'Leafline-Demo.MyShopify.com/',
      'https://leafline-demo.myshopify.com',
      'https://leafline-demo.myshopify.com/',
      'https://leafline-demo.myshopify.com/admin',
      'HTTPS://LEAFLINE-DEMO.MYSHOPIFY.COM/admin/',
      'http://leafline-demo.myshopify.com/admin/products',
      '  leafline-demo.myshopify.com  ',
      'https://admin.shopify.com/store/leafline-demo',
    ];
    for (const form of forms) {
      const res = await connect(owner, { ...good, shopify_store_url: form });
      expect(res.statusCode, `${form}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({
        shopify_store_url: 'leafline-demo.myshopify.com',
        shop_name: 'Leafline Demo',
      });
      expect((await rowOf(owner.businessId)).shopifyStoreUrl).toBe('leafline-demo.myshopify.com');
    }
    // Every try reached the store's Admin GraphQL endpoint with the token in its header (each
    // successful connect then also looks at the store's webhook subscriptions).
    const shopCalls = shopify.calls.filter((c) => c.query.includes('LeaflineConnectShop'));
    expect(shopCalls).toHaveLength(forms.length);
    for (const call of shopCalls) {
      expect(call).toMatchObject({
        store: 'leafline-demo.myshopify.com',
        apiVersion: SHOPIFY_API_VERSION,
        accessToken: DEMO_STORE.accessToken,
        status: 200,
      });
      expect(call.query).toContain('shop');
    }
  });

  it('refuses an address that is not a Shopify store with a readable 400, before calling Shopify', async () => {
    const owner = await seller();
    for (const form of [
      'https://example.com',
      'leafline-demo.shopify.com',
      'my store',
      'leafline-demo.myshopify.com.evil.example',
      '-leafline',
      'ftp://leafline-demo.myshopify.com',
      'leafline-demo.myshopify.com/products/tote',
    ]) {
      const res = await connect(owner, { ...good, shopify_store_url: form });
      expect(res.statusCode, form).toBe(400);
      expect(res.json().error, form).toBe(BUSINESS_MESSAGES.shopifyStoreUrlInvalid);
    }
    const empty = await connect(owner, { shopify_store_url: ' ', access_token: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Store URL is required.');
    expect(shopify.calls).toHaveLength(0);
    const row = await rowOf(owner.businessId);
    expect(row.shopifyStoreUrl).toBeNull();
    expect(row.shopifyAccessToken).toBeNull();
  });

  it('refuses a token with characters no token has (spaces, zero-width, accents) with a readable 400, before calling Shopify', async () => {
    const owner = await seller();
    for (const token of ['shpat_\u0100abc', 'shpat_\u200Babc', 'shpat_ abc', 'shpat_\u00e9']) {
      const res = await connect(owner, { ...good, access_token: token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json(), token).toEqual({
        error: BUSINESS_MESSAGES.shopifyAccessTokenInvalid,
        fields: { access_token: BUSINESS_MESSAGES.shopifyAccessTokenInvalid },
      });
    }
    expect(shopify.calls).toHaveLength(0);
    expect((await rowOf(owner.businessId)).shopifyAccessToken).toBeNull();
  });

  it('says what failed: the token refused, no such store, a scope missing; saves nothing', async () => {
    const owner = await seller();
    const wrongToken = await connect(owner, { ...good, access_token: 'shpat_wrong' });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json()).toEqual({
      error: BUSINESS_MESSAGES.shopifyTokenRefused,
      fields: { access_token: BUSINESS_MESSAGES.shopifyTokenRefused },
    });
    const unknown = await connect(owner, { ...good, shopify_store_url: 'no-such-store' });
    expect(unknown.statusCode).toBe(400);
    const notFound = BUSINESS_MESSAGES.shopifyStoreNotFound('no-such-store.myshopify.com');
    expect(unknown.json()).toEqual({ error: notFound, fields: { shopify_store_url: notFound } });
    expect(notFound).toBe(
      'Shopify has no store at no-such-store.myshopify.com. Check the store address.',
    );
    expect(shopify.calls.map((c) => c.status)).toEqual([401, 404]);

    // A token of an app that may not read products.
    const narrow = `shpat_narrow_${owner.businessId}`;
    shopify.grantToken(DEMO_STORE.domain, narrow);
    shopify.setScopes(narrow, ['read_orders', 'write_orders']);
    const scoped = await connect(owner, { ...good, access_token: narrow });
    expect(scoped.statusCode).toBe(400);
    expect(scoped.json().error).toBe(BUSINESS_MESSAGES.shopifyScopeMissing(['read_products']));
    expect(scoped.json().fields).toEqual({
      access_token: BUSINESS_MESSAGES.shopifyScopeMissing(['read_products']),
    });
    // write_products includes read_products at Shopify.
    shopify.setScopes(narrow, ['write_products']);
    expect((await connect(await seller(), { ...good, access_token: narrow })).statusCode).toBe(200);
    const row = await rowOf(owner.businessId);
    expect(row.shopifyStoreUrl).toBeNull();
    expect(row.shopifyAccessToken).toBeNull();
  });

  it('keeps an existing connection when a new try is refused', async () => {
    const owner = await seller();
    expect((await connect(owner, good)).statusCode).toBe(200);
    const before = await rowOf(owner.businessId);
    const refused = await connect(owner, { ...good, access_token: 'shpat_wrong' });
    expect(refused.statusCode).toBe(400);
    const after = await rowOf(owner.businessId);
    expect(after.shopifyAccessToken).toBe(before.shopifyAccessToken);
    expect(after.shopifyStoreUrl).toBe('leafline-demo.myshopify.com');
  });

  it('answers a paused or locked store, and a refusal Shopify gives no reason for, with a 400', async () => {
    const owner = await seller();
    shopify.failNext(1, { kind: 'status', status: 402 });
    const frozen = await connect(owner, good);
    expect(frozen.statusCode).toBe(400);
    expect(frozen.json()).toEqual({ error: BUSINESS_MESSAGES.shopifyStoreUnavailable });
    shopify.failNext(1, { kind: 'status', status: 403 });
    const forbidden = await connect(owner, good);
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json()).toEqual({ error: 'Failed to connect.' });
  });

  it('answers 503 with the reason when Shopify fails, is down or does not answer in time', async () => {
    const owner = await seller();
    shopify.failNext(1, { kind: 'status', status: 503 });
    const failing = await connect(owner, good);
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toEqual({
      error: 'Shopify could not be reached. Please try again in a few minutes.',
    });

    shopify.failNext(1, { kind: 'hang' });
    const started = Date.now();
    const hanging = await connect(owner, good);
    expect(hanging.statusCode).toBe(503);
    expect(hanging.json()).toEqual({ error: BUSINESS_MESSAGES.shopifyUnreachable });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

    const down = await startFakeShopify();
    await down.close();
    const other = await buildTestApp({ SHOPIFY_ADMIN_ORIGIN: down.url });
    try {
      const stranger = await signedInShopper(other.app);
      const business = await addBusiness(other.db, { ownerId: stranger.shopper.id });
      const unreachable = await other.app.inject({
        method: 'POST',
        url: `/api/shopifymanualconnect/${business.id}/`,
        headers: stranger.headers,
        payload: good,
      });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json()).toEqual({ error: BUSINESS_MESSAGES.shopifyUnreachable });
    } finally {
      await other.close();
    }
    const row = await rowOf(owner.businessId);
    expect(row.shopifyStoreUrl).toBeNull();
    expect(row.shopifyAccessToken).toBeNull();
  });

  it('stores the token encrypted (decrypting back to it) and the overview shows the store connected', async () => {
    const owner = await seller();
    expect((await overview(owner)).json()).toMatchObject({
      shopify_connected: false,
      shopify_store_url: null,
    });
    const res = await connect(owner, { ...good, shopify_store_url: 'LEAFLINE-DEMO' });
    expect(res.statusCode).toBe(200);
    const stored = (await rowOf(owner.businessId)).shopifyAccessToken!;
    expect(stored).not.toContain(DEMO_STORE.accessToken);
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(decryptShopifyToken(t.config.tokenSecret, stored)).toBe(DEMO_STORE.accessToken);
    const after = await overview(owner);
    expect(after.json()).toMatchObject({
      shopify_connected: true,
      shopify_store_url: 'leafline-demo.myshopify.com',
      shopify_order_sync: false,
    });
    expect(after.body).not.toContain(DEMO_STORE.accessToken);
    expect(after.body).not.toContain(stored);
  });

  it('never puts the token in a response or a log line', async () => {
    const secretToken = 'shpat_never_logged_9f8e7d6c5b4a';
    shopify.addStore({
      domain: 'quiet-fern.myshopify.com',
      accessToken: secretToken,
      name: 'Quiet Fern',
      currencyCode: 'CAD',
    });
    const owner = await seller();
    const bodies: string[] = [];
    const payload = { shopify_store_url: 'quiet-fern', access_token: secretToken };
    // Refused, failing, connected, read back and disconnected.
    bodies.push((await connect(owner, { ...payload, shopify_store_url: 'unknown-fern' })).body);
    shopify.failNext(1, { kind: 'status', status: 500 });
    bodies.push((await connect(owner, payload)).body);
    const ok = await connect(owner, payload);
    expect(ok.statusCode).toBe(200);
    bodies.push(ok.body, (await overview(owner)).body, (await disconnect(owner)).body);
    const bad = await connect(owner, { ...payload, shopify_store_url: 'not a store' });
    const invalid = await connect(owner, { ...payload, shopify_store_url: '' });
    expect(invalid.statusCode).toBe(400);
    bodies.push(bad.body, invalid.body);
    for (const body of bodies) expect(body).not.toContain(secretToken);
    // The log has these calls (it is not empty), without the token.
    const log = lines.join('');
    expect(log).toContain('/api/shopifymanualconnect/');
    expect(log).toContain('Shopify store connected');
    expect(log).not.toContain(secretToken);
    expect(log).not.toContain(secretToken.slice(6));
  });
});

describe('DELETE api/shopifymanualconnect/{businessId}/', () => {
  it('forgets the token and store, turns the order sync off and keeps the products', async () => {
    const owner = await seller();
    const product = await addProduct(t.db, owner.businessId, { name: 'Linen tote' });
    expect((await connect(owner, good)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/business/overview/${owner.businessId}/`,
      headers: owner.headers,
      payload: { shopify_order_sync: true },
    });
    expect((await rowOf(owner.businessId)).shopifyOrderSync).toBe(true);

    const res = await disconnect(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shopify_connected: false });
    const row = await rowOf(owner.businessId);
    expect(row).toMatchObject({
      shopifyAccessToken: null,
      shopifyStoreUrl: null,
      shopifyOrderSync: false,
    });
    expect(
      await t.db.select({ id: products.id }).from(products).where(eq(products.id, product.id)),
    ).toHaveLength(1);
    expect((await overview(owner)).json()).toMatchObject({
      shopify_connected: false,
      shopify_store_url: null,
      shopify_order_sync: false,
    });
    // Disconnecting again changes nothing and answers the same.
    expect((await disconnect(owner)).json()).toEqual({ shopify_connected: false });
  });

  it('leaves another business of the same owner connected', async () => {
    const owner = await seller();
    const second = await addBusiness(t.db, { ownerId: owner.shopper.id, name: 'Second' });
    const both = [owner, { headers: owner.headers, businessId: second.id }];
    for (const b of both) expect((await connect(b, good)).statusCode).toBe(200);
    await disconnect(owner);
    expect((await rowOf(second.id)).shopifyStoreUrl).toBe('leafline-demo.myshopify.com');
    expect((await rowOf(owner.businessId)).shopifyStoreUrl).toBeNull();
  });
});

describe('the stored token', () => {
  it('is sealed with a fresh IV each time and only opens with the same secret, untouched', () => {
    const secret = 'a'.repeat(40);
    const one = encryptShopifyToken(secret, 'shpat_abc');
    const two = encryptShopifyToken(secret, 'shpat_abc');
    expect(one).not.toBe(two);
    expect(decryptShopifyToken(secret, one)).toBe('shpat_abc');
    expect(() => decryptShopifyToken('b'.repeat(40), one)).toThrow(ShopifyTokenError);
    const [v, iv, tag, data] = one.split(':');
    const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => decryptShopifyToken(secret, [v, iv, tag, flipped].join(':'))).toThrow(
      ShopifyTokenError,
    );
    expect(() => decryptShopifyToken(secret, 'shpat_abc')).toThrow(ShopifyTokenError);
  });
});
