import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { businesses, products } from '../../db/schema/index';
import { createResponseCache, type ResponseCache } from './response-cache';

/**
 * Reads again after each clear of the cache (the database's change announcement arriving)
 * until `done` holds; answers the value. No timer: the waiter is set before each read, so a
 * clear during the read is not missed, and the test's own timeout bounds the wait.
 */
function rereadOnClear(cache: ResponseCache) {
  let waiters: (() => void)[] = [];
  const clear = cache.clear.bind(cache);
  cache.clear = () => {
    clear();
    for (const wake of waiters) wake();
    waiters = [];
  };
  return async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (;;) {
      const cleared = new Promise<void>((resolve) => waiters.push(resolve));
      const value = await read();
      if (done(value)) return value;
      await cleared;
    }
  };
}

describe('catalogue answers on a real database, cache on', () => {
  let t: TestApp;
  let businessId = 0;
  let eventually: ReturnType<typeof rereadOnClear>;
  beforeAll(async () => {
    t = await buildTestApp({ CATALOG_CACHE_SECONDS: '60' });
    eventually = rereadOnClear(t.app.deps.catalogCache);
    const brand = await addBusiness(t.db, { name: 'Saltmarsh Goods' });
    businessId = brand.id;
    await addProduct(t.db, brand.id, { name: 'Kelp Soap Bar', priceCents: 900 });
    // Written straight to the database, as another process would: the index hears of it by
    // the catalogue's notice, which may still be on the way (decision 0041).
    await searchCaughtUp(t.app, t.db);
  });
  afterAll(async () => {
    await t.close();
  });
  const count = async (url: string) => (await t.app.inject({ url })).json().count as number;

  it('listens for changes and keeps answers', async () => {
    expect(t.app.deps.catalogCache.enabled).toBe(true);
    const first = await t.app.inject({ url: '/api/search/?search=kelp' });
    const second = await t.app.inject({ url: '/api/search/?search=kelp' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(first.json().results.map((r: { name: string }) => r.name)).toEqual(['Kelp Soap Bar']);
    expect(t.app.deps.catalogCache.size).toBeGreaterThan(0);
  });

  it('shows a new product, a price change and a closed business as soon as they are saved', async () => {
    expect(await count('/api/search/?search=kelp')).toBe(1);
    const added = await addProduct(t.db, businessId, {
      name: 'Kelp Shampoo Bar',
      priceCents: 1200,
    });
    expect(
      await eventually(
        () => count('/api/search/?search=kelp'),
        (n) => n === 2,
      ),
    ).toBe(2);

    const url = `/api/products/${added.id}/`;
    expect((await t.app.inject({ url })).json().price).toBe('12.00');
    await t.db.update(products).set({ priceCents: 1500 }).where(eq(products.id, added.id));
    const price = await eventually(
      async () => (await t.app.inject({ url })).json().price as string,
      (p) => p === '15.00',
    );
    expect(price).toBe('15.00');

    await t.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, businessId));
    expect(
      await eventually(
        () => count('/api/search/?search=kelp'),
        (n) => n === 0,
      ),
    ).toBe(0);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('never keeps an error answer', async () => {
    const kept = t.app.deps.catalogCache.size;
    const missing = await t.app.inject({ url: '/api/products/999999/' });
    expect(t.app.deps.catalogCache.size).toBe(kept);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.any(String) });
    expect((await t.app.inject({ url: '/api/products/999999/' })).statusCode).toBe(404);
  });
});

describe('the cache itself', () => {
  const request = (url: string) => ({ url }) as FastifyRequest;
  const reply = () => {
    const sent: string[] = [];
    const r = {
      type: () => r,
      send: (body: string) => {
        sent.push(body);
        return r;
      },
      sent,
    };
    return r as unknown as FastifyReply & { sent: string[] };
  };
  const schema = z.object({ n: z.number() });

  it('computes every time until it listens, and after the subscription is lost', async () => {
    const cache = createResponseCache({ maxAgeSeconds: 60 });
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    const r = reply();
    await cache.respond(request('/a'), r, schema, compute);
    await cache.respond(request('/a'), r, schema, compute);
    expect(r.sent).toEqual(['{"n":1}', '{"n":2}']);
    cache.setListening(true);
    await cache.respond(request('/a'), r, schema, compute);
    await cache.respond(request('/a'), r, schema, compute);
    expect(r.sent.slice(2)).toEqual(['{"n":3}', '{"n":3}']);
    cache.setListening(false);
    await cache.respond(request('/a'), r, schema, compute);
    expect(r.sent.at(-1)).toBe('{"n":4}');
  });

  it('does not store an answer computed while a change was announced', async () => {
    const cache = createResponseCache({ maxAgeSeconds: 60 });
    cache.setListening(true);
    let calls = 0;
    const r = reply();
    await cache.respond(request('/a'), r, schema, async () => {
      calls++;
      cache.clear();
      return { n: calls };
    });
    await cache.respond(request('/a'), r, schema, async () => ({ n: ++calls }));
    expect(r.sent).toEqual(['{"n":1}', '{"n":2}']);
  });

  it('drops the least recently used answer when full, and fields outside the schema', async () => {
    const cache = createResponseCache({ maxAgeSeconds: 60, maxEntries: 2 });
    cache.setListening(true);
    const r = reply();
    const answer = (n: number) => async () => ({ n, secret: 'x' });
    await cache.respond(request('/1'), r, schema, answer(1));
    await cache.respond(request('/2'), r, schema, answer(2));
    await cache.respond(request('/1'), r, schema, answer(10));
    await cache.respond(request('/3'), r, schema, answer(3));
    await cache.respond(request('/2'), r, schema, answer(20));
    await cache.respond(request('/1'), r, schema, answer(100));
    expect(r.sent).toEqual(['{"n":1}', '{"n":2}', '{"n":1}', '{"n":3}', '{"n":20}', '{"n":100}']);
    expect(cache.size).toBe(2);
  });

  it('remembers a text until the next change, and keeps nothing for an undefined one', async () => {
    const cache = createResponseCache({ maxAgeSeconds: 60 });
    cache.setListening(true);
    let renders = 0;
    const page = async () => `<p>${++renders}</p>`;
    expect(await cache.remember('/shop', page)).toBe('<p>1</p>');
    expect(await cache.remember('/shop', page)).toBe('<p>1</p>');
    // A page that must not be kept (a 404, a render that failed): asked again next time.
    expect(await cache.remember('/gone', async () => undefined)).toBeUndefined();
    expect(await cache.remember('/gone', page)).toBe('<p>2</p>');
    cache.clear();
    expect(await cache.remember('/shop', page)).toBe('<p>3</p>');
  });
});
