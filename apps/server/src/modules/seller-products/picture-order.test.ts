import {
  INPUT_MESSAGES,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type SellerProduct,
  type StorefrontProductsResponse,
} from '@leafline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import type { Headers } from '../../../test/helpers/buying';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import {
  type FormFileFixture,
  multipartPayload,
  pngFile,
} from '../../../test/helpers/multipart-form';

/**
 * Issue 24 point 13 (docs/decisions/0028): beside the §7 keys, `existingImages[i].position` and
 * `images[i].position` (and a variant's `variants[k]….position`) put any picture, kept or new,
 * at any place; the payloads list the pictures in that order. Without them the §7 order holds.
 */

const BASE = {
  name: 'Linen Shirt',
  description: 'Breathable linen, grown without irrigation.',
  price: '45.00',
  condition: 'new',
  product_category: 'Apparel',
};

let t: TestApp;
let owner: Headers;
let businessId = 0;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
  const seller = await signedInShopper(t.app);
  owner = seller.headers;
  businessId = (await addBusiness(t.db, { ownerId: seller.shopper.id })).id;
});
afterAll(async () => {
  await t.close();
});

/** A picture whose width tells which upload a stored one was. */
const png = (width: number) => pngFile(width, 30);

const send = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: Record<string, FormFileFixture> = {},
) => {
  const { payload, headers } = await multipartPayload({ ...BASE, ...fields }, files);
  return t.app.inject({ method, url, headers: { ...owner, ...headers }, payload });
};
const add = (fields: Record<string, string>, files?: Record<string, FormFileFixture>) =>
  send('POST', `/api/add-product/${businessId}/`, fields, files);
const edit = (
  id: number,
  fields: Record<string, string>,
  files?: Record<string, FormFileFixture>,
) => send('PUT', `/api/products/${id}/edit/`, fields, files);
const detail = async (id: number): Promise<ProductDetail> =>
  (await t.app.inject({ url: `/api/products/${id}/` })).json();
const widthOf = async (address: string | null | undefined) => {
  const res = await t.app.inject({ url: address ?? '' });
  expect(res.statusCode).toBe(200);
  return (await sharp(res.rawPayload).metadata()).width;
};
const widths = (images: readonly { image: string }[]) =>
  Promise.all(images.map((i) => widthOf(i.image)));

