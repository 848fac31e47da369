import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { addBusiness, addProduct } from '../../test/helpers/catalog-fixtures';
import { createTestDatabase } from '../../test/helpers/database';
import { captureLog } from '../../test/helpers/log-capture';
import { sample } from '../../test/helpers/prometheus';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy';
import { READINESS_MESSAGES } from '../modules/health';
import { MAIL_QUEUE } from '../modules/mail';
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from './database-outage';

/**
 * An outage of PostgreSQL and the app's recovery without a restart (issue 14): the app reaches
 * the database through a TCP proxy the test cuts and restores, while another instance (a
 * direct connection) keeps changing the catalogue.
 */

const adminUrl = inject('pgAdminUrl');
const TOKEN = 'ops-token-for-the-recovery-test';
const { lines, logger } = captureLog('info');
const logged = (msg: string) =>
  lines.map((line) => JSON.parse(line) as { msg: string }).filter((line) => line.msg === msg);

let proxy: TcpProxy;
let t: TestApp;
/** The same database, not through the proxy: another instance of the app. */
let other: pg.Client;
/** Statements the app's job runner and probes sent (through `executeSql`). */
let statements = 0;
let productId = 0;

beforeAll(async () => {
  if (!adminUrl) return;
  const server = new URL(adminUrl);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const database = await createTestDatabase({
    connect: (url) => {
      url.port = String(proxy.port);
      return url;
    },
  });
  const direct = new URL(database.url!);
  direct.port = server.port || '5432';
  other = new pg.Client({ connectionString: direct.toString() });
  await other.connect();
  t = await buildTestApp(
    {
      LOG_LEVEL: 'info',
      OPS_TOKEN: TOKEN,
      JOBS_WORKERS: 'true',
      JOBS_POLL_SECONDS: '0.5',
      CATALOG_CACHE_SECONDS: '60',
    },
    {
      database: {
        ...database,
        executeSql: (text, values) => {
          statements++;
          return database.executeSql(text, values);
        },
      },
      logger,
    },
  );
  const brand = await addBusiness(t.db, { name: 'Tidewater Soap' });
  productId = (await addProduct(t.db, brand.id, { name: 'Kelp Bar' })).id;
});
afterAll(async () => {
  await proxy?.restore().catch(() => {});
  await other?.end();
  await t?.close();
  await proxy?.close();
});

const faq = () => t.app.inject({ url: '/api/faq/' });
const product = () => t.app.inject({ url: `/api/products/${productId}/` });
const scrape = async () => {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const rename = (name: string) =>
  other.query('update products set name = $1 where id = $2', [name, productId]);

describe.skipIf(!adminUrl)('a database outage, and the recovery without a restart', () => {
  let cutAt = 0;

  it('before: the catalogue answer is cached, a job waits, the LISTENs are open', async () => {
    // The product's own change announcement may clear the first answer: read until one is
    // served from the cache.
    for (;;) {
      expect((await product()).json().name).toBe('Kelp Bar');
      if ((sample(await scrape(), 'catalog_cache_hits_total') ?? 0) > 0) break;
    }
    await t.app.deps.liveOrders.ready();
    await t.app.deps.jobs.send(
      t.db,
      MAIL_QUEUE,
      {
        message: {
          to: 'before-outage@example.com',
          subject: 'Sent before the outage',
          text: 'It runs once the database is back.',
          html: '<p>It runs once the database is back.</p>',
        },
      },
      { startAfterSeconds: 1 },
    );
    expect(t.mail).toEqual([]);
  });

  it('while cut: 503 with Retry-After, /readyz 503, /metrics still answers', async () => {
    await proxy.cut();
    cutAt = Date.now();
    const before = statements;
    // The LISTENs notice: the catalogue cache is off (announcements could be missed).
    await vi.waitFor(() => expect(t.app.deps.catalogCache.enabled).toBe(false));

    for (const res of [await faq(), await product()]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      error: READINESS_MESSAGES.databaseUnreachable,
    });

    const text = await scrape();
    expect(sample(text, 'job_queue_counts_up')).toBe(0);
    expect(sample(text, 'job_queue_jobs')).toBeUndefined();
    expect(sample(text, 'db_pool_max_connections')).toBe(4);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/faq/',
        status_code: '503',
      }),
    ).toBe(1);

    // Another instance changes the catalogue meanwhile; this one cannot hear it.
    await rename('Kelp Bar, renamed');

    // The job comes due during the outage; the workers keep polling at their pace.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const tried = statements - before;
    // 2 s of polling every 0.5 s by a handful of workers, plus the outage probe: tens of
    // tries, where a loop retrying at once would make thousands.
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThan(150);
    expect(logged('job runner: the database is unreachable; waiting for it')).toHaveLength(1);
    expect(logged('job runner error')).toHaveLength(0);
    expect(logged('live orders: the LISTEN connection was lost')).toHaveLength(1);
    expect(t.mail).toEqual([]);
  });

  it('when it is back: requests answer, the job runs once, the LISTENs listen again', async () => {
    expect(Date.now() - cutAt).toBeGreaterThan(1000);
    await proxy.restore();
    await vi.waitFor(async () => expect((await faq()).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await vi.waitFor(() => expect(t.mail.map((m) => m.to)).toEqual(['before-outage@example.com']), {
      timeout: 10_000,
      interval: 100,
    });
    expect(logged('job runner: the database is reachable again')).toHaveLength(1);

    // The catalogue LISTEN is back, and the change made during the outage is seen.
    await vi.waitFor(() => expect(t.app.deps.catalogCache.enabled).toBe(true), {
      timeout: 10_000,
    });
    expect((await product()).json().name).toBe('Kelp Bar, renamed');
    // Cached again, and cleared by the next announcement: the LISTEN hears again.
    expect((await product()).json().name).toBe('Kelp Bar, renamed');
    await rename('Kelp Bar, third');
    await vi.waitFor(async () => expect((await product()).json().name).toBe('Kelp Bar, third'), {
      timeout: 10_000,
      interval: 100,
    });
    await vi.waitFor(() =>
      expect(logged('live orders: the LISTEN connection is back; streams catch up')).toHaveLength(
        1,
      ),
    );

    const text = await scrape();
    expect(sample(text, 'job_queue_counts_up')).toBe(1);
    expect(sample(text, 'job_queue_jobs', { queue: 'mail.send', state: 'waiting' })).toBe(0);
    expect(t.mail).toHaveLength(1);
  });
});
