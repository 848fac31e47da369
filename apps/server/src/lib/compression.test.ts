import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { addBusiness, addProducts, searchCaughtUp } from '../../test/helpers/catalog-fixtures';
import { pickEncoding } from './compression';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const business = await addBusiness(t.db, { name: 'Fern & Moss' });
  // A search page large enough to be worth compressing (> 1 KB of JSON).
  await addProducts(t.db, business.id, 12);
  await searchCaughtUp(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const SEARCH = '/api/search/?search=&page=1';
const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the API’s JSON answers, compressed for a browser that takes it', () => {
  it('sends br to a browser that takes br, the same JSON once unpacked', async () => {
    const plain = await get(SEARCH);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await get(SEARCH, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip when br is not taken, and nothing encoded when neither is', async () => {
    const plain = await get(SEARCH);
    const gzip = await get(SEARCH, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const identity = await get(SEARCH, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('leaves small answers, errors included, as they are', async () => {
    const missing = await get('/api/products/999999/', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toHaveProperty('error');
  });
});

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0 as a refusal', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
