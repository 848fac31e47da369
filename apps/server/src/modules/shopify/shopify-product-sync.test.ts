import { Writable } from 'node:stream';
import {
  SHOPIFY_MESSAGES,
  type ShopifyProductSyncResponse,
  type ShopifySyncRun,
  type ShopifySyncStatusResponse,
  shopifyProductSyncPath,
  shopifySyncStatusPath,
} from '@leafline/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { createTestDatabase } from '../../../test/helpers/database';
import {
  demoCatalog,
  type FakeProduct,
  fakeCatalog,
} from '../../../test/helpers/fake-shopify-catalog';
import {
  DEMO_STORE,
  type FakeShopify,
  type FakeShopifyStore,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { productImages, products, variants } from '../../db/schema/index';
import { JOB_SCHEMA } from '../../jobs/job-schema';
import { createLogger } from '../../lib/logger';
import { SHOPIFY_PRODUCT_SYNC_QUEUE } from './shopify-jobs';

/**
 * Issue 13 Build 2, the product sync: `GET api/sync-from-shopify-opt/{businessId}/` queues a
 * durable job that imports the store's active products a page at a time through the real
 * @shopify/admin-api-client from the local stand-in store; the dashboard reads its progress.
 */

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

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
  t = await buildTestApp(env(shopify.url), { logger: createLogger({ level: 'trace' }, sink) });
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
    url: shopifyProductSyncPath(owner.businessId) + query,
    headers: owner.headers,
  });

async function status(owner: Owner, app = t): Promise<ShopifySyncRun | null> {
  const res = await app.app.inject({
    method: 'GET',
    url: shopifySyncStatusPath(owner.businessId),
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
      url: shopifyProductSyncPath(owner.businessId),
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await signedInShopper(t.app);
    for (const url of [
      shopifyProductSyncPath(owner.businessId),
      shopifySyncStatusPath(owner.businessId),
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(res.statusCode).toBe(404);
    }

    const unconnected = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: unconnected.shopper.id });
    const refused = await t.app.inject({
      method: 'GET',
      url: shopifyProductSyncPath(business.id),
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

    // A second start while it is queued answers that run.
    const again = await startSync(owner, '?clear_with_shopify_sync=true');
    expect(again.statusCode).toBe(200);
    expect((again.json() as ShopifyProductSyncResponse).sync.id).toBe(queued.id);

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
      clear_with_shopify_sync: false,
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
    const pageCalls = shopify.calls.filter((c) => c.fields.includes('products'));
    expect(pageCalls.length).toBe(24);
    expect(pageCalls.every((c) => c.query.includes('query: "status:active"'))).toBe(true);
    expect(pageCalls[0]!.fields).toContain('productsCount');
    expect(new Set(pageCalls.map((c) => c.variables.after ?? null)).size).toBe(24);
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
      3,
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
      expect(await status(owner, first)).toMatchObject({ status: 'running', done: 30, total: 240 });
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
      // 24 pages in all: the three done before the crash were not read again.
      expect(resumed).toHaveLength(21);
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
