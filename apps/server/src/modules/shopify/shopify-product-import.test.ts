import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { type FakeProduct, fakeCatalog } from '../../../test/helpers/fake-shopify-catalog';
import {
  DEMO_STORE,
  type FakeShopify,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { productImages, products, variants } from '../../db/schema/index';
import { productRefreshKey, SHOPIFY_PRODUCT_REFRESH_QUEUE } from './shopify-jobs';
import {
  guessProductCategory,
  htmlToText,
  type ImportDeps,
  isAllowedImageUrl,
  priceToCents,
  removeShopifyProduct,
} from './shopify-product-import';

/**
 * Issue 13: turning a Shopify product into ours (pure parts), and the one-product import of the
 * `products/update` webhook's job and the removal of `products/delete`.
 */

describe('what an imported product reads', () => {
  it('makes Shopify HTML safe plain text, paragraphs kept', () => {
    expect(
      htmlToText(
        '<h2>Care</h2><p>Wash cold &amp; dry flat.<br>No bleach.</p>' +
          '<script>alert("x")</script><ul><li>Organic&nbsp;cotton</li><li>Made in &#8220;Portugal&#x201D;</li></ul>' +
          '<p onclick="steal()">Fits <b>true</b> to size &lt;3</p><!-- note -->',
      ),
    ).toBe(
      'Care\n\nWash cold & dry flat.\nNo bleach.\n\n• Organic cotton\n• Made in “Portugal”\n\nFits true to size <3',
    );
    expect(htmlToText(null)).toBe('');
    expect(htmlToText('<img src=x onerror=alert(1)>Plain')).toBe('Plain');
    expect(htmlToText('a &#0; b &#xD800; c')).toBe('a b c');
    // A name every object answers to is no entity: kept as written.
    expect(htmlToText('Tote &constructor; bag')).toBe('Tote &constructor; bag');
  });

  it('guesses the category from the product type, then the tags, else the fallback', () => {
    expect(guessProductCategory('T-Shirts')).toBe('Apparel');
    expect(guessProductCategory('Sneakers')).toBe('Shoes');
    expect(guessProductCategory('Tote Bags')).toBe('Accessories');
    expect(guessProductCategory('Candles')).toBe('Home Goods');
    expect(guessProductCategory('Skin Care')).toBe('Cosmetics / Skin Care');
    expect(guessProductCategory('Bath & Body', ['hygiene'])).toBe('Hygiene');
    expect(guessProductCategory('Bamboo Toothbrush')).toBe('Hygiene');
    expect(guessProductCategory('Laundry')).toBe('Cleaning Products');
    expect(guessProductCategory('Art Supplies')).toBe('Art Supplies');
    expect(guessProductCategory('', ['vegan', 'footwear'])).toBe('Shoes');
    expect(guessProductCategory('Gift Cards', ['gift'])).toBe('Home Goods');
  });

  it('reads prices exactly, refusing what cannot be sold', () => {
    expect(priceToCents('12.50')).toBe(1250);
    expect(priceToCents('7')).toBe(700);
    expect(priceToCents('0.05')).toBe(5);
    expect(priceToCents('0.00')).toBeNull();
    expect(priceToCents('-3.00')).toBeNull();
    expect(priceToCents('1e3')).toBeNull();
    expect(priceToCents(null)).toBeNull();
  });

  it("fetches pictures only from Shopify's CDN or the stand-in's origin", () => {
    expect(isAllowedImageUrl('https://cdn.shopify.com/s/files/1/0/a.jpg?v=1', undefined)).toBe(
      true,
    );
    expect(isAllowedImageUrl('http://cdn.shopify.com/a.jpg', undefined)).toBe(false);
    expect(isAllowedImageUrl('https://cdn.shopify.com:8443/a.jpg', undefined)).toBe(false);
    expect(isAllowedImageUrl('https://cdn.shopify.com.evil.example/a.jpg', undefined)).toBe(false);
    expect(isAllowedImageUrl('https://user@cdn.shopify.com/a.jpg', undefined)).toBe(false);
    expect(isAllowedImageUrl('http://169.254.169.254/latest/meta-data', undefined)).toBe(false);
    expect(isAllowedImageUrl('http://127.0.0.1:9/x.png', 'http://127.0.0.1:9')).toBe(true);
    expect(isAllowedImageUrl('http://127.0.0.1:10/x.png', 'http://127.0.0.1:9')).toBe(false);
    expect(isAllowedImageUrl('not a url', undefined)).toBe(false);
  });
});

describe('one product refreshed or removed (the webhooks)', () => {
  let t: TestApp;
  let shopify: FakeShopify;
  let catalog: FakeProduct[];
  let businessId: number;
  let deps: ImportDeps;

  beforeAll(async () => {
    shopify = await startFakeShopify();
    catalog = fakeCatalog({ count: 5, seed: 21 });
    shopify.setCatalog(DEMO_STORE.domain, catalog);
    t = await buildTestApp({ SHOPIFY_ADMIN_ORIGIN: shopify.url, JOBS_WORKERS: 'false' });
    const owner = await signedInShopper(t.app);
    businessId = (await addBusiness(t.db, { ownerId: owner.shopper.id })).id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shopifymanualconnect/${businessId}/`,
      headers: owner.headers,
      payload: { shopify_store_url: DEMO_STORE.domain, access_token: DEMO_STORE.accessToken },
    });
    expect(res.statusCode).toBe(200);
    deps = {
      db: t.db,
      config: t.config,
      log: t.app.log,
      storage: t.app.deps.storage,
      catalogCache: t.app.deps.catalogCache,
    };
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await shopify?.close();
  });

  const refresh = async (shopifyProductId: string) => {
    await t.app.deps.jobs.send(
      t.db,
      SHOPIFY_PRODUCT_REFRESH_QUEUE,
      { businessId, shopifyProductId },
      { singletonKey: productRefreshKey(businessId, shopifyProductId) },
    );
    await t.app.deps.jobs.drain([SHOPIFY_PRODUCT_REFRESH_QUEUE]);
  };
  const rowOf = async (gid: string) =>
    (
      await t.db
        .select()
        .from(products)
        .where(and(eq(products.businessId, businessId), eq(products.shopifyProductId, gid)))
    )[0];

  it('imports the product of a products/update, by its numeric id too, once', async () => {
    const source = catalog.find((p) => p.status === 'ACTIVE')!;
    await refresh(source.id.replace('gid://shopify/Product/', ''));
    const row = await rowOf(source.id);
    expect(row?.name).toBe(source.title);
    const first = row!.updatedAt.getTime();
    await refresh(source.id);
    expect((await rowOf(source.id))!.updatedAt.getTime()).toBe(first);
    source.title = 'Renamed in Shopify';
    await refresh(source.id);
    expect((await rowOf(source.id))!.name).toBe('Renamed in Shopify');
    expect(await t.app.deps.jobs.list(SHOPIFY_PRODUCT_REFRESH_QUEUE, 'failed')).toHaveLength(0);
  });

  it('skips a picture it cannot fetch or read (or from another host), not the product', async () => {
    const source = catalog.filter((p) => p.status === 'ACTIVE')[1]!;
    source.images = [
      { id: 'gid://shopify/ProductImage/1', path: '/cdn/shop/files/missing.png', altText: null },
      {
        id: 'gid://shopify/ProductImage/2',
        path: 'http://169.254.169.254/latest/meta-data.png',
        altText: null,
      },
      { id: 'gid://shopify/ProductImage/3', path: '/cdn/shop/files/123.png', altText: 'Front' },
    ];
    for (const v of source.variants) v.imageId = 'gid://shopify/ProductImage/2';
    const before = shopify.imageRequests.length;
    await refresh(source.id);
    const row = await rowOf(source.id);
    expect(row?.name).toBe(source.title);
    const images = await t.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, row!.id));
    expect(images.map((i) => [i.shopifyImageId, i.altText])).toEqual([
      ['gid://shopify/ProductImage/3', 'Front'],
    ]);
    // The address outside Shopify was never asked for; the missing one was, and gave nothing.
    expect(shopify.imageRequests.length - before).toBe(1);
    const live = await t.db.select().from(variants).where(eq(variants.productId, row!.id));
    expect(live.length).toBe(source.variants.length);
  });

  it('removes the product of a products/delete, and a product no longer active', async () => {
    const [a, b] = catalog.filter((p) => p.status === 'ACTIVE').slice(2, 4);
    await refresh(a!.id);
    await refresh(b!.id);
    expect(await rowOf(a!.id)).toBeDefined();
    expect(await removeShopifyProduct(deps, businessId, a!.id)).toBe(true);
    expect(await rowOf(a!.id)).toBeUndefined();
    expect(await removeShopifyProduct(deps, businessId, a!.id)).toBe(false);
    const storefront = await t.app.inject({
      method: 'GET',
      url: `/api/products-by-business/${businessId}/`,
    });
    expect(storefront.json().results.some((r: { name: string }) => r.name === a!.title)).toBe(
      false,
    );

    b!.status = 'DRAFT';
    await refresh(b!.id);
    expect(await rowOf(b!.id)).toBeUndefined();
  });
});
