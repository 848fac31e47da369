import { createHmac, randomUUID } from 'node:crypto';
import {
  SHOPIFY_IMPORT_MESSAGES,
  SHOPIFY_MESSAGES,
  SHOPIFY_STORE_PAGE_SIZE,
  SHOPIFY_WEBHOOK_PATH,
  type ShopifyImportSettings,
  type ShopifyImportSettingsBody,
  type ShopifyStoreProductsResponse,
  type ShopifySyncRun,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import {
  demoCatalog,
  type FakeProduct,
  numericId,
} from '../../../test/helpers/fake-shopify-catalog';
import { queryCost } from '../../../test/helpers/fake-shopify-cost';
import { serveWebhookSubscriptions } from '../../../test/helpers/fake-shopify-delivery';
import {
  DEMO_STORE,
  type FakeShopify,
  type FakeShopifyStore,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { products, shopifyImportPicks, shopifyImportSettings } from '../../db/schema/index';
import { storePrice } from './shopify-import.service';
import { SHOPIFY_PRODUCT_REFRESH_QUEUE, SHOPIFY_PRODUCT_SYNC_QUEUE } from './shopify-jobs';

/**
 * Shopify: choose what to import (issue 29 point 8). The brand reads its store's active
 * products a page at a time, picks some (or all) and says whether new ones arrive active or as
 * drafts; the product sync and the store's product webhooks then create and update only those,
 * through the real @shopify/admin-api-client against the local stand-in store.
 */

const SECRET = 'shpss_import_choice_secret_0123456789';

let t: TestApp;
let shopify: FakeShopify;

beforeAll(async () => {
  shopify = await startFakeShopify();
  serveWebhookSubscriptions(shopify);
  t = await buildTestApp({
    SHOPIFY_ADMIN_ORIGIN: shopify.url,
    SHOPIFY_TIMEOUT_MS: '3000',
    SHOPIFY_API_SECRET: SECRET,
    // Jobs run when the test drains them.
    JOBS_WORKERS: 'false',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

type Owner = SignedInShopper & { businessId: number; store: FakeShopifyStore };

let stores = 0;
/**
 * A seller connected to a store of their own with `catalog` (webhooks are routed by store, so
 * no other business of this file is refreshed by theirs).
 */
async function connectedSeller(catalog: FakeProduct[] = demoCatalog()): Promise<Owner> {
  stores++;
  const store: FakeShopifyStore = {
    ...DEMO_STORE,
    domain: `pick-brand-${stores}.myshopify.com`,
    accessToken: `shpat_pick_${stores}_${randomUUID()}`,
  };
  shopify.addStore(store);
  shopify.setCatalog(store.domain, catalog);
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
  const res = await t.app.inject({
    method: 'POST',
    url: ROUTES.shopifyConnect.path({ businessId: business.id }),
    headers: owner.headers,
    payload: { shopify_store_url: store.domain, access_token: store.accessToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...owner, businessId: business.id, store };
}

const storePage = (owner: Owner, after?: string) =>
  t.app.inject({
    method: 'GET',
    url:
      ROUTES.shopifyStoreProducts.path({ businessId: owner.businessId }) +
      (after === undefined ? '' : `?after=${encodeURIComponent(after)}`),
    headers: owner.headers,
  });

const getSettings = (owner: Pick<Owner, 'businessId' | 'headers'>) =>
  t.app.inject({
    method: 'GET',
    url: ROUTES.shopifyImportSettings.path({ businessId: owner.businessId }),
    headers: owner.headers,
  });

const putSettings = (owner: Pick<Owner, 'businessId' | 'headers'>, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: ROUTES.saveShopifyImportSettings.path({ businessId: owner.businessId }),
    headers: owner.headers,
    payload: body as object,
  });

async function choose(owner: Owner, body: ShopifyImportSettingsBody) {
  const res = await putSettings(owner, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShopifyImportSettings;
}

/** Runs a product sync to its end; the run as the dashboard then reads it. */
async function sync(owner: Owner, clear = false): Promise<ShopifySyncRun> {
  const res = await t.app.inject({
    method: 'GET',
    url:
      ROUTES.shopifyProductSync.path({ businessId: owner.businessId }) +
      (clear ? '?clear_with_shopify_sync=true' : ''),
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
  const status = await t.app.inject({
    method: 'GET',
    url: ROUTES.shopifySyncStatus.path({ businessId: owner.businessId }),
    headers: owner.headers,
  });
  const run = status.json().sync as ShopifySyncRun;
  expect(run.status, run.error ?? '').toBe('succeeded');
  return run;
}

const productsOf = (businessId: number) =>
  t.db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      shopifyProductId: products.shopifyProductId,
    })
    .from(products)
    .where(eq(products.businessId, businessId))
    .orderBy(asc(products.id));

const storefront = async (businessId: number) =>
  (await t.app.inject({ url: `/api/products-by-business/${businessId}/` }))
    .json()
    .results.map((r: { id: number }) => r.id);

const activeOf = (catalog: FakeProduct[]) =>
  catalog.filter((p) => p.status === 'ACTIVE').sort((a, b) => numericId(a.id) - numericId(b.id));

const sign = (raw: string) => createHmac('sha256', SECRET).update(raw, 'utf8').digest('base64');

/** A signed webhook delivery of `topic` about one product of the owner's store. */
function deliver(owner: Owner, topic: 'products/update' | 'products/delete', gid: string) {
  const id = numericId(gid);
  const raw = JSON.stringify(
    topic === 'products/delete' ? { id } : { id, admin_graphql_api_id: gid, status: 'active' },
  );
  return t.app.inject({
    method: 'POST',
    url: SHOPIFY_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': owner.store.domain,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-api-version': '2026-07',
      'x-shopify-hmac-sha256': sign(raw),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    payload: raw,
  });
}

/** Delivers the webhook and runs the refresh it queued. */
async function deliverAndRefresh(
  owner: Owner,
  topic: 'products/update' | 'products/delete',
  gid: string,
) {
  const res = await deliver(owner, topic, gid);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true, outcome: 'handled' });
  expect(await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE])).toBe(1);
  expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_REFRESH_QUEUE, 'failed')).toEqual([]);
}

/** The `product(id:)` reads the stand-in received for that product. */
const productReads = (gid: string) =>
  shopify.calls.filter((c) => c.fields.includes('product') && c.variables.id === gid);

describe('storePrice', () => {
  it("writes Shopify's decimals as the contract's prices, and nothing else", () => {
    expect(storePrice('12.5')).toBe('12.50');
    expect(storePrice('12.00')).toBe('12.00');
    expect(storePrice('7')).toBe('7.00');
    expect(storePrice('0.95')).toBe('0.95');
    expect(storePrice('1.999')).toBeNull();
    expect(storePrice('-3.00')).toBeNull();
    expect(storePrice('')).toBeNull();
    expect(storePrice(null)).toBeNull();
  });
});

describe('without a connected store', () => {
  it('the settings answer their defaults; the store list and a save are 409', async () => {
    const seller = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: seller.shopper.id });
    const owner = { ...seller, businessId: business.id };
    const settings = await getSettings(owner);
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ mode: 'all', status: 'active', product_ids: [] });

    const listed = await t.app.inject({
      method: 'GET',
      url: ROUTES.shopifyStoreProducts.path({ businessId: business.id }),
      headers: seller.headers,
    });
    expect(listed.statusCode).toBe(409);
    expect(listed.json()).toEqual({ error: SHOPIFY_MESSAGES.notConnected });

    const saved = await putSettings(owner, {
      mode: 'picked',
      status: 'draft',
      product_ids: ['gid://shopify/Product/1'],
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toEqual({ error: SHOPIFY_MESSAGES.notConnected });
    const rows = await t.db
      .select()
      .from(shopifyImportSettings)
      .where(eq(shopifyImportSettings.businessId, business.id));
    expect(rows).toEqual([]);
  });
});

