import { ROUTES } from '@leafline/contract/routes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, failingMailer, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { sample } from '../../../test/helpers/prometheus';
import { openSse } from '../../../test/helpers/sse';
import { OPS_MESSAGES } from '../../lib/ops-token';
import { MAIL_QUEUE } from '../mail';

/** GET /metrics (issue 14): Prometheus' text format, behind the operator token. */

const TOKEN = 'ops-token-for-the-metrics-test';
const auth = { authorization: `Bearer ${TOKEN}` };

describe('without OPS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /metrics does not exist', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: OPS_MESSAGES.notFound });
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  let base: string;
  const attempts: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      { OPS_TOKEN: TOKEN, CATALOG_CACHE_SECONDS: '60' },
      { mailer: failingMailer(attempts) },
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('needs the operator bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all' }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: OPS_MESSAGES.unauthorized });
    }
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // The process' own metrics come with the app's.
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(res.body, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('is left out of the API documentation', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('times requests by route pattern and status, never by raw address', async () => {
    const brand = await addBusiness(t.db, { name: 'Tidewater Soap' });
    const product = await addProduct(t.db, brand.id, { name: 'Kelp Bar' });
    expect((await t.app.inject({ url: `/api/products/${product.id}/?x=1` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/products/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/no-such-thing/42' })).statusCode).toBe(
      404,
    );
    const text = await scrape();
    const count = (route: string, status: string, method = 'GET') =>
      sample(text, 'http_request_duration_seconds_count', { method, route, status_code: status });
    expect(count('/api/products/:id/', '200')).toBe(1);
    expect(count('/api/products/:id/', '404')).toBe(1);
    expect(count('unmatched', '404', 'POST')).toBe(1);
    expect(text).not.toContain(`/api/products/${product.id}/`);
    expect(text).not.toContain('/api/no-such-thing');
  });

  it('counts the catalogue answers served from the cache and those computed', async () => {
    const before = await scrape();
    const hits0 = sample(before, 'catalog_cache_hits_total') ?? 0;
    const misses0 = sample(before, 'catalog_cache_misses_total') ?? 0;
    const brand = await addBusiness(t.db, { name: 'Fernhill' });
    const product = await addProduct(t.db, brand.id, { name: 'Moss Jar' });
    // The product's own change announcement may clear the first answer: read until one is
    // served from the cache.
    let reads = 0;
    let text = before;
    do {
      expect((await t.app.inject({ url: `/api/products/${product.id}/` })).statusCode).toBe(200);
      reads++;
      text = await scrape();
    } while ((sample(text, 'catalog_cache_hits_total') ?? 0) === hits0);
    const hits = sample(text, 'catalog_cache_hits_total')! - hits0;
    const misses = sample(text, 'catalog_cache_misses_total')! - misses0;
    expect(hits).toBe(1);
    expect(misses).toBeGreaterThanOrEqual(1);
    expect(hits + misses).toBe(reads);
  });

  it('shows the jobs waiting and parked per queue, and each failed attempt', async () => {
    const waiting = () =>
      scrape().then((text) =>
        sample(text, 'job_queue_jobs', { queue: 'mail.send', state: 'waiting' }),
      );
    expect(await waiting()).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/',
      payload: { email: 'gauges@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'job_queue_counts_up')).toBe(1);
    expect(sample(text, 'job_queue_jobs', { queue: 'mail.send', state: 'waiting' })).toBe(1);
    expect(sample(text, 'job_queue_jobs', { queue: 'mail.send', state: 'active' })).toBe(0);
    // The mail server is down: the attempt fails and the job waits for its retry.
    expect(await t.app.deps.jobs.drain([MAIL_QUEUE])).toBe(1);
    expect(attempts).toEqual(['gauges@example.com']);
    const after = await scrape();
    expect(sample(after, 'job_failures_total', { queue: 'mail.send', parked: 'false' })).toBe(1);
    expect(sample(after, 'job_queue_jobs', { queue: 'mail.send', state: 'waiting' })).toBe(1);
    expect(sample(after, 'job_queue_jobs', { queue: 'mail.send', state: 'failed' })).toBe(0);
  });

  it("shows the database pool's use (PostgreSQL) or none (PGlite)", async () => {
    const text = await scrape();
    if (t.database.kind !== 'postgres') {
      expect(sample(text, 'db_pool_max_connections')).toBeUndefined();
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeUndefined();
      expect(sample(text, 'db_pool_waiting_queries')).toBeUndefined();
      return;
    }
    expect(sample(text, 'db_pool_max_connections')).toBe(4);
    // Every connection of the pool (4) held by a transaction, and one more query waiting.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const held = Array.from({ length: 4 }, () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding++;
        await released;
      }),
    );
    await vi.waitFor(() => expect(holding).toBe(4));
    const waiting = t.db.execute(sql`select 1`);
    try {
      const busy = await scrape();
      expect(sample(busy, 'db_pool_connections', { state: 'busy' })).toBe(4);
      expect(sample(busy, 'db_pool_connections', { state: 'idle' })).toBe(0);
      // The query, and the scrape's own read of the job tables (left out after its wait).
      expect(sample(busy, 'db_pool_waiting_queries')).toBeGreaterThanOrEqual(1);
      expect(sample(busy, 'job_queue_counts_up')).toBe(0);
    } finally {
      release();
      await Promise.all([...held, waiting]);
    }
    const after = await scrape();
    expect(sample(after, 'db_pool_connections', { state: 'busy' })).toBeLessThan(4);
    expect(sample(after, 'job_queue_counts_up')).toBe(1);
  });

  it('counts the open live-order streams', async () => {
    const streams = async () => sample(await scrape(), 'sse_connections');
    expect(await streams()).toBe(0);
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    const client = await openSse(
      base,
      ROUTES.orderEvents.path({ businessId: business.id }),
      owner.headers,
    );
    expect(client.status).toBe(200);
    await vi.waitFor(async () => expect(await streams()).toBe(1));
    client.close();
    await vi.waitFor(async () => expect(await streams()).toBe(0));
  });
});
