import {
  SHOPIFY_MESSAGES,
  type ShopifyProductSyncResponse,
  type ShopifySyncRun,
  type ShopifySyncStatusResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { createTestDatabase } from '../../../test/helpers/database';
import {
  demoCatalog,
  type FakeProduct,
  fakeCatalog,
} from '../../../test/helpers/fake-shopify-catalog';
import {
  DEMO_STORE,
  FakeGraphQLError,
  type FakeShopify,
  type FakeShopifyStore,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { captureLog } from '../../../test/helpers/log-capture';
import type { MediaStorage } from '../../adapters/storage/storage';
import { JOB_SCHEMA } from '../../db/job-schema';
import {
  productImages,
  products,
  shopifySyncRuns,
  variantImages,
  variants,
} from '../../db/schema/index';
import { imageKeys } from '../media';
import { ShopifyAdminError, shopifyAdmin } from './shopify-admin';
import {
  productRefreshKey,
  SHOPIFY_PRODUCT_REFRESH_QUEUE,
  SHOPIFY_PRODUCT_SYNC_QUEUE,
} from './shopify-jobs';
import { PRODUCT_FIELDS } from './shopify-product-import';
import { runProductSyncJob, SYNC_PAGE_SIZE, type SyncDeps } from './shopify-sync.service';

/**
 * Issue 13 Build 2, the product sync: `GET api/sync-from-shopify-opt/{businessId}/` queues a
 * durable job that imports the store's active products a page at a time through the real
 * @shopify/admin-api-client from the local stand-in store; the dashboard reads its progress.
 */

const { lines, logger } = captureLog('trace');

let t: TestApp;
let shopify: FakeShopify;
let catalog: FakeProduct[];
const ACTIVE = () => catalog.filter((p) => p.status === 'ACTIVE');

const env = (origin: string): Record<string, string> => ({
  LOG_LEVEL: 'trace',
  SHOPIFY_ADMIN_ORIGIN: origin,
  SHOPIFY_TIMEOUT_MS: '3000',
  // Jobs run when the test drains them (or its own app's workers).
  JOBS_WORKERS: 'false',
});

beforeAll(async () => {
  shopify = await startFakeShopify();
  catalog = demoCatalog();
  shopify.setCatalog(DEMO_STORE.domain, catalog);
  t = await buildTestApp(env(shopify.url), { logger: logger });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

beforeEach(() => {
  shopify.calls.length = 0;
});

type Owner = SignedInShopper & { businessId: number };

async function seller(app = t, store: FakeShopifyStore = DEMO_STORE): Promise<Owner> {
  const owner = await signedInShopper(app.app);
  const business = await addBusiness(app.db, { ownerId: owner.shopper.id, name: 'Fern & Moss' });
  const connected = await app.app.inject({
    method: 'POST',
    url: `/api/shopifymanualconnect/${business.id}/`,
    headers: owner.headers,
    payload: { shopify_store_url: store.domain, access_token: store.accessToken },
  });
  expect(connected.statusCode).toBe(200);
  shopify.calls.length = 0;
  return { ...owner, businessId: business.id };
}

const startSync = (owner: Owner, query = '', app = t) =>
  app.app.inject({
    method: 'GET',
    url: ROUTES.shopifyProductSync.path({ businessId: owner.businessId }) + query,
    headers: owner.headers,
    // One address a business: the route's per-minute limit counts each seller on their own.
    remoteAddress: `10.13.${Math.floor(owner.businessId / 250) % 250}.${(owner.businessId % 250) + 1}`,
  });

async function status(owner: Owner, app = t): Promise<ShopifySyncRun | null> {
  const res = await app.app.inject({
    method: 'GET',
    url: ROUTES.shopifySyncStatus.path({ businessId: owner.businessId }),
    headers: owner.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as ShopifySyncStatusResponse).sync;
}

/** Runs the queued jobs, reading the status meanwhile as the dashboard does; what it saw. */
async function drainWatching(owner: Owner, app = t): Promise<ShopifySyncRun[]> {
  const seen: ShopifySyncRun[] = [];
  let draining = true;
  const drained = app.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]).finally(() => {
    draining = false;
  });
  while (draining) {
    const run = await status(owner, app);
    if (run) seen.push(run);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await drained;
  return seen;
}

async function syncAll(owner: Owner, query = ''): Promise<ShopifySyncRun> {
  const res = await startSync(owner, query);
  expect(res.statusCode).toBe(202);
  await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
  return (await status(owner))!;
}

const productsOf = (businessId: number, app = t) =>
  app.db.select().from(products).where(eq(products.businessId, businessId));

describe('product sync: who may start it', () => {
  it('is for the owner only, and needs a connected store', async () => {
    const owner = await seller();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: ROUTES.shopifyProductSync.path({ businessId: owner.businessId }),
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await signedInShopper(t.app);
    for (const url of [
      ROUTES.shopifyProductSync.path({ businessId: owner.businessId }),
      ROUTES.shopifySyncStatus.path({ businessId: owner.businessId }),
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode).toBe(404);
    }

    const unconnected = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: unconnected.shopper.id });
    const refused = await t.app.inject({
      method: 'GET',
      url: ROUTES.shopifyProductSync.path({ businessId: business.id }),
      headers: unconnected.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: SHOPIFY_MESSAGES.notConnected });

    const bad = await startSync(owner, '?clear_with_shopify_sync=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('clear_with_shopify_sync must be true or false.');
    expect(shopify.calls).toHaveLength(0);
  });
});

describe('product sync of the demo store', () => {
  let owner: Owner;
  let first: ShopifySyncRun;

  it('answers at once, shows its progress, then imports every active product', async () => {
    owner = await seller();
    expect(await status(owner)).toBeNull();
    const res = await startSync(owner);
    expect(res.statusCode).toBe(202);
    const queued = (res.json() as ShopifyProductSyncResponse).sync;
    expect(queued).toMatchObject({ status: 'queued', done: 0, total: null });
    // Nothing was asked of Shopify yet: the request only queued the job.
    expect(shopify.calls).toHaveLength(0);

    // A second start while it is queued answers that run, with the clear option now added.
    const again = await startSync(owner, '?clear_with_shopify_sync=true');
    expect(again.statusCode).toBe(200);
    expect((again.json() as ShopifyProductSyncResponse).sync).toMatchObject({
      id: queued.id,
      status: 'queued',
      clear_with_shopify_sync: true,
    });

    const seen = await drainWatching(owner);
    const total = ACTIVE().length;
    expect(total).toBe(240);
    expect(
      seen.some((r) => r.status === 'running' && r.total === total && r.done > 0 && r.done < total),
    ).toBe(true);

    first = (await status(owner))!;
    expect(first).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      clear_with_shopify_sync: true,
      done: total,
      total,
      created: total,
      updated: 0,
      unchanged: 0,
      removed: 0,
      skipped: 0,
      error: null,
    });
    expect(first.finished_at).not.toBeNull();

    const rows = await productsOf(owner.businessId);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.shopifyProductId))).toEqual(
      new Set(ACTIVE().map((p) => p.id)),
    );
    // Drafts and archived products stay out of the shop.
    expect(catalog.length).toBeGreaterThan(total);

    // Only active products were asked for, a page at a time after the stored cursor.
    const pageCalls = shopify.calls.filter(
      (c) => c.fields.includes('products') && c.variables.first === SYNC_PAGE_SIZE,
    );
    expect(pageCalls.length).toBe(total / SYNC_PAGE_SIZE);
    expect(pageCalls.every((c) => c.query.includes('query: "status:active"'))).toBe(true);
    expect(pageCalls[0]!.fields).toContain('productsCount');
    expect(new Set(pageCalls.map((c) => c.variables.after ?? null)).size).toBe(pageCalls.length);
    // Every query fits in Shopify's 1,000-point limit (the stand-in refuses any over it).
    expect(Math.max(...shopify.calls.map((c) => c.requestedCost))).toBeLessThanOrEqual(900);
  });

  it('imports what a shopper sees: name, safe text, lowest price, category, options, pictures', async () => {
    const source = ACTIVE().find((p) => p.productType === 'T-Shirts')!;
    const [row] = await t.db
      .select()
      .from(products)
      .where(
        and(eq(products.businessId, owner.businessId), eq(products.shopifyProductId, source.id)),
      );
    const detail = await t.app.inject({ method: 'GET', url: `/api/products/${row!.id}/` });
    expect(detail.statusCode).toBe(200);
    const product = detail.json();
    expect(product.name).toBe(source.title);
    expect(product.product_category).toBe('Apparel');
    // HTML made plain text: no tags, entities decoded, paragraphs kept.
    expect(product.description).toMatch(
      new RegExp(`^Our ${source.title.toLowerCase()} & the story behind it\\.\\n\\n`),
    );
    expect(product.description).not.toMatch(/<|&amp;|&quot;/);
    expect(product.description).toContain('\n• ');
    const lowest = Math.min(...source.variants.map((v) => Number(v.price)));
    expect(Number(product.price)).toBe(lowest);
    expect(product.option_names).toEqual(['Size', 'Color']);
    expect(product.variants).toHaveLength(source.variants.length);
    expect(product.variants[0]).toMatchObject({ option1: 'XS', option2: 'Oat' });
    expect(product.images).toHaveLength(source.images.length);
    expect(product.images[0].image).toMatch(/^\/media\/products\/.+\.webp$/);
    const picture = await t.app.inject({ method: 'GET', url: product.images[0].image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    // A product type none of the eight names: the fallback category.
    const gift = ACTIVE().find((p) => p.productType === 'Gift Cards')!;
    const [giftRow] = await t.db
      .select({ productCategory: products.productCategory })
      .from(products)
      .where(
        and(eq(products.businessId, owner.businessId), eq(products.shopifyProductId, gift.id)),
      );
    expect(giftRow!.productCategory).toBe('Home Goods');

    // Three Shopify options: the second and third become our second.
    const art = ACTIVE().find((p) => p.productType === 'Art Supplies')!;
    const [artRow] = await t.db
      .select({ optionNames: products.optionNames, id: products.id })
      .from(products)
      .where(and(eq(products.businessId, owner.businessId), eq(products.shopifyProductId, art.id)));
    expect(artRow!.optionNames).toEqual(['Size', 'Paper / Binding']);
    const artVariants = await t.db
      .select()
      .from(variants)
      .where(eq(variants.productId, artRow!.id));
    expect(artVariants.map((v) => `${v.option1}|${v.option2}`)).toContain('A5|Smooth / Stitched');
  });

  it('puts the products in the shop search and the storefront', async () => {
    const source = ACTIVE()[7]!;
    await searchCaughtUp(t.app, t.db);
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/search/?search=${encodeURIComponent(source.title)}`,
    });
    expect(search.statusCode).toBe(200);
    expect(
      search
        .json()
        .results.some(
          (r: { name: string; business: number }) =>
            r.name === source.title && r.business === owner.businessId,
        ),
    ).toBe(true);
    const storefront = await t.app.inject({
      method: 'GET',
      url: `/api/products-by-business/${owner.businessId}/`,
    });
    expect(storefront.statusCode).toBe(200);
    expect(storefront.json().count).toBe(240);
  });

  it('changes nothing when synced again: no writes, no picture fetched again', async () => {
    const before = await productsOf(owner.businessId);
    const pictures = shopify.imageRequests.length;
    const run = await syncAll(owner);
    expect(run).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 0,
      unchanged: 240,
      removed: 0,
      done: 240,
    });
    expect(shopify.imageRequests.length).toBe(pictures);
    const after = await productsOf(owner.businessId);
    expect(after).toHaveLength(240);
    const updatedAt = new Map(before.map((p) => [p.id, p.updatedAt.getTime()]));
    expect(after.every((p) => updatedAt.get(p.id) === p.updatedAt.getTime())).toBe(true);
  });

  it('updates a product changed in the store, and soft-deletes its removed variant', async () => {
    const source = ACTIVE().find((p) => p.variants.length > 2 && p.images.length > 1)!;
    source.title = `${source.title} (Restocked)`;
    const gone = source.variants.pop()!;
    source.variants[0]!.price = '3.50';
    // Another one grows to 90 variants: more than a page reads (it is read again on its own).
    const grown = ACTIVE().find((p) => p.options.length === 1 && p.options[0]!.name === 'Color')!;
    for (let k = grown.variants.length; k < 90; k++) {
      grown.variants.push({
        id: `gid://shopify/ProductVariant/${990_000 + k}`,
        title: `Shade ${k}`,
        price: '19.00',
        selectedOptions: [{ name: 'Color', value: `Shade ${k}` }],
        imageId: null,
      });
    }
    const pictures = shopify.imageRequests.length;

    const run = await syncAll(owner);
    expect(run).toMatchObject({ status: 'succeeded', created: 0, updated: 2, unchanged: 238 });
    const [grownRow] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.businessId, owner.businessId), eq(products.shopifyProductId, grown.id)),
      );
    const grownDetail = (
      await t.app.inject({ method: 'GET', url: `/api/products/${grownRow!.id}/` })
    ).json();
    expect(grownDetail.variants).toHaveLength(90);
    expect(grownDetail.variants.at(-1)).toMatchObject({ option1: 'Shade 89' });
    // The pictures are the same Shopify pictures: not downloaded again.
    expect(shopify.imageRequests.length).toBe(pictures);

    const [row] = await t.db
      .select()
      .from(products)
      .where(
        and(eq(products.businessId, owner.businessId), eq(products.shopifyProductId, source.id)),
      );
    expect(row!.name).toBe(source.title);
    expect(row!.priceCents).toBe(350);
    const [removed] = await t.db
      .select()
      .from(variants)
      .where(and(eq(variants.productId, row!.id), eq(variants.shopifyVariantId, gone.id)));
    expect(removed!.deleted).toBe(true);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/products/${row!.id}/` })).json();
    expect(detail.variants).toHaveLength(source.variants.length);
  });

  it('with clear_with_shopify_sync=true removes the products that are not in the store', async () => {
    const own = await addProduct(t.db, owner.businessId, { name: 'Hand-typed Scarf' });
    const dropped = ACTIVE()[3]!;
    dropped.status = 'ARCHIVED';
    const run = await syncAll(owner, '?clear_with_shopify_sync=true');
    // Two products left the shop: the hand-typed one and the one archived in the store.
    expect(run).toMatchObject({
      status: 'succeeded',
      clear_with_shopify_sync: true,
      removed: 2,
      total: 239,
      done: 239,
    });
    const rows = await productsOf(owner.businessId);
    expect(rows).toHaveLength(239);
    expect(rows.some((r) => r.id === own.id || r.shopifyProductId === dropped.id)).toBe(false);
    dropped.status = 'ACTIVE';
  });

  it('imports each page once when a page job is given twice', async () => {
    const fresh = await seller();
    const res = await startSync(fresh);
    const { id } = (res.json() as ShopifyProductSyncResponse).sync;
    // The same run's job again, as after an expiry while the first one was still alive.
    await t.app.deps.jobs.send(t.db, SHOPIFY_PRODUCT_SYNC_QUEUE, { runId: id });
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    expect(await status(fresh)).toMatchObject({
      id,
      status: 'succeeded',
      created: 240,
      done: 240,
      total: 240,
    });
    const pages = shopify.calls.filter((c) => c.query.includes('LeaflineProductPage'));
    const cursors = pages.map((c) => c.variables.after);
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(await productsOf(fresh.businessId)).toHaveLength(240);
    expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_SYNC_QUEUE, 'failed')).toHaveLength(0);
  });

  it('never shows the access token in a response or a log line', async () => {
    const res = await startSync(owner);
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    expect(res.body).not.toContain(DEMO_STORE.accessToken);
    expect((await status(owner))!.status).toBe('succeeded');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes(DEMO_STORE.accessToken))).toBe(false);
  });
});

describe('product sync when Shopify says no or slows down', () => {
  it('fails with a readable reason when the token is refused, without retries', async () => {
    const owner = await seller();
    shopify.stores.get(DEMO_STORE.domain)!.accessToken = 'shpat_rotated_by_the_owner';
    try {
      expect((await startSync(owner)).statusCode).toBe(202);
      await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    } finally {
      shopify.stores.get(DEMO_STORE.domain)!.accessToken = DEMO_STORE.accessToken;
    }
    expect(await status(owner)).toMatchObject({
      status: 'failed',
      error: SHOPIFY_MESSAGES.tokenRefused,
    });
    expect(await productsOf(owner.businessId)).toHaveLength(0);
    expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_SYNC_QUEUE, 'retry')).toHaveLength(0);
  });

  it("waits out Shopify's rate limits (THROTTLED, 429 with Retry-After) and completes", async () => {
    // A store the app never talked to, with an empty bucket that refills at 2,000 points a second.
    const store: FakeShopifyStore = {
      domain: 'leafline-slow.myshopify.com',
      accessToken: 'shpat_fake_slow_store_000111222',
      name: 'Slow Store',
      currencyCode: 'USD',
    };
    shopify.addStore(store);
    shopify.setCatalog(store.domain, fakeCatalog({ count: 30, seed: 7, maxImages: 1 }));
    const owner = await seller(t, store);
    shopify.calls.length = 0;
    shopify.simulateCosts = true;
    Object.assign(shopify.throttle, {
      maximumAvailable: 1000,
      currentlyAvailable: 0,
      restoreRate: 500,
    });
    try {
      expect((await startSync(owner)).statusCode).toBe(202);
      shopify.failNext(1, { kind: 'status', status: 429, retryAfter: 1 });
      const started = Date.now();
      await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    } finally {
      shopify.simulateCosts = false;
      Object.assign(shopify.throttle, {
        maximumAvailable: 2000,
        currentlyAvailable: 1990,
        restoreRate: 100,
      });
    }
    expect(await status(owner)).toMatchObject({ status: 'succeeded', created: 30, done: 30 });
    expect(shopify.calls.some((c) => c.status === 429)).toBe(true);
    // Shopify answered THROTTLED (the bucket was empty), and the page was asked again later.
    expect(shopify.calls.some((c) => c.throttled && c.fields.includes('products'))).toBe(true);
    expect(shopify.calls.filter((c) => c.fields.includes('products') && !c.throttled)).toHaveLength(
      30 / SYNC_PAGE_SIZE,
    );
    expect(await productsOf(owner.businessId)).toHaveLength(30);
    // Nothing was retried as a failure: the client waited instead.
    expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_SYNC_QUEUE, 'retry')).toHaveLength(0);
  });

  it('fails with the unreachable text after its last retry', async () => {
    const owner = await seller();
    // Every attempt meets a Shopify that answers 503 (the client gives up at once).
    shopify.failNext(1 + SHOPIFY_PRODUCT_SYNC_QUEUE.retryLimit, { kind: 'status', status: 503 });
    try {
      expect((await startSync(owner)).statusCode).toBe(202);
      await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
      // The first try failed: the job waits for its retry (backoff), the run still running.
      expect(await status(owner)).toMatchObject({ status: 'running', error: null });
      const [job] = await t.app.deps.jobs.list(SHOPIFY_PRODUCT_SYNC_QUEUE, 'retry');
      expect(job).toBeDefined();
      // Skip the backoff waits: each retry is due now.
      for (let i = 0; i < SHOPIFY_PRODUCT_SYNC_QUEUE.retryLimit; i++) {
        await t.database.executeSql(
          `update ${JOB_SCHEMA}.job set start_after = now() where name = $1 and state = 'retry'`,
          [SHOPIFY_PRODUCT_SYNC_QUEUE.name],
        );
        await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
      }
    } finally {
      shopify.clearFailures();
    }
    expect(await status(owner)).toMatchObject({
      status: 'failed',
      error: SHOPIFY_MESSAGES.unreachable,
    });
    const res = await startSync(owner);
    // A new sync may start after a failed one.
    expect(res.statusCode).toBe(202);
  });
});

describe('product sync across a restart', () => {
  it('resumes from the stored cursor: earlier pages are not read again, nothing is doubled', async () => {
    const database = await createTestDatabase();
    const fake = await startFakeShopify();
    fake.setCatalog(DEMO_STORE.domain, demoCatalog());
    const appEnv = {
      ...env(fake.url),
      SHOPIFY_TIMEOUT_MS: '20000',
      JOBS_POLL_SECONDS: '0.5',
      // The same secret in both processes, as in production (sessions, the stored token).
      TOKEN_SECRET: 'leafline-test-secret-0123456789-abcdefghijklmnop',
    };
    let first: TestApp | undefined = await buildTestApp(
      { ...appEnv, JOBS_WORKERS: 'true' },
      { database },
    );
    let second: TestApp | undefined;
    try {
      const owner = await seller(first);
      fake.calls.length = 0;
      // The fourth page hangs: the process goes down while it waits for it.
      let pages = 0;
      const original = fake.handlerOf('products')!;
      fake.handle('products', (ctx) => {
        pages++;
        if (pages === 3) fake.failNext(1, { kind: 'hang' });
        return original(ctx);
      });
      expect((await startSync(owner, '', first)).statusCode).toBe(202);
      const hangingCall = () =>
        fake.calls.some((c) => c.status === 0 && c.query.includes('LeaflineProductPage'));
      for (let waited = 0; !hangingCall(); waited += 50) {
        if (waited > 20_000) throw new Error('the fourth page was never asked for');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(fake.calls.filter((c) => c.fields.includes('products'))).toHaveLength(3);
      expect(await status(owner, first)).toMatchObject({
        status: 'running',
        done: 3 * SYNC_PAGE_SIZE,
        total: 240,
      });
      fake.handle('products', original);

      // The app goes down with the page in hand: its Shopify call is cut, the job is left for
      // another instance (the retry's backoff is skipped here).
      const closing = first.app.close();
      fake.dropHanging();
      await closing;
      first = undefined;
      await database.executeSql(
        `update ${JOB_SCHEMA}.job set start_after = now() where name = $1 and state in ('retry', 'created')`,
        [SHOPIFY_PRODUCT_SYNC_QUEUE.name],
      );
      const waiting = (
        await database.executeSql(
          `select state from ${JOB_SCHEMA}.job where name = $1 and state in ('retry', 'created', 'active')`,
          [SHOPIFY_PRODUCT_SYNC_QUEUE.name],
        )
      ).rows;
      expect(waiting).toHaveLength(1);
      fake.calls.length = 0;

      second = await buildTestApp(appEnv, { database });
      await second.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
      const after = await status(owner, second);
      expect(after).toMatchObject({ status: 'succeeded', done: 240, total: 240, created: 240 });
      const resumed = fake.calls.filter((c) => c.fields.includes('products'));
      // 240 / SYNC_PAGE_SIZE pages in all: the three done before the crash were not read again.
      expect(resumed).toHaveLength(240 / SYNC_PAGE_SIZE - 3);
      expect(resumed.some((c) => c.fields.includes('productsCount'))).toBe(false);
      expect(resumed.some((c) => c.variables.after === undefined)).toBe(false);
      const rows = await second.db
        .select({ id: products.shopifyProductId })
        .from(products)
        .where(
          and(eq(products.businessId, owner.businessId), isNotNull(products.shopifyProductId)),
        );
      expect(rows).toHaveLength(240);
      expect(new Set(rows.map((r) => r.id)).size).toBe(240);
      const images = await second.db.select({ id: productImages.id }).from(productImages);
      expect(images.length).toBeGreaterThan(240);
    } finally {
      await first?.app.close();
      await second?.app.close();
      await database.close();
      await fake.close();
    }
  }, 90_000);
});

describe('product sync: review findings', () => {
  let storeNumber = 0;
  /** A store of its own with a small catalogue, connected to a new business. */
  async function smallStore(
    count: number,
    currencyCode = 'USD',
  ): Promise<{ owner: Owner; store: FakeShopifyStore; products: FakeProduct[] }> {
    storeNumber++;
    const store: FakeShopifyStore = {
      domain: `leafline-review-${storeNumber}.myshopify.com`,
      accessToken: `shpat_fake_review_store_${storeNumber}_0123456789`,
      name: `Review Store ${storeNumber}`,
      currencyCode,
    };
    shopify.addStore(store);
    const list = fakeCatalog({ count, seed: 100 + storeNumber, firstId: 7_000_000_000 });
    shopify.setCatalog(store.domain, list);
    const owner = await seller(t, store);
    return { owner, store, products: list };
  }

  const syncDeps = (storage = t.app.deps.storage): SyncDeps => ({
    db: t.db,
    config: t.app.deps.config,
    log: t.app.log,
    storage,
    catalogCache: t.app.deps.catalogCache,
    jobs: t.app.deps.jobs,
  });

  /** The media keys the business's products and variants use. */
  async function picturesInUse(businessId: number): Promise<Set<string>> {
    const own = await t.db
      .select({ image: productImages.image })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(eq(products.businessId, businessId));
    const ofVariants = await t.db
      .select({ image: variantImages.image })
      .from(variantImages)
      .innerJoin(variants, eq(variants.id, variantImages.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(products.businessId, businessId));
    // Each picture is stored as its file and its smaller widths.
    return new Set([...own, ...ofVariants].flatMap((r) => imageKeys(r.image)));
  }

  /** The storage, recording what is put and deleted; after `failPutAfter` files, the disk is full. */
  function recordingStorage(failPutAfter = Number.POSITIVE_INFINITY) {
    const put: string[] = [];
    const deleted: string[] = [];
    const inner = t.app.deps.storage;
    let calls = 0;
    const storage: MediaStorage = {
      ...inner,
      async put(key, data) {
        if (++calls > failPutAfter) throw new Error('disk full');
        await inner.put(key, data);
        put.push(key);
      },
      async delete(key) {
        await inner.delete(key);
        deleted.push(key);
      },
    };
    return { storage, put, deleted, left: () => put.filter((k) => !deleted.includes(k)) };
  }

  it('the stand-in refuses a query over 1,000 points as Shopify does; the sync fails without retries', async () => {
    const { store, owner } = await smallStore(3);
    // A page query too dear: 10 products × (80 variants, 10 pictures) is 3,463 points.
    const admin = shopifyAdmin(
      { config: t.app.deps.config, log: t.app.log },
      store.domain,
      store.accessToken,
    );
    const tooDear = `#graphql
      query TooDear($first: Int!) {
        productsCount(query: "status:active", limit: null) { count }
        products(first: $first) { nodes { ...LeaflineProduct } pageInfo { hasNextPage endCursor } }
      }
      ${PRODUCT_FIELDS.replace('variants(first: 100)', 'variants(first: 80)')}`;
    const refused = await admin.request(tooDear, { first: 10 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ShopifyAdminError);
    expect(refused).toMatchObject({
      kind: 'invalid',
      message: 'Query cost is 3463, which exceeds the single query max cost limit (1000).',
    });
    expect(shopify.calls.at(-1)).toMatchObject({ status: 200, requestedCost: 3463 });

    // Were Shopify to refuse the sync's own page as too dear, the run fails at once, readably.
    const original = shopify.handlerOf('products')!;
    shopify.handle('products', () => {
      throw new FakeGraphQLError(
        'Query cost is 1200, which exceeds the single query max cost limit (1000).',
        'MAX_COST_EXCEEDED',
      );
    });
    try {
      expect((await startSync(owner)).statusCode).toBe(202);
      await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    } finally {
      shopify.handle('products', original);
    }
    expect(await status(owner)).toMatchObject({
      status: 'failed',
      error: SHOPIFY_MESSAGES.productSyncFailed,
    });
    expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_SYNC_QUEUE, 'retry')).toHaveLength(0);
    expect(lines.some((l) => l.includes('Shopify refused the query'))).toBe(true);
  });

  it('a product with more variants than a page reads is read again on its own, within the limit', async () => {
    const { owner, products: list } = await smallStore(2);
    const big = list.find((p) => p.status === 'ACTIVE')!;
    big.variants = Array.from({ length: 90 }, (_, n) => ({
      id: `gid://shopify/ProductVariant/${77_000_000 + n}`,
      title: `Size ${n}`,
      price: '12.00',
      selectedOptions: [{ name: 'Size', value: `Size ${n}` }],
      imageId: null,
    }));
    big.options = [{ name: 'Size', position: 1, values: big.variants.map((v) => v.title) }];
    const run = await syncAll(owner);
    expect(run).toMatchObject({ status: 'succeeded', created: 2 });
    const [row] = (await productsOf(owner.businessId)).filter((p) => p.shopifyProductId === big.id);
    const rows = await t.db.select().from(variants).where(eq(variants.productId, row!.id));
    expect(rows).toHaveLength(90);
    expect(shopify.calls.some((c) => c.fields.includes('product'))).toBe(true);
    expect(shopify.calls.every((c) => c.requestedCost <= 1000 && c.status === 200)).toBe(true);
  });

  it('a picture the CDN failed to give is fetched again by the next sync', async () => {
    const { owner, products: list } = await smallStore(1);
    const product = list.find((p) => p.status === 'ACTIVE')!;
    const picture = product.images[0]!;
    const goodPath = picture.path;
    // Shopify's CDN answers 404 for it this time.
    picture.path = goodPath.replace('/cdn/shop/files/', '/cdn/shop/missing/');
    expect(await syncAll(owner)).toMatchObject({ status: 'succeeded', created: 1 });
    const [row] = await productsOf(owner.businessId);
    const stored = () =>
      t.db
        .select({ id: productImages.shopifyImageId })
        .from(productImages)
        .where(eq(productImages.productId, row!.id));
    expect((await stored()).map((r) => r.id)).not.toContain(picture.id);

    picture.path = goodPath;
    expect(await syncAll(owner)).toMatchObject({ status: 'succeeded', updated: 1 });
    expect((await stored()).map((r) => r.id)).toContain(picture.id);
    // Now complete: a third sync changes nothing.
    expect(await syncAll(owner)).toMatchObject({ status: 'succeeded', unchanged: 1, updated: 0 });
  });

  it('refuses a store that sells in another currency, and imports nothing; its refresh is skipped', async () => {
    const { owner, products: list } = await smallStore(4, 'CAD');
    expect(await syncAll(owner)).toMatchObject({
      status: 'failed',
      error: SHOPIFY_MESSAGES.currencyMismatch('CAD'),
      created: 0,
    });
    expect(SHOPIFY_MESSAGES.currencyMismatch('CAD')).toContain('CAD');
    expect(await productsOf(owner.businessId)).toHaveLength(0);
    const active = list.find((p) => p.status === 'ACTIVE')!;
    await t.app.deps.jobs.send(
      t.db,
      SHOPIFY_PRODUCT_REFRESH_QUEUE,
      { businessId: owner.businessId, shopifyProductId: active.id },
      { singletonKey: productRefreshKey(owner.businessId, active.id) },
    );
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE]);
    expect(await productsOf(owner.businessId)).toHaveLength(0);
    expect(lines.some((l) => l.includes('the store sells in another currency'))).toBe(true);
  });

  it('keeps the Shopify variant of a product without options, and forgets it once it has options', async () => {
    const { owner, products: list } = await smallStore(30);
    const simple = list.find((p) => p.status === 'ACTIVE' && p.options[0]!.name === 'Title')!;
    expect(simple).toBeDefined();
    await syncAll(owner);
    const rowOf = async () =>
      (await productsOf(owner.businessId)).find((p) => p.shopifyProductId === simple.id)!;
    expect((await rowOf()).shopifyVariantId).toBe(simple.variants[0]!.id);
    const withOptions = (await productsOf(owner.businessId)).filter(
      (p) => p.optionNames.length > 0,
    );
    expect(withOptions.length).toBeGreaterThan(0);
    expect(withOptions.every((p) => p.shopifyVariantId === null)).toBe(true);

    // Shopify replaced its default variant: the new one is stored.
    simple.variants[0]!.id = 'gid://shopify/ProductVariant/99000000001';
    expect(await syncAll(owner)).toMatchObject({ updated: 1 });
    expect((await rowOf()).shopifyVariantId).toBe('gid://shopify/ProductVariant/99000000001');

    // It gained real options: its variants carry their ids, the product none.
    simple.options = [{ name: 'Size', position: 1, values: ['S', 'M'] }];
    simple.variants = ['S', 'M'].map((value, n) => ({
      id: `gid://shopify/ProductVariant/9900000001${n}`,
      title: value,
      price: '20.00',
      selectedOptions: [{ name: 'Size', value }],
      imageId: null,
    }));
    expect(await syncAll(owner)).toMatchObject({ updated: 1 });
    expect((await rowOf()).shopifyVariantId).toBeNull();
  });

  it('a run that stopped making progress for good no longer blocks the next sync', async () => {
    const { owner } = await smallStore(2);
    const stuck = (await startSync(owner)).json() as ShopifyProductSyncResponse;
    // Its job died for good (the instance killed during its last attempt).
    await t.database.executeSql(`delete from ${JOB_SCHEMA}.job where name = $1`, [
      SHOPIFY_PRODUCT_SYNC_QUEUE.name,
    ]);
    await t.database.executeSql(
      `update shopify_sync_runs set status = 'running', updated_at = now() - interval '10 minutes' where id = $1`,
      [stuck.sync.id],
    );
    // Ten minutes without news: still alive (a slow page).
    const waiting = await startSync(owner);
    expect(waiting.statusCode).toBe(200);
    expect((waiting.json() as ShopifyProductSyncResponse).sync.id).toBe(stuck.sync.id);

    await t.database.executeSql(
      `update shopify_sync_runs set updated_at = now() - interval '16 minutes' where id = $1`,
      [stuck.sync.id],
    );
    const res = await startSync(owner);
    expect(res.statusCode).toBe(202);
    const fresh = (res.json() as ShopifyProductSyncResponse).sync;
    expect(fresh.id).not.toBe(stuck.sync.id);
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    expect(await status(owner)).toMatchObject({ id: fresh.id, status: 'succeeded', created: 2 });
    const [old] = await t.db
      .select()
      .from(shopifySyncRuns)
      .where(eq(shopifySyncRuns.id, stuck.sync.id));
    expect(old).toMatchObject({ status: 'failed', error: SHOPIFY_MESSAGES.syncStalled });
  });

  it('each page job marks the run alive when it starts', async () => {
    const { owner } = await smallStore(2);
    const { sync } = (await startSync(owner)).json() as ShopifyProductSyncResponse;
    await t.database.executeSql(
      `update shopify_sync_runs set status = 'running', updated_at = now() - interval '1 hour' where id = $1`,
      [sync.id],
    );
    const original = shopify.handlerOf('products')!;
    let seenAt: Date | undefined;
    shopify.handle('products', (ctx) => {
      // While the page is read from Shopify, the run already shows a sign of life.
      void t.db
        .select({ at: shopifySyncRuns.updatedAt })
        .from(shopifySyncRuns)
        .where(eq(shopifySyncRuns.id, sync.id))
        .then(([r]) => {
          seenAt = r!.at;
        });
      return original(ctx);
    });
    try {
      await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    } finally {
      shopify.handle('products', original);
    }
    expect(seenAt).toBeDefined();
    expect(Date.now() - seenAt!.getTime()).toBeLessThan(5 * 60_000);
  });

  it('asking for the clear option while a plain sync runs is a 409 with a readable text', async () => {
    const { owner } = await smallStore(2);
    const { sync } = (await startSync(owner)).json() as ShopifyProductSyncResponse;
    await t.database.executeSql(`update shopify_sync_runs set status = 'running' where id = $1`, [
      sync.id,
    ]);
    const res = await startSync(owner, '?clear_with_shopify_sync=true');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.syncRunningWithoutClear });
    // Without the option it answers the run under way.
    const plain = await startSync(owner);
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as ShopifyProductSyncResponse).sync).toMatchObject({
      id: sync.id,
      clear_with_shopify_sync: false,
    });
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
    expect(await status(owner)).toMatchObject({ id: sync.id, status: 'succeeded' });
  });

  it('a page attempt that lost the race to another leaves no picture file behind', async () => {
    const { owner } = await smallStore(5);
    const { sync } = (await startSync(owner)).json() as ShopifyProductSyncResponse;
    const recording = recordingStorage();
    const deps = syncDeps(recording.storage);
    // The same page twice at once (a job given again while the first was still alive).
    await Promise.all([
      runProductSyncJob(deps, sync.id, { retryCount: 0 }),
      runProductSyncJob(deps, sync.id, { retryCount: 0 }),
    ]);
    expect(await status(owner)).toMatchObject({ status: 'succeeded', created: 5, done: 5 });
    const used = await picturesInUse(owner.businessId);
    expect(used.size).toBeGreaterThan(0);
    // Both attempts stored the page's pictures; the loser's were removed again.
    expect(recording.put.length).toBeGreaterThan(used.size);
    expect(new Set(recording.left())).toEqual(used);
  });

  it('pictures stored before a failure in the middle of a page are removed', async () => {
    const { owner } = await smallStore(5);
    const { sync } = (await startSync(owner)).json() as ShopifyProductSyncResponse;
    // Two pictures are stored whole, then the disk is full.
    const perPicture = imageKeys('products/x.webp').length;
    const recording = recordingStorage(2 * perPicture);
    await expect(
      runProductSyncJob(syncDeps(recording.storage), sync.id, { retryCount: 0 }),
    ).rejects.toThrow('disk full');
    expect(recording.put).toHaveLength(2 * perPicture);
    expect(recording.left()).toEqual([]);
    expect(await productsOf(owner.businessId)).toHaveLength(0);
  });
});
