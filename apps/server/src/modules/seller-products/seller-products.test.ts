import { readdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import {
  BUSINESS_MESSAGES,
  CATALOG_MESSAGES,
  type CheckoutResponse,
  CURATED_LISTS,
  INPUT_MESSAGES,
  type Order,
  PRODUCT_MESSAGES,
  type ProductDetail,
  SELLER_PAGE_SIZE,
  type SellerProduct,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, payLocal, shopper } from '../../../test/helpers/buying';
import {
  addBusiness,
  addProduct,
  addProducts,
  setCuratedList,
} from '../../../test/helpers/catalog-fixtures';
import { payouts, productImages, products, variantImages, variants } from '../../db/schema/index';
import { MULTIPART_MESSAGES } from '../../lib/multipart-form';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../media';

/** A small real picture of the given size (its width tells which upload a stored one was). */
const png = (width: number, height = 30, colour = '#3a7d44') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A real 20,000 × 20,000 PNG (400 megapixels) in about 50 KB: one bit a pixel, all zero. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BASE = {
  name: 'Linen Shirt',
  description: 'Breathable linen, grown without irrigation.',
  price: '45.00',
  condition: 'new',
  category: 'Eco-Friendly Business',
  product_category: 'Apparel',
};

type Files = Record<string, Buffer | { data: Buffer; name: string; type: string }>;

function formData(fields: Record<string, string>, files: Files = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    const { data, name, type } = Buffer.isBuffer(file)
      ? { data: file, name: 'picture.png', type: 'image/png' }
      : file;
    form.append(key, new Blob([new Uint8Array(data)], { type }), name);
  }
  return form;
}

let t: TestApp;
let owner: Headers;
let businessId = 0;
let otherOwner: Headers;
let otherProductId = 0;
let otherVariantId = 0;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  businessId = (await addBusiness(t.db, { name: 'Fern & Field', ownerId: seller.shopper.id })).id;
  const other = await signedInShopper(t.app);
  otherOwner = other.headers;
  const otherBusiness = await addBusiness(t.db, { ownerId: other.shopper.id });
  const otherProduct = await addProduct(t.db, otherBusiness.id, {
    name: 'Juniper Soap',
    priceCents: 700,
    variants: [{ option1: 'Cedar' }],
  });
  otherProductId = otherProduct.id;
  otherVariantId = otherProduct.variants[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const add = (form: FormData, headers: Headers = owner, business = businessId) =>
  t.app.inject({ method: 'POST', url: `/api/add-product/${business}/`, headers, payload: form });
const edit = (productId: number, form: FormData, headers: Headers = owner) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${productId}/edit/`, headers, payload: form });
const remove = (productId: number, headers: Headers = owner) =>
  t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/delete/`, headers });
const detail = (productId: number) => t.app.inject({ url: `/api/products/${productId}/` });

