import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_STORE,
  FakeGraphQLError,
  type FakeShopify,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { SHOPIFY_API_VERSION, ShopifyAdminError, shopifyAdmin } from './shopify-admin';

/**
 * The Admin API wrapper over the real @shopify/admin-api-client, against the local stand-in
 * store: what each kind of answer becomes (data, refused, unavailable).
 */

let shopify: FakeShopify;
const log = pino({ level: 'silent' });
const admin = (token = DEMO_STORE.accessToken, store = DEMO_STORE.domain) =>
  shopifyAdmin(
    { config: { shopifyAdminOrigin: shopify.url, shopifyTimeoutMs: 1000 }, log },
    store,
    token,
  );
const SHOP = '{ shop { name currencyCode } }';

async function failure(promise: Promise<unknown>): Promise<ShopifyAdminError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShopifyAdminError);
  return error as ShopifyAdminError;
}

beforeAll(async () => {
  shopify = await startFakeShopify();
});
afterAll(async () => {
  await shopify?.close();
});

describe('shopifyAdmin().request', () => {
  it('answers the data of a query, sent to the stand-in with the client headers', async () => {
    expect(await admin().request(SHOP)).toEqual({
      shop: { name: 'Leafline Demo', myshopifyDomain: DEMO_STORE.domain, currencyCode: 'USD' },
    });
    expect(shopify.calls.at(-1)).toMatchObject({
      store: DEMO_STORE.domain,
      apiVersion: SHOPIFY_API_VERSION,
      accessToken: DEMO_STORE.accessToken,
    });
  });

  it('a wrong token, an unknown store or ACCESS_DENIED is refused', async () => {
    expect(await failure(admin('shpat_nope').request(SHOP))).toMatchObject({
      kind: 'refused',
      status: 401,
    });
    expect(await failure(admin(undefined, 'gone.myshopify.com').request(SHOP))).toMatchObject({
      kind: 'refused',
      status: 404,
    });
    shopify.handle('orders', () => {
      throw new FakeGraphQLError('Access denied for orders field.', 'ACCESS_DENIED');
    });
    const denied = await failure(admin().request('{ orders(first: 1) { edges { cursor } } }'));
    expect(denied).toMatchObject({ kind: 'refused', message: 'Access denied for orders field.' });
  });

  it('5xx, 429 with Retry-After, a hang and a query Shopify does not know are unavailable', async () => {
    shopify.failNext(1, { kind: 'status', status: 500 });
    expect(await failure(admin().request(SHOP))).toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
    shopify.failNext(1, { kind: 'status', status: 429, retryAfter: 2 });
    expect(await failure(admin().request(SHOP))).toMatchObject({
      kind: 'unavailable',
      status: 429,
    });
    shopify.failNext(1, { kind: 'hang' });
    expect(await failure(admin().request(SHOP))).toMatchObject({ kind: 'unavailable' });
    const unknown = await failure(admin().request('{ nothingHere { id } }'));
    expect(unknown).toMatchObject({ kind: 'unavailable' });
    expect(unknown.message).toContain("Field 'nothingHere' doesn't exist");
    // After the injected failures the store answers again.
    expect(await admin().request(SHOP)).toMatchObject({ shop: { name: 'Leafline Demo' } });
  });

  it('patient (a job): a 429 is retried after its Retry-After, THROTTLED after the bucket refills', async () => {
    const patient = shopifyAdmin(
      { config: { shopifyAdminOrigin: shopify.url, shopifyTimeoutMs: 1000 }, log },
      DEMO_STORE.domain,
      DEMO_STORE.accessToken,
      { expectedCost: 10, maxWaitMs: 5000 },
    );
    shopify.failNext(1, { kind: 'status', status: 429, retryAfter: 1 });
    const started = Date.now();
    expect(await patient.request(SHOP)).toMatchObject({ shop: { name: 'Leafline Demo' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    let throttledOnce = false;
    shopify.handle('orders', () => {
      if (!throttledOnce) {
        throttledOnce = true;
        throw new FakeGraphQLError('Throttled', 'THROTTLED');
      }
      return { edges: [] };
    });
    shopify.throttle.currentlyAvailable = 0;
    shopify.throttle.restoreRate = 50;
    const again = Date.now();
    expect(await patient.request('{ orders(first: 1) { edges { cursor } } }')).toEqual({
      orders: { edges: [] },
    });
    // 10 points at 50 a second: about 200 ms before the retry.
    expect(Date.now() - again).toBeGreaterThanOrEqual(150);
    shopify.throttle.currentlyAvailable = 1990;
    shopify.throttle.restoreRate = 100;

    // More waiting than allowed: unavailable, not an endless wait.
    shopify.failNext(1, { kind: 'status', status: 429, retryAfter: 10 });
    expect(await failure(patient.request(SHOP))).toMatchObject({
      kind: 'unavailable',
      status: 429,
    });
  });

  it('the stand-in sends the throttle status in extensions.cost', async () => {
    shopify.throttle.currentlyAvailable = 42;
    const res = await fetch(`${shopify.url}/${DEMO_STORE.domain}/admin/api/2026-07/graphql.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': DEMO_STORE.accessToken,
      },
      body: JSON.stringify({ query: SHOP }),
    });
    const body = (await res.json()) as { extensions: { cost: { throttleStatus: unknown } } };
    expect(body.extensions.cost.throttleStatus).toEqual({
      maximumAvailable: 2000,
      currentlyAvailable: 42,
      restoreRate: 100,
    });
    shopify.failNext(1, { kind: 'status', status: 429, retryAfter: 2 });
    const throttled = await fetch(
      `${shopify.url}/${DEMO_STORE.domain}/admin/api/2026-07/graphql.json`,
      {
        method: 'POST',
        body: '{}',
      },
    );
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('2');
  });
});
