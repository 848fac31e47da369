import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { productRatings, reviews, users } from '../../db/schema/index';

/** A built index.html as Vite writes it, with its default title and description. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Leafline — sustainable small brands, one cart</title>
    <meta
      name="description"
      content="Default description."
    />
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>`;

const dist = mkdtempSync(path.join(tmpdir(), 'leafline-dist-'));
let t: TestApp;
let productId: number;
let businessId: number;
let closedProductId: number;

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://shop.example' });
  const business = await addBusiness(t.db, {
    name: 'Kelp & Clay',
    description: 'Skin care from seaweed harvested by hand on the Maine coast.',
    website: 'https://kelpandclay.example',
    logo: 'logos/kelp.webp',
    banner: 'banners/kelp.webp',
  });
  businessId = business.id;
  const product = await addProduct(t.db, business.id, {
    name: 'Sugar Kelp Face Serum </script><b>',
    description: 'A light serum with kelp extract and squalane from olives.',
    priceCents: 4200,
    images: ['products/serum.webp'],
  });
  productId = product.id;
  const closed = await addBusiness(t.db, { isActive: false });
  closedProductId = (await addProduct(t.db, closed.id)).id;
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => t.app.inject({ url });

describe('share previews (DESIGN 2.12)', () => {
  it('gives a product page its own title, description, Open Graph tags and Product JSON-LD', async () => {
    const res = await page(`/shop/products/${productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(
      '<title>Sugar Kelp Face Serum &lt;/script&gt;&lt;b&gt; — Kelp &amp; Clay | Leafline</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="A light serum with kelp extract and squalane from olives." />',
    );
    expect(html).not.toContain('Default description.');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/media/products/serum.webp" />',
    );
    expect(html).toContain(
      `<link rel="canonical" href="https://shop.example/shop/products/${productId}" />`,
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(jsonLd).not.toBeNull();
    // The name's "</script>" cannot end the data block early.
    expect(jsonLd![1]).not.toContain('</script>');
    const data = JSON.parse(jsonLd![1]!);
    expect(data['@type']).toBe('Product');
    expect(data.offers).toMatchObject({ price: '42.00', priceCurrency: 'USD' });
    expect(data.brand.name).toBe('Kelp & Clay');
    // The app itself is still there.
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('puts the buyers’ ratings in the description and as AggregateRating and Review JSON-LD', async () => {
    const business = await addBusiness(t.db, { name: 'Rated Goods' });
    const rated = await addProduct(t.db, business.id, {
      name: 'Rated Candle',
      description: 'Beeswax, poured by hand.',
      stock: 0,
    });
    const [author] = await t.db
      .insert(users)
      .values({
        username: 'candle_fan',
        email: 'candle.fan@example.com',
        firstName: 'June',
        lastName: 'Okafor',
        passwordHash: 'x',
      })
      .returning();
    await t.db.insert(reviews).values({
      productId: rated.id,
      userId: author!.id,
      rating: 4,
      title: 'Burns clean </script>',
      body: 'Lasted a month of evenings.',
    });
    await t.db.insert(productRatings).values({ productId: rated.id, count: 1, sum: 4, stars4: 1 });
    const res = await page(`/shop/products/${rated.id}`);
    expect(res.body).toContain(
      '<meta name="description" content="Rated 4.0/5 by 1 buyer. Beeswax, poured by hand." />',
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(jsonLd).not.toContain('</script>');
    const data = JSON.parse(jsonLd);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      expect.objectContaining({
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
        author: { '@type': 'Person', name: 'June O.' },
        name: 'Burns clean </script>',
        reviewBody: 'Lasted a month of evenings.',
      }),
    ]);
    // Sold out: said so to search engines too.
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
    // A product without reviews has neither.
    const plain = await page(`/shop/products/${productId}`);
    const plainData = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(plain.body)![1]!,
    );
    expect(plainData.aggregateRating).toBeUndefined();
    expect(plainData.offers.availability).toBe('https://schema.org/InStock');
  });

  it('gives a storefront an Organization preview', async () => {
    const res = await page(`/businessproducts/${businessId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Kelp &amp; Clay | Leafline</title>');
    expect(res.body).toContain('<meta property="og:type" content="profile" />');
    const data = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!,
    );
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: 'Kelp & Clay',
      logo: 'https://shop.example/media/logos/kelp.webp',
      sameAs: ['https://kelpandclay.example'],
    });
  });

  it('answers unknown, closed and malformed product and business pages with 404 and the app', async () => {
    for (const url of [
      '/shop/products/999999',
      `/shop/products/${closedProductId}`,
      '/shop/products/abc',
      '/shop/products/%25zz',
      '/businessproducts/123456789012',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toMatch(/<title>(Product|Business) not found \| Leafline<\/title>/);
    }
  });

  it('gives the shop and static pages their own titles', async () => {
    expect((await page('/shop')).body).toContain(
      '<title>Shop Sustainable Brands | Leafline</title>',
    );
    expect((await page('/faqs')).body).toContain('<title>FAQ | Leafline</title>');
    expect((await page('/for-businesses')).body).toContain('<title>Sell on Leafline</title>');
    const home = await page('/');
    expect(home.body).toContain('<meta property="og:url" content="https://shop.example/" />');
    expect(home.body).not.toContain('application/ld+json');
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /account');
  });

  it('lists the pages, open storefronts and their products in sitemap.xml', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://shop.example/shop</loc>');
    expect(res.body).toContain(`<loc>https://shop.example/businessproducts/${businessId}</loc>`);
    expect(res.body).toContain(`<loc>https://shop.example/shop/products/${productId}</loc>`);
    expect(res.body).not.toContain(`/shop/products/${closedProductId}<`);
  });
});

describe('a sitemap with more addresses than one file holds', () => {
  let many: TestApp;
  let ids: number[];
  beforeAll(async () => {
    many = await buildTestApp({ PUBLIC_URL: 'https://shop.example', SITEMAP_MAX_URLS: '10' });
    const brand = await addBusiness(many.db);
    ids = [];
    for (let i = 0; i < 15; i++) ids.push((await addProduct(many.db, brand.id)).id);
  });
  afterAll(async () => {
    await many.close();
  });

  it('is an index of files that list every page, storefront and product once', async () => {
    const index = await many.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    const files = [
      ...index.body.matchAll(/<sitemap><loc>https:\/\/shop\.example(\/sitemaps\/\d+\.xml)<\/loc>/g),
    ].map((m) => m[1]!);
    // 8 pages, 1 storefront and 15 products: 24 addresses, 10 a file.
    expect(files).toEqual(['/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/3.xml']);
    const listed: string[] = [];
    for (const file of files) {
      const res = await many.app.inject({ url: file });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      const locs = [...res.body.matchAll(/<loc>https:\/\/shop\.example([^<]*)<\/loc>/g)].map(
        (m) => m[1]!,
      );
      expect(locs.length).toBeLessThanOrEqual(10);
      listed.push(...locs);
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toContain('/shop');
    for (const id of ids) expect(listed).toContain(`/shop/products/${id}`);
    expect(listed).toHaveLength(24);
    expect((await many.app.inject({ url: '/sitemaps/4.xml' })).statusCode).toBe(404);
    expect((await many.app.inject({ url: '/sitemaps/x.xml' })).statusCode).toBe(404);
  });
});