/** A product with pictures 40 and 50, and one variant with its own picture 70. */
async function addShirt(): Promise<ProductDetail> {
  const res = await add(
    { 'variants[0].option1': 'S' },
    {
      'images[0].image': await png(40),
      'images[1].image': await png(50),
      'variants[0].images[0].image': await png(70),
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  return detail((res.json().product as SellerProduct).id);
}

describe('the free order of the pictures', () => {
  it('puts a new upload before the kept pictures while editing, in every payload', async () => {
    const product = await addShirt();
    const [first, second] = product.images;
    const variant = product.variants[0]!;
    const res = await edit(
      product.id,
      {
        'existingImages[0]': String(first!.id),
        'existingImages[0].position': '2',
        'existingImages[1]': second!.image,
        'existingImages[1].position': ' 1 ',
        'images[0].position': '0',
        'variants[0].id': String(variant.id),
        'variants[0].option1': 'S',
        'variants[0].existingImages[0]': variant.images[0]!.image,
        'variants[0].existingImages[0].position': '1',
        'variants[0].images[0].position': '0',
      },
      { 'images[0].image': await png(60), 'variants[0].images[0].image': await png(80) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved: SellerProduct = res.json().product;
    expect(await widths(saved.images)).toEqual([60, 50, 40]);

    const after = await detail(product.id);
    expect(await widths(after.images)).toEqual([60, 50, 40]);
    expect(await widths(after.variants[0]!.images)).toEqual([80, 70]);
    expect(await widthOf(after.variants[0]!.image)).toBe(80);

    const sellerList: SellerProduct[] = (
      await t.app.inject({ url: `/api/business/products/${businessId}/`, headers: owner })
    ).json();
    const listed = sellerList.find((p) => p.id === product.id)!;
    expect(listed.images.map((i) => i.image)).toEqual(after.images.map((i) => i.image));

    const storefront: StorefrontProductsResponse = (
      await t.app.inject({ url: `/api/products-by-business/${businessId}/` })
    ).json();
    const card = storefront.results.find((p) => p.id === product.id)!;
    expect(card.primary_image).toBe(after.images[0]!.image);
  });

  it('places the pictures of a new product as sent', async () => {
    const res = await add(
      { 'images[0].position': '1', 'images[1].position': '0' },
      { 'images[0].image': await png(40), 'images[1].image': await png(50) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await widths((res.json().product as SellerProduct).images)).toEqual([50, 40]);
  });

  it('keeps the §7 order without position keys: the kept pictures as listed, then uploads', async () => {
    const product = await addShirt();
    const [first, second] = product.images;
    const variant = product.variants[0]!;
    const res = await edit(
      product.id,
      {
        'existingImages[0]': String(second!.id),
        'existingImages[1]': String(first!.id),
        'variants[0].id': String(variant.id),
        'variants[0].option1': 'S',
        'variants[0].existingImages[0]': variant.images[0]!.image,
      },
      { 'images[0].image': await png(60), 'variants[0].images[0].image': await png(80) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(product.id);
    expect(await widths(after.images)).toEqual([50, 40, 60]);
    expect(await widths(after.variants[0]!.images)).toEqual([70, 80]);
  });

  it('refuses positions that are not one whole number from 0 to n - 1 for each picture', async () => {
    const product = await addShirt();
    const [first, second] = product.images;
    const three = PRODUCT_MESSAGES.picturePositions(3);
    const cases: [Record<string, string>, string, string][] = [
      [
        { 'existingImages[0].position': '0', 'existingImages[1].position': '0' },
        'existingImages[1].position',
        three,
      ],
      [
        { 'existingImages[0].position': '3', 'existingImages[1].position': '1' },
        'existingImages[0].position',
        three,
      ],
      [
        { 'existingImages[0].position': 'first', 'existingImages[1].position': '1' },
        'existingImages[0].position',
        three,
      ],
      [
        { 'existingImages[0].position': '-1', 'existingImages[1].position': '1' },
        'existingImages[0].position',
        three,
      ],
      [
        { 'existingImages[0].position': '1.5', 'existingImages[1].position': '1' },
        'existingImages[0].position',
        three,
      ],
      // One picture without a position: the others' do not say where it goes.
      [
        { 'existingImages[0].position': '1', 'existingImages[1].position': '2' },
        'images[0].position',
        three,
      ],
      [
        { 'images[4].position': '0' },
        'images[4].position',
        PRODUCT_MESSAGES.optionValueWithoutPicture('images[4].position'),
      ],
    ];
    for (const [positions, key, message] of cases) {
      const res = await edit(
        product.id,
        {
          'existingImages[0]': String(first!.id),
          'existingImages[1]': String(second!.id),
          ...positions,
        },
        { 'images[0].image': await png(60) },
      );
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields?.[key], JSON.stringify(positions)).toBe(message);
    }
    // A variant's list is checked the same way.
    const res = await edit(product.id, {
      'existingImages[0]': String(first!.id),
      'existingImages[1]': String(second!.id),
      'variants[0].id': String(product.variants[0]!.id),
      'variants[0].option1': 'S',
      'variants[0].existingImages[0]': product.variants[0]!.images[0]!.image,
      'variants[0].existingImages[0].position': '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.['variants[0].existingImages[0].position']).toBe(
      PRODUCT_MESSAGES.picturePositions(1),
    );
    // Nothing of the refused edits was saved.
    expect(await detail(product.id)).toEqual(product);
  });

  it('still refuses a file under a position key, naming it', async () => {
    const res = await add(
      {},
      { 'images[0].image': await png(40), 'images[0].position': await png(50) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'images[0].position': INPUT_MESSAGES.unknownFileField('images[0].position'),
    });
  });
});