/** Every file in the media folder. */
const mediaFiles = () =>
  (readdirSync(t.app.deps.mediaDir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.webp'))
    .sort();
/** The key (under /media/) of a payload's address. */
const keyOf = (address: string) => address.replace(/^\/media\//, '');
const widthOf = async (address: string) => {
  const res = await t.app.inject({ url: address });
  expect(res.statusCode).toBe(200);
  return (await sharp(res.rawPayload).metadata()).width;
};

/** What a refused request must leave as it was: the files and the product tables. */
async function snapshot() {
  const rows = async (table: typeof products | typeof productImages | typeof variants) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    files: mediaFiles(),
    products: await rows(products),
    productImages: await rows(productImages),
    variants: await rows(variants),
    variantImages: (await t.db.select({ n: count() }).from(variantImages))[0]!.n,
    productRows: await t.db.select().from(products).orderBy(products.id),
    variantRows: await t.db.select().from(variants).orderBy(variants.id),
  };
}

async function addShirt(): Promise<SellerProduct> {
  const res = await add(
    formData(
      {
        ...BASE,
        'option_names[0]': 'Size',
        'option_names[1]': 'Colour',
        'variants[0].option1': 'S',
        'variants[0].option2': 'Sage',
        'variants[1].option1': 'L',
        'variants[1].price': '49.50',
        // Neither option1 nor price: left out (SPEC §5).
        'variants[2].option2': 'Clay',
      },
      {
        'images[1].image': await png(60),
        'images[0].image': await png(40),
        'variants[0].images[0].image': await png(30),
        'variants[1].images[0].image': await png(20),
        'variants[1].images[1].image': await png(25),
        'variants[2].images[0].image': await png(15),
      },
    ),
  );
  expect(res.statusCode).toBe(201);
  expect(res.json().message).toBe(PRODUCT_MESSAGES.added);
  return res.json().product;
}

describe('the seller adds, edits and deletes a product', () => {
  it('adds a product with pictures and two variants; the product page shows them', async () => {
    const before = mediaFiles().length;
    const saved = await addShirt();
    // Five stored pictures, each as three widths; the left-out variant's picture is not stored.
    expect(mediaFiles().length - before).toBe(5 * 3);

    const res = await detail(saved.id);
    expect(res.statusCode).toBe(200);
    const product: ProductDetail = res.json();
    expect(product).toMatchObject({
      name: BASE.name,
      description: BASE.description,
      price: '45.00',
      condition: 'new',
      category: 'Eco-Friendly Business',
      product_category: 'Apparel',
      business: businessId,
      business_name: 'Fern & Field',
      option_names: ['Size', 'Colour'],
    });
    expect(saved).toMatchObject(product);
    expect(await Promise.all(product.images.map((i) => widthOf(i.image)))).toEqual([40, 60]);
    expect(product.primary_image).toBe(product.images[0]!.image);
    expect(product.images[0]!.image).toMatch(/^\/media\/products\/[0-9a-f]+\.webp$/);
    expect(product.variants.map((v) => ({ o1: v.option1, o2: v.option2, price: v.price }))).toEqual(
      [
        { o1: 'S', o2: 'Sage', price: '45.00' },
        { o1: 'L', o2: null, price: '49.50' },
      ],
    );
    const [small, large] = product.variants;
    expect(await Promise.all(small!.images.map((i) => widthOf(i.image)))).toEqual([30]);
    expect(await Promise.all(large!.images.map((i) => widthOf(i.image)))).toEqual([20, 25]);
    expect(large!.image).toBe(large!.images[0]!.image);
    // A null variant price means the product's price: stored as null, not copied.
    const [row] = await t.db.select().from(variants).where(eq(variants.id, small!.id));
    expect(row!.priceCents).toBeNull();
  });

  it('edits the price, keeps one picture and drops a variant (flagged deleted, not shown)', async () => {
    const saved = await addShirt();
    const [first, second] = saved.images;
    const [small, large] = saved.variants;
    const res = await edit(
      saved.id,
      formData(
        {
          ...BASE,
          name: 'Linen Shirt, relaxed',
          price: '39.99',
          // Kept by its address, as the payloads give it.
          'existingImages[0]': second!.image,
          'variants[0].id': String(large!.id),
          'variants[0].option1': 'XL',
          'variants[0].existingImages[0]': String(large!.images[1]!.id),
          'variants[1].option1': 'M',
          'variants[1].price': '41',
        },
        { 'variants[1].images[0].image': await png(35) },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.saved);

    const product: ProductDetail = (await detail(saved.id)).json();
    expect(res.json().product).toMatchObject(product);
    expect(product.name).toBe('Linen Shirt, relaxed');
    expect(product.price).toBe('39.99');
    expect(product.option_names).toEqual(['Size', 'Colour']);
    // Alt texts follow the name.
    expect(product.images).toEqual([{ ...second, alt_text: 'Linen Shirt, relaxed' }]);
    expect(product.variants.map((v) => [v.id, v.option1, v.price])).toEqual([
      [large!.id, 'XL', '39.99'],
      [expect.any(Number), 'M', '41.00'],
    ]);
    expect(product.variants[0]!.images).toEqual([
      { ...large!.images[1], alt_text: 'Linen Shirt, relaxed – XL' },
    ]);
    expect(await widthOf(product.variants[1]!.images[0]!.image)).toBe(35);

    const [dropped] = await t.db.select().from(variants).where(eq(variants.id, small!.id));
    expect(dropped!.deleted).toBe(true);
    // The dropped pictures' files are gone; the deleted variant keeps its own for old orders.
    const files = mediaFiles();
    expect(files).not.toContain(keyOf(first!.image));
    expect(files).not.toContain(keyOf(large!.images[0]!.image));
    expect(files).toContain(keyOf(second!.image));
    expect(files).toContain(keyOf(small!.images[0]!.image));
  });

  it('keeps every picture when none is listed, and none with clear_images', async () => {
    const saved = await addShirt();
    const variantFields = {
      'variants[0].id': String(saved.variants[0]!.id),
      'variants[0].option1': 'S',
      'variants[0].option2': 'Sage',
    };
    await edit(saved.id, formData({ ...BASE, ...variantFields }));
    let product: ProductDetail = (await detail(saved.id)).json();
    expect(product.images).toEqual(saved.images);
    expect(product.variants[0]!.images).toEqual(saved.variants[0]!.images);

    const res = await edit(
      saved.id,
      formData(
        { ...BASE, ...variantFields, clear_images: 'true', 'variants[0].clear_images': 'true' },
        { 'images[0].image': await png(50) },
      ),
    );
    expect(res.statusCode).toBe(200);
    product = (await detail(saved.id)).json();
    expect(product.images).toHaveLength(1);
    expect(await widthOf(product.images[0]!.image)).toBe(50);
    expect(product.variants[0]!.images).toEqual([]);
    expect(product.variants[0]!.image).toBeNull();
  });

  it('deletes a product: gone from the shop, while an old order keeps its line', async () => {
    const saved = await addShirt();
    await setCuratedList(t.db, CURATED_LISTS.newlyAdded, [saved.id]);
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, saved.id, { variantId: saved.variants[1]!.id });
    const body: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    const payoutsBefore = await t.db.select().from(payouts).orderBy(payouts.id);
    const search = async () =>
      (await t.app.inject({ url: '/api/search/?search=linen' }))
        .json()
        .results.map((r: { id: number }) => r.id);
    expect(await search()).toContain(saved.id);
    const curatedBefore = await t.app.inject({ url: `/api/curated/${CURATED_LISTS.newlyAdded}/` });
    expect(curatedBefore.json().results.map((r: { id: number }) => r.id)).toEqual([saved.id]);

    const res = await remove(saved.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PRODUCT_MESSAGES.deleted });

    const page = await detail(saved.id);
    expect(page.statusCode).toBe(404);
    expect(page.json().error).toBe(CATALOG_MESSAGES.productNotFound);
    expect(await search()).not.toContain(saved.id);
    const storefront = await t.app.inject({ url: `/api/products-by-business/${businessId}/` });
    expect(storefront.json().results.map((r: { id: number }) => r.id)).not.toContain(saved.id);
    const curated = await t.app.inject({ url: `/api/curated/${CURATED_LISTS.newlyAdded}/` });
    expect(curated.json().results).toEqual([]);

    const orders: Order[] = (
      await t.app.inject({ url: '/api/orders/', headers: buyer.headers })
    ).json();
    const line = orders.flatMap((o) => o.order_items).find((i) => i.product_name === BASE.name);
    expect(line).toMatchObject({
      product_name: BASE.name,
      product_price: '49.50',
      quantity: 1,
      product_id: null,
      // The picture it was bought with: the L variant's own first one (decision 0024).
      image: saved.variants[1]!.images[0]!.image,
    });
    expect(await t.db.select().from(payouts).orderBy(payouts.id)).toEqual(payoutsBefore);
    // Its files are removed after the commit, but for the one the order line still shows.
    const files = mediaFiles();
    expect(files).toContain(keyOf(line!.image!));
    for (const image of [...saved.images, ...saved.variants.flatMap((v) => v.images)]) {
      if (image.image !== line!.image) expect(files).not.toContain(keyOf(image.image));
    }
    expect((await remove(saved.id)).statusCode).toBe(404);
  });

  it('never removes a file another product still shows', async () => {
    const saved = await addShirt();
    const shared = keyOf(saved.images[0]!.image);
    await addProduct(t.db, businessId, { name: 'Twin Shirt', images: [shared] });
    expect((await remove(saved.id)).statusCode).toBe(200);
    expect(mediaFiles()).toContain(shared);
  });
});

describe('a file under a field the product form does not read', () => {
  it.each([
    ['foo', 'foo'],
    ['__proto__[0].image', '__proto__[0].image'],
    ['images[0].image\u0000', 'images[0].image\\u0000'],
  ])('is refused with a 400 naming %j, and nothing is saved', async (key, shown) => {
    const before = await snapshot();
    const res = await add(
      formData(
        { ...BASE, name: 'Odd Field Shirt' },
        { 'images[0].image': await png(40), [key]: await png(50) },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: INPUT_MESSAGES.unknownFileField(shown),
      fields: { [shown]: INPUT_MESSAGES.unknownFileField(shown) },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('is refused on the edit form too, the product left as it was', async () => {
    const saved = await addShirt();
    const before = await snapshot();
    const res = await edit(
      saved.id,
      formData({ ...BASE, price: '50.00' }, { 'variants[0].photo': await png(44) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INPUT_MESSAGES.unknownFileField('variants[0].photo'));
    expect(await snapshot()).toEqual(before);
  });
});

describe("GET /api/business/products/{businessId}/, the seller's list", () => {
  it('lists newest first, a page at a time, the total in the header, live variants only', async () => {
    const seller = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: seller.shopper.id });
    const n = SELLER_PAGE_SIZE + 7;
    await addProducts(t.db, business.id, n - 1);
    const newest = await addProduct(t.db, business.id, {
      name: 'Newest',
      images: ['products/newest.webp'],
      variants: [
        { option1: 'A', images: ['products/a.webp'] },
        { option1: 'Gone', deleted: true },
      ],
      createdAt: new Date(Date.UTC(2027, 0, 1)),
    });
    const url = `/api/business/products/${business.id}/`;
    const first = await t.app.inject({ url, headers: seller.headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe(String(n));
    const list: SellerProduct[] = first.json();
    expect(list).toHaveLength(SELLER_PAGE_SIZE);
    expect(list[0]).toMatchObject({
      id: newest.id,
      name: 'Newest',
      images: [{ image: '/media/products/newest.webp' }],
      variants: [{ option1: 'A', image: '/media/products/a.webp', deleted: false }],
      created_at: '2027-01-01T00:00:00.000Z',
    });
    expect(list[0]).toMatchObject((await detail(newest.id)).json());
    const times = list.map((p) => p.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const second = await t.app.inject({ url: `${url}?page=2`, headers: seller.headers });
    expect(second.json()).toHaveLength(7);
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe(String(n));
    const past = await t.app.inject({ url: `${url}?page=9`, headers: seller.headers });
    expect(past.json()).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the four calls under seller products, with summaries', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const calls = [
      ['/api/business/products/{businessId}/', 'get'],
      ['/api/add-product/{businessId}/', 'post'],
      ['/api/products/{productId}/edit/', 'put'],
      ['/api/products/{productId}/delete/', 'delete'],
    ] as const;
    for (const [path, method] of calls) {
      const operation = paths[path]?.[method];
      expect(operation?.tags).toEqual(['seller products']);
      expect(operation?.summary).toEqual(expect.any(String));
    }
    expect(paths['/api/add-product/{businessId}/'].post.description).toContain('images[i].image');
  });
});

describe('what the seller may not do', () => {
  it('answers 401 without a session and 404 for somebody else’s business or product', async () => {
    const mine = await addShirt();
    const before = await snapshot();
    const form = async () => formData(BASE, { 'images[0].image': await png(40) });
    expect((await add(await form(), {})).statusCode).toBe(401);
    for (const res of [
      await add(await form(), otherOwner),
      await add(await form(), owner, 999_999),
      await add(await form(), owner, Number.NaN),
      await t.app.inject({ url: `/api/business/products/${businessId}/`, headers: otherOwner }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(BUSINESS_MESSAGES.businessNotFound);
    }
    for (const res of [
      await edit(mine.id, await form(), otherOwner),
      await edit(otherProductId, await form()),
      await remove(mine.id, otherOwner),
      await remove(otherProductId),
      await remove(999_999),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(BUSINESS_MESSAGES.productNotFound);
    }
    expect(await snapshot()).toEqual(before);
    expect((await detail(otherProductId)).statusCode).toBe(200);
  });

  it.each([
    ['price abc', { price: 'abc' }, PRODUCT_MESSAGES.price],
    ['price -5', { price: '-5' }, PRODUCT_MESSAGES.price],
    ['price 0', { price: '0' }, PRODUCT_MESSAGES.price],
    ['a missing name', { name: '' }, 'Name is required.'],
    ['a wrong condition', { condition: 'used' }, PRODUCT_MESSAGES.condition],
    ['a wrong product category', { product_category: 'Toys' }, PRODUCT_MESSAGES.productCategory],
    [
      'a malformed index',
      { 'variants[x].option1': 'S' },
      PRODUCT_MESSAGES.invalidFieldName('variants[x].option1'),
    ],
    [
      'a bad variant price',
      { 'variants[0].option1': 'S', 'variants[0].price': '-1' },
      PRODUCT_MESSAGES.variantPrice,
    ],
    ['a NUL character', { name: 'Lin\u0000en' }, INPUT_MESSAGES.nulCharacter],
  ])('refuses %s with a 400, storing nothing', async (_, change, message) => {
    const before = await snapshot();
    const res = await add(
      formData(
        { ...BASE, ...change },
        {
          'images[0].image': await png(40),
          'variants[0].images[0].image': await png(30),
        },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'a text file',
      () => ({ data: Buffer.from('just some words'), name: 'notes.png', type: 'image/png' }),
      400,
      `${NOT_AN_IMAGE} (images[1].image)`,
    ],
    [
      'an SVG with a script',
      () => ({
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
        name: 'logo.svg',
        type: 'image/svg+xml',
      }),
      400,
      `${NOT_AN_IMAGE} (images[1].image)`,
    ],
    [
      'a 30 MB file',
      () => ({ data: Buffer.alloc(30 * 1024 * 1024, 7), name: 'huge.png', type: 'image/png' }),
      413,
      MULTIPART_MESSAGES.fileTooLarge,
    ],
    [
      'a 20,000 × 20,000 PNG',
      () => ({ data: pixelBomb(), name: 'bomb.png', type: 'image/png' }),
      413,
      `${IMAGE_TOO_LARGE} (images[1].image)`,
    ],
  ])('refuses %s as a picture, leaving no file and no row', async (_, file, status, message) => {
    const before = await snapshot();
    // A good picture first: stored before the bad one is read, it must be removed again.
    const res = await add(
      formData(BASE, { 'images[0].image': await png(40), 'images[1].image': file() }),
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an edit naming another product’s variant or picture, changing nothing', async () => {
    const mine = await addShirt();
    const other = await addShirt();
    const before = await snapshot();
    const cases: [Record<string, string>, string, string][] = [
      [
        { 'variants[0].id': String(otherVariantId), 'variants[0].option1': 'S' },
        'variants[0].id',
        PRODUCT_MESSAGES.unknownVariant,
      ],
      [
        { 'variants[3].id': String(other.variants[0]!.id), 'variants[3].option1': 'S' },
        'variants[3].id',
        PRODUCT_MESSAGES.unknownVariant,
      ],
      [
        { 'existingImages[0]': other.images[0]!.image },
        'existingImages[0]',
        PRODUCT_MESSAGES.unknownImage,
      ],
      [
        {
          'variants[0].id': String(mine.variants[0]!.id),
          'variants[0].option1': 'S',
          'variants[1].id': String(mine.variants[0]!.id),
          'variants[1].option1': 'M',
        },
        'variants[1].id',
        PRODUCT_MESSAGES.duplicateVariant,
      ],
    ];
    for (const [fields, key, message] of cases) {
      const res = await edit(
        mine.id,
        formData({ ...BASE, price: '1.00', ...fields }, { 'images[0].image': await png(40) }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, fields: { [key]: message } });
    }
    expect(await snapshot()).toEqual(before);
    // All pictures kept (none listed) and nine more: past the limit of ten.
    const uploads: Files = {};
    for (let i = 0; i < 9; i++) uploads[`images[${i}].image`] = await png(40 + i);
    const tooMany = await edit(mine.id, formData(BASE, uploads));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: PRODUCT_MESSAGES.tooManyImages,
      fields: { images: PRODUCT_MESSAGES.tooManyImages },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('with the catalogue cache on', () => {
  let c: TestApp;
  let headers: Headers;
  let business = 0;
  beforeAll(async () => {
    c = await buildTestApp({ CATALOG_CACHE_SECONDS: '60' });
    const seller = await signedInShopper(c.app);
    headers = seller.headers;
    business = (await addBusiness(c.db, { name: 'Saltmarsh Goods', ownerId: seller.shopper.id }))
      .id;
  });
  afterAll(async () => {
    await c.close();
  });
  const get = async (url: string) => {
    const res = await c.app.inject({ url });
    return { status: res.statusCode, body: res.json() };
  };
  const searchIds = async () =>
    (await get('/api/search/?search=kelp')).body.results.map((r: { id: number }) => r.id);
  const storefrontIds = async () =>
    (await get(`/api/products-by-business/${business}/`)).body.results.map(
      (r: { id: number }) => r.id,
    );

  /** Waits until the change announcements of the setup have arrived (they come in order). */
  const announcementsArrived = () =>
    new Promise<void>((resolve, reject) => {
      const cache = c.app.deps.catalogCache;
      const clear = cache.clear.bind(cache);
      cache.clear = () => {
        clear();
        cache.clear = clear;
        resolve();
      };
      c.db.execute(sql`select pg_notify('leafline_catalog', 'test')`).catch(reject);
    });

  it('shows a saved, edited or deleted product on the very next request', async () => {
    expect(c.app.deps.catalogCache.enabled).toBe(true);
    await announcementsArrived();
    expect(await searchIds()).toEqual([]);
    expect(await storefrontIds()).toEqual([]);
    // The storefront's empty page is kept: without the clear it would be served again.
    expect(c.app.deps.catalogCache.size).toBeGreaterThan(0);

    const added = await c.app.inject({
      method: 'POST',
      url: `/api/add-product/${business}/`,
      headers,
      payload: formData({ ...BASE, name: 'Kelp Soap Bar', price: '9.00' }),
    });
    expect(added.statusCode).toBe(201);
    const id: number = added.json().product.id;
    expect(await searchIds()).toEqual([id]);
    expect(await storefrontIds()).toEqual([id]);
    expect((await get(`/api/products/${id}/`)).body.price).toBe('9.00');

    const edited = await c.app.inject({
      method: 'PUT',
      url: `/api/products/${id}/edit/`,
      headers,
      payload: formData({ ...BASE, name: 'Kelp Soap Bar', price: '11.00' }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(`/api/products/${id}/`)).body.price).toBe('11.00');
    expect((await get('/api/search/?search=kelp')).body.results[0].price).toBe('11.00');

    const removed = await c.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}/delete/`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api/products/${id}/`)).status).toBe(404);
    expect(await searchIds()).toEqual([]);
    expect(await storefrontIds()).toEqual([]);
  });
});