describe("the store's products to pick from", () => {
  it('lists the active products a page at a time, one Shopify call a page, with the count first', async () => {
    const catalog = demoCatalog();
    const owner = await connectedSeller(catalog);
    const active = activeOf(catalog);
    shopify.calls.length = 0;

    const seen: ShopifyStoreProductsResponse['products'] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await storePage(owner, after);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ShopifyStoreProductsResponse;
      expect(page.total).toBe(pages === 0 ? active.length : null);
      expect(page.products.length).toBeLessThanOrEqual(SHOPIFY_STORE_PAGE_SIZE);
      seen.push(...page.products);
      pages++;
      if (!page.next) break;
      expect(page.products).toHaveLength(SHOPIFY_STORE_PAGE_SIZE);
      after = page.next;
    }
    expect(pages).toBe(Math.ceil(active.length / SHOPIFY_STORE_PAGE_SIZE));
    expect(seen).toEqual(
      active.map((p) => ({
        id: p.id,
        title: p.title,
        price: storePrice(p.variants[0]!.price),
        picked: false,
        imported: false,
      })),
    );
    expect(seen.every((p) => /^\d+\.\d{2}$/.test(p.price ?? ''))).toBe(true);

    // One call a page: the count on the first only, each well inside Shopify's cost limit.
    const calls = shopify.calls.filter((c) => c.store === owner.store.domain);
    expect(calls).toHaveLength(pages);
    expect(calls.map((c) => c.fields)).toEqual([
      ['productsCount', 'products'],
      ...Array.from({ length: pages - 1 }, () => ['products']),
    ]);
    for (const call of calls) {
      expect(call.status).toBe(200);
      expect(call.variables.first).toBe(SHOPIFY_STORE_PAGE_SIZE);
      expect(call.requestedCost).toBe(queryCost(call.query, call.variables));
      expect(call.requestedCost).toBeLessThanOrEqual(203);
    }
  });

  it('refuses a cursor Shopify does not know with a 400, and says what Shopify said otherwise', async () => {
    const owner = await connectedSeller();
    for (const after of ['not-a-cursor', 'x'.repeat(501)]) {
      const res = await storePage(owner, after);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(SHOPIFY_IMPORT_MESSAGES.cursor);
    }

    // An empty cursor is the first page.
    const first = await storePage(owner, '');
    expect(first.statusCode).toBe(200);
    expect((first.json() as ShopifyStoreProductsResponse).total).toBeGreaterThan(0);

    shopify.failNext(1, { kind: 'status', status: 503 });
    const away = await storePage(owner);
    expect(away.statusCode).toBe(502);
    expect(away.json()).toEqual({ error: SHOPIFY_MESSAGES.unreachable });

    shopify.revokeToken(owner.store.domain, owner.store.accessToken);
    const refused = await storePage(owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: SHOPIFY_MESSAGES.tokenRefused });
  });
});

