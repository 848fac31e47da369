import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ProductDetail } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { captureLog } from '../../../test/helpers/log-capture';
import { filesUnder } from '../../../test/helpers/multipart-form';
import { type LocalS3, startLocalS3 } from '../../../test/helpers/s3-server';
import { startTcpProxy, type TcpProxy } from '../../../test/helpers/tcp-proxy';
import {
  IMMUTABLE_CACHE_CONTROL,
  MEDIA_MESSAGES,
  MEDIA_RETRY_AFTER_SECONDS,
} from '../../adapters/storage/storage';
import { openDatabase } from '../../db/client';
import { products } from '../../db/schema/index';
import { imageKeys, imageVariantKey } from './image-pipeline';

/** The same secret on both instances, as in production: a session of one holds on the other. */
const TOKEN_SECRET = 'leafline-test-secret-0123456789-abcdefghijklmnop';

const BASE = {
  name: 'Linen Shirt',
  description: 'Breathable linen, grown without irrigation.',
  price: '45.00',
  condition: 'new',
  category: 'Eco-Friendly Business',
  product_category: 'Apparel',
};

/** A real picture, 700 pixels wide: stored as 700, 640 and 320 wide. */
const photo = () =>
  sharp({ create: { width: 700, height: 400, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();

function productForm(fields: Record<string, string>, images: Record<string, Buffer> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, data] of Object.entries(images)) {
    form.append(key, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png');
  }
  return form;
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

/** Every key in the bucket. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

// Two instances need a database both can open: PGlite lives inside one process.
describe.skipIf(!inject('pgAdminUrl'))('two instances on one database and one bucket', () => {
  let a: TestApp;
  let b: TestApp;
  let seller: { authorization: string };
  let businessId = 0;
  beforeAll(async () => {
    const env = { ...s3.env, TOKEN_SECRET, CATALOG_CACHE_SECONDS: '60' };
    a = await buildTestApp(env);
    const database = await openDatabase({ url: a.database.url!, poolSize: 2 });
    b = await buildTestApp(env, { database });
    const owner = await signedInShopper(a.app);
    seller = owner.headers;
    businessId = (await addBusiness(a.db, { name: 'Fern & Field', ownerId: owner.shopper.id })).id;
  });
  afterAll(async () => {
    // B's own connection first: A's close drops the database.
    await b?.close();
    await a?.close();
  });

  const addShirt = async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/add-product/${businessId}/`,
      headers: seller,
      payload: productForm(BASE, { 'images[0].image': await photo() }),
    });
    expect(res.statusCode).toBe(201);
    return res.json().product as ProductDetail;
  };

  it('an image uploaded through A is served by B from the bucket, with its widths and a 304', async () => {
    const product = await addShirt();
    const address = product.images[0]!.image;
    expect(address).toMatch(/^\/media\/products\/[0-9a-f]+\.webp$/);
    const key = address.replace('/media/', '');
    // Nothing on A's disk: every width went to the bucket.
    expect(filesUnder(a.app.deps.mediaDir)).toEqual([]);
    expect(await bucketKeys()).toEqual(expect.arrayContaining(imageKeys(key)));

    const main = await b.app.inject({ url: address });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/webp');
    expect(main.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(main.headers['content-length']).toBe(String(main.rawPayload.length));
    expect(main.headers['last-modified']).toEqual(expect.any(String));
    const etag = main.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const meta = await sharp(main.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width: 700 });

    const small = await b.app.inject({ url: `/media/${imageVariantKey(key, 320)}` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    expect(small.headers.etag).not.toBe(etag);

    const again = await b.app.inject({ url: address, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    const changed = await b.app.inject({ url: address, headers: { 'if-none-match': '"old"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload).toEqual(main.rawPayload);

    const head = await b.app.inject({ method: 'HEAD', url: address });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(main.rawPayload.length));
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it("removing the product's image removes its objects: both instances answer 404", async () => {
    const product = await addShirt();
    const key = product.images[0]!.image.replace('/media/', '');
    expect((await b.app.inject({ url: `/media/${key}` })).statusCode).toBe(200);

    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/edit/`,
      headers: seller,
      payload: productForm({ ...BASE, clear_images: 'true' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.images).toEqual([]);

    const keys = await bucketKeys();
    for (const gone of imageKeys(key)) {
      expect(keys).not.toContain(gone);
      for (const app of [a.app, b.app]) {
        const answer = await app.inject({ url: `/media/${gone}` });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ error: 'Not found.' });
      }
    }
  });

  it('a product renamed through A is served fresh by B, its catalogue cache on', async () => {
    const product = await addShirt();
    const page = `/api/products/${product.id}/`;
    const search = '/api/search/?search=linen';
    const names = async () => {
      const detail = (await b.app.inject({ url: page })).json() as ProductDetail;
      const found = (await b.app.inject({ url: search })).json() as {
        results: { id: number; name: string }[];
      };
      return [detail.name, found.results.find((r) => r.id === product.id)?.name];
    };
    expect(await names()).toEqual(['Linen Shirt', 'Linen Shirt']);
    // B keeps these answers (60 s): only the database's change announcement can clear them.
    expect(b.app.deps.catalogCache.enabled).toBe(true);
    expect(b.app.deps.catalogCache.size).toBeGreaterThanOrEqual(2);
    expect(await names()).toEqual(['Linen Shirt', 'Linen Shirt']);

    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/edit/`,
      headers: seller,
      payload: productForm({ ...BASE, name: 'Linen Shirt, relaxed' }),
    });
    expect(res.statusCode).toBe(200);
    // The announcement reaches B a moment later: B is asked again until it answers the new
    // name, for at most 10 s (far below the 60 s a stale answer would stay).
    await expect
      .poll(names, { timeout: 10_000, interval: 50 })
      .toEqual(['Linen Shirt, relaxed', 'Linen Shirt, relaxed']);
  });
});

describe('S3 mode, one instance', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let log: ReturnType<typeof captureLog>;
  let key = '';
  beforeAll(async () => {
    // The app reaches the bucket through a proxy the test can cut: the bucket's server "down".
    proxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
    log = captureLog('info');
    t = await buildTestApp(
      { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, LOG_LEVEL: 'info' },
      { logger: log.logger },
    );
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/add-product/${business.id}/`,
      headers: owner.headers,
      payload: productForm(BASE, { 'images[0].image': await photo() }),
    });
    expect(res.statusCode).toBe(201);
    key = (res.json().product as ProductDetail).images[0]!.image.replace('/media/', '');
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('a missing or unsafe key is the same 404 as in disk mode', async () => {
    for (const url of [
      '/media/products/0000000000000000.webp',
      '/media/products/',
      '/media/..%2fsecrets%2ftoken-secret',
      '/media/products/..%2f..%2fsecrets',
      '/media/products%2f%2fx.webp',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found.' });
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/media/products/0.webp' });
    expect(head.statusCode).toBe(404);
  });

  it('the bucket unreachable: a readable 503 to retry, logged once; served again after', async () => {
    expect((await t.app.inject({ url: `/media/${key}` })).statusCode).toBe(200);
    await proxy.cut();
    try {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ url: `/media/${key}` });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: MEDIA_MESSAGES.unavailable });
        expect(res.headers['retry-after']).toBe(String(MEDIA_RETRY_AFTER_SECONDS));
        expect(res.headers['cache-control']).toBeUndefined();
        expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3|bucket/i);
      }
      const head = await t.app.inject({ method: 'HEAD', url: `/media/${key}` });
      expect(head.statusCode).toBe(503);
      const warned = log.lines.filter((l) => l.includes('media storage unreachable'));
      expect(warned).toHaveLength(1);
      expect(JSON.parse(warned[0]!)).toMatchObject({ level: 40 });
    } finally {
      await proxy.restore();
    }
    const back = await t.app.inject({ url: `/media/${key}` });
    expect(back.statusCode).toBe(200);
    expect((await sharp(back.rawPayload).metadata()).format).toBe('webp');
    expect(log.lines.filter((l) => l.includes('media storage reachable again'))).toHaveLength(1);
  });

  it('an upload while the bucket is unreachable fails without leaking, and leaves no object', async () => {
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    const before = await bucketKeys();
    await proxy.cut();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/add-product/${business.id}/`,
        headers: owner.headers,
        payload: productForm(BASE, { 'images[0].image': await photo() }),
      });
      // A 503 about the images, to retry: not the database's outage answer (the same
      // refused connection, but to the bucket), not a 500.
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: MEDIA_MESSAGES.notStored });
      expect(res.headers['retry-after']).toBe(String(MEDIA_RETRY_AFTER_SECONDS));
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await proxy.restore();
    }
    expect(await bucketKeys()).toEqual(before);
    const failed = log.lines.filter((l) => l.includes('media storage failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('ECONNREFUSED');
    expect(log.lines.some((l) => l.includes('database'))).toBe(false);
    expect(await t.db.select().from(products).where(eq(products.businessId, business.id))).toEqual(
      [],
    );
  });
});

describe('disk mode, as before', () => {
  it('serves the media folder as static files with the same cache headers', async () => {
    const t = await buildTestApp();
    try {
      expect(t.app.deps.storage.folder).toBe(t.app.deps.mediaDir);
      await t.app.deps.storage.put(
        'products/disk1.webp',
        await sharp(await photo())
          .webp()
          .toBuffer(),
      );
      expect(filesUnder(t.app.deps.mediaDir)).toEqual(['products/disk1.webp']);
      const res = await t.app.inject({ url: '/media/products/disk1.webp' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      const again = await t.app.inject({
        url: '/media/products/disk1.webp',
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      const missing = await t.app.inject({ url: '/media/products/none.webp' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Not found.' });
    } finally {
      await t.close();
    }
  });
});