describe('the choice: saved, read, refused when it is not one', () => {
  it('answers the defaults, then the picked products once each, in the store order', async () => {
    const owner = await connectedSeller();
    expect((await getSettings(owner)).json()).toEqual({
      mode: 'all',
      status: 'active',
      product_ids: [],
    });
    const ids = ['gid://shopify/Product/10', 'gid://shopify/Product/9', 'gid://shopify/Product/11'];
    const saved = await choose(owner, {
      mode: 'picked',
      status: 'draft',
      product_ids: [...ids, ids[0]!],
    });
    const expected = {
      mode: 'picked',
      status: 'draft',
      product_ids: [
        'gid://shopify/Product/9',
        'gid://shopify/Product/10',
        'gid://shopify/Product/11',
      ],
    };
    expect(saved).toEqual(expected);
    expect((await getSettings(owner)).json()).toEqual(expected);

    // Back to all: the picks go; the status stays the brand's.
    expect(await choose(owner, { mode: 'all', status: 'draft', product_ids: ids })).toEqual({
      mode: 'all',
      status: 'draft',
      product_ids: [],
    });
    const picks = await t.db
      .select()
      .from(shopifyImportPicks)
      .where(eq(shopifyImportPicks.businessId, owner.businessId));
    expect(picks).toEqual([]);
  });

  it("refuses what is not a choice with the contract's words, and keeps the saved one", async () => {
    const owner = await connectedSeller();
    const kept = await choose(owner, {
      mode: 'picked',
      status: 'active',
      product_ids: ['gid://shopify/Product/42'],
    });
    const cases: Array<[unknown, string]> = [
      [
        { mode: 'picked', status: 'draft', product_ids: ['gid://shopify/Variant/1'] },
        'Each product must be a Shopify product id.',
      ],
      [
        { mode: 'picked', status: 'draft', product_ids: ['42'] },
        'Each product must be a Shopify product id.',
      ],
      [{ mode: 'picked', status: 'draft', product_ids: [] }, SHOPIFY_IMPORT_MESSAGES.nonePicked],
      [{ mode: 'picked', status: 'draft' }, SHOPIFY_IMPORT_MESSAGES.nonePicked],
      [{ mode: 'some', status: 'draft', product_ids: [] }, SHOPIFY_IMPORT_MESSAGES.mode],
      [{ status: 'draft' }, SHOPIFY_IMPORT_MESSAGES.mode],
      [{ mode: 'all', status: 'archived' }, SHOPIFY_IMPORT_MESSAGES.status],
      [
        {
          mode: 'picked',
          status: 'draft',
          product_ids: Array.from({ length: 5001 }, (_, i) => `gid://shopify/Product/${i + 1}`),
        },
        SHOPIFY_IMPORT_MESSAGES.tooMany,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await putSettings(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await getSettings(owner)).json()).toEqual(kept);
  });
});

describe('the sync and the webhooks follow the choice', () => {
  let owner: Owner;
  let catalog: FakeProduct[];
  let active: FakeProduct[];
  let picks: FakeProduct[];

  it('a sync in picked mode imports exactly the picked products, as drafts, none in the shop', async () => {
    catalog = demoCatalog();
    active = activeOf(catalog);
    owner = await connectedSeller(catalog);
    // Three of the store's products, one far down its list (not on the first page).
    picks = [active[1]!, active[7]!, active[130]!];
    await choose(owner, { mode: 'picked', status: 'draft', product_ids: picks.map((p) => p.id) });

    const run = await sync(owner);
    expect(run).toMatchObject({
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      removed: 0,
      done: active.length,
      total: active.length,
    });
    const rows = await productsOf(owner.businessId);
    expect(rows.map((r) => r.shopifyProductId).sort()).toEqual(picks.map((p) => p.id).sort());
    expect(rows.map((r) => r.status)).toEqual(['draft', 'draft', 'draft']);
    expect(rows.map((r) => r.name).sort()).toEqual(picks.map((p) => p.title).sort());

    // Drafts are the brand's only: not in its shop, not at their own address.
    expect(await storefront(owner.businessId)).toEqual([]);
    for (const row of rows) {
      expect((await t.app.inject({ url: `/api/products/${row.id}/` })).statusCode).toBe(404);
    }

    // The picker now shows them picked and on Leafline.
    const first = (await storePage(owner)).json() as ShopifyStoreProductsResponse;
    const flagged = first.products.filter((p) => p.picked || p.imported).map((p) => p.id);
    expect(flagged).toEqual([active[1]!.id, active[7]!.id]);
    expect(first.products.find((p) => p.id === active[1]!.id)).toMatchObject({
      picked: true,
      imported: true,
    });
  });

  it('a second sync updates a changed picked product, keeps its status, and creates nothing else', async () => {
    const changed = picks[0]!;
    changed.title = 'Heron Linen Apron, Washed';
    // An un-picked product changed too: it stays out.
    active[3]!.title = 'Not Picked But Changed';
    // New products now arrive active: the updated draft stays a draft all the same.
    await choose(owner, { mode: 'picked', status: 'active', product_ids: picks.map((p) => p.id) });

    const run = await sync(owner);
    expect(run).toMatchObject({ created: 0, updated: 1, unchanged: 2, skipped: 0, removed: 0 });
    const rows = await productsOf(owner.businessId);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.shopifyProductId === changed.id)).toMatchObject({
      name: 'Heron Linen Apron, Washed',
      status: 'draft',
    });
    expect(rows.every((r) => r.status === 'draft')).toBe(true);
  });

  it('a products/update webhook for an un-picked product creates nothing (Shopify is not even asked)', async () => {
    const unpicked = active[3]!;
    shopify.calls.length = 0;
    await deliverAndRefresh(owner, 'products/update', unpicked.id);
    expect(productReads(unpicked.id)).toEqual([]);
    expect((await productsOf(owner.businessId)).map((r) => r.shopifyProductId)).not.toContain(
      unpicked.id,
    );
    expect(await productsOf(owner.businessId)).toHaveLength(3);

    // A picked one is brought up to date by its webhook, its status kept.
    const picked = picks[1]!;
    picked.title = 'Moss Wool Beanie, Refreshed';
    await deliverAndRefresh(owner, 'products/update', picked.id);
    expect(productReads(picked.id)).toHaveLength(1);
    expect(
      (await productsOf(owner.businessId)).find((r) => r.shopifyProductId === picked.id),
    ).toMatchObject({ name: 'Moss Wool Beanie, Refreshed', status: 'draft' });
  });

  it('back to "all": the rest is imported with the status chosen, the drafts stay drafts', async () => {
    await choose(owner, { mode: 'all', status: 'active', product_ids: [] });
    const run = await sync(owner);
    expect(run).toMatchObject({
      created: active.length - 3,
      updated: 0,
      unchanged: 3,
      removed: 0,
    });
    const rows = await productsOf(owner.businessId);
    expect(rows).toHaveLength(active.length);
    const pickedIds = new Set(picks.map((p) => p.id));
    for (const row of rows) {
      expect(row.status, row.name).toBe(pickedIds.has(row.shopifyProductId!) ? 'draft' : 'active');
    }
    expect((await storefront(owner.businessId)).length).toBeGreaterThan(0);
  });

  it('picked again: an un-picked product is not updated by its webhook, but its delete still removes it', async () => {
    await choose(owner, { mode: 'picked', status: 'active', product_ids: picks.map((p) => p.id) });
    const unpicked = active[5]!;
    const before = (await productsOf(owner.businessId)).find(
      (r) => r.shopifyProductId === unpicked.id,
    )!;
    unpicked.title = 'Changed While Not Picked';
    await deliverAndRefresh(owner, 'products/update', unpicked.id);
    expect(
      (await productsOf(owner.businessId)).find((r) => r.shopifyProductId === unpicked.id),
    ).toEqual(before);

    // Gone from the store: its products/delete removes it from Leafline though it is not picked.
    catalog.splice(catalog.indexOf(unpicked), 1);
    await deliverAndRefresh(owner, 'products/delete', unpicked.id);
    expect(
      (await productsOf(owner.businessId)).find((r) => r.shopifyProductId === unpicked.id),
    ).toBeUndefined();
  });

  it('the clear option in picked mode keeps only the picked products that are in the store', async () => {
    // A picked product archived in the store goes too, as any product no longer active there.
    picks[2]!.status = 'ARCHIVED';
    const before = await productsOf(owner.businessId);
    const run = await sync(owner, true);
    const rows = await productsOf(owner.businessId);
    expect(rows.map((r) => r.shopifyProductId).sort()).toEqual([picks[0]!.id, picks[1]!.id].sort());
    expect(run).toMatchObject({ created: 0, removed: before.length - 2 });
  });
});
