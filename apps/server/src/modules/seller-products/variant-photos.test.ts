import {
  type CartResponse,
  type CheckoutResponse,
  type Order,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type SellerProduct,
} from '@leafline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';

/**
 * Issue 24 point 14 (docs/decisions/0024): a product picture tied to an option value ("Navy")
 * is the picture of every Navy variant: in the detail payload, the cart line and the order line,
 * which keeps it after the product's pictures change.
 */

/** A small real picture; its width tells which upload a stored one was. */
const png = (width: number) =>
  sharp({ create: { width, height: 30, channels: 3, background: '#1f3a5f' } })
    .png()
    .toBuffer();

function formData(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, data] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png');
  }
  return form;
}

const BASE = {
  name: 'Organic Cotton Hoodie',
  description: 'Brushed organic cotton, dyed without heavy metals.',
  price: '58.00',
  condition: 'new',
  product_category: 'Apparel',
  'option_names[0]': 'Colour',
  'option_names[1]': 'Size',
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

const add = (form: FormData) =>
  t.app.inject({
    method: 'POST',
    url: `/api/add-product/${businessId}/`,
    headers: owner,
    payload: form,
  });
const edit = (productId: number, form: FormData) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/edit/`,
    headers: owner,
    payload: form,
  });
const detail = async (productId: number): Promise<ProductDetail> =>
  (await t.app.inject({ url: `/api/products/${productId}/` })).json();
const widthOf = async (address: string | null) => {
  const res = await t.app.inject({ url: address ?? '' });
  expect(res.statusCode).toBe(200);
  return (await sharp(res.rawPayload).metadata()).width;
};

/** Navy in S and M, Sage in S; a picture of every variant (40), a Navy one (50), a Sage one (60). */
async function addHoodie(): Promise<SellerProduct> {
  const res = await add(
    formData(
      {
        ...BASE,
        'variants[0].option1': 'Navy',
        'variants[0].option2': 'S',
        'variants[1].option1': 'Navy',
        'variants[1].option2': 'M',
        'variants[2].option1': 'Sage',
        'variants[2].option2': 'S',
        'images[1].option1': 'Navy',
        'images[2].option1': 'Sage',
      },
      {
        'images[0].image': await png(40),
        'images[1].image': await png(50),
        'images[2].image': await png(60),
      },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

describe('photos of an option value', () => {
  it('every Navy variant shows the Navy picture: page payload, cart line, order line after a change', async () => {
    const saved = await addHoodie();
    const product = await detail(saved.id);
    expect(product.images.map((i) => i.option1 ?? null)).toEqual([null, 'Navy', 'Sage']);
    const navy = product.images[1]!;
    const sage = product.images[2]!;
    expect(await widthOf(navy.image)).toBe(50);
    const [navyS, navyM, sageS] = product.variants;
    for (const variant of [navyS!, navyM!]) {
      expect(variant.image).toBe(navy.image);
      expect(variant.images.map((i) => i.image)).toEqual([navy.image]);
    }
    expect(sageS!.image).toBe(sage.image);

    // The cart line of Navy / M shows the Navy picture (not the product's first).
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, product.id, { variantId: navyM!.id });
    const cart: CartResponse = (
      await t.app.inject({ url: '/api/cart/', headers: buyer.headers })
    ).json();
    expect(cart.items.map((i) => i.image)).toEqual([navy.image]);

    const body: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    const orderLine = async () => {
      const orders: Order[] = (
        await t.app.inject({ url: '/api/orders/', headers: buyer.headers })
      ).json();
      return orders.flatMap((o) => o.order_items).find((i) => i.product_id === product.id);
    };
    expect((await orderLine())?.image).toBe(navy.image);

    // The seller drops the Navy picture and ties Sage's to Navy: the order keeps what was bought,
    // and its file stays.
    const res = await edit(
      product.id,
      formData({
        ...BASE,
        'existingImages[0]': String(product.images[0]!.id),
        'existingImages[1]': sage.image,
        'existingImages[1].option1': 'Navy',
        'variants[0].id': String(navyS!.id),
        'variants[0].option1': 'Navy',
        'variants[0].option2': 'S',
        'variants[1].id': String(navyM!.id),
        'variants[1].option1': 'Navy',
        'variants[1].option2': 'M',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(product.id);
    expect(after.images.map((i) => i.option1 ?? null)).toEqual([null, 'Navy']);
    expect(after.variants.map((v) => v.image)).toEqual([sage.image, sage.image]);
    const line = await orderLine();
    expect(line?.image).toBe(navy.image);
    expect(await widthOf(line?.image ?? null)).toBe(50);
  });

  it('an edit keeps, changes and clears ties; the payload variant pictures can be sent back', async () => {
    const saved = await addHoodie();
    const product = await detail(saved.id);
    const [navyS, navyM, sageS] = product.variants;
    const variantKeys = (i: number, v: typeof navyS) => ({
      [`variants[${i}].id`]: String(v!.id),
      [`variants[${i}].option1`]: v!.option1,
      [`variants[${i}].option2`]: v!.option2 ?? '',
    });

    // A client that knows nothing of ties: kept pictures keep theirs, and the variants'
    // pictures as the payload lists them (the tied product pictures) are no unknown picture.
    let res = await edit(
      product.id,
      formData({
        ...BASE,
        ...product.images.reduce(
          (keys, image, i) => Object.assign(keys, { [`existingImages[${i}]`]: image.image }),
          {} as Record<string, string>,
        ),
        ...variantKeys(0, navyS),
        'variants[0].existingImages[0]': navyS!.images[0]!.image,
        ...variantKeys(1, navyM),
        'variants[1].existingImages[0]': String(navyM!.images[0]!.id),
        ...variantKeys(2, sageS),
        'variants[2].existingImages[0]': sageS!.images[0]!.image,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await detail(product.id)).toEqual(product);

    // Untie Navy's picture, tie the first one to size S (option2).
    res = await edit(
      product.id,
      formData({
        ...BASE,
        'existingImages[0]': product.images[0]!.image,
        'existingImages[0].option2': 'S',
        'existingImages[1]': product.images[1]!.image,
        'existingImages[1].option1': '',
        'existingImages[2]': product.images[2]!.image,
        ...variantKeys(0, navyS),
        ...variantKeys(1, navyM),
        ...variantKeys(2, sageS),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(product.id);
    expect(after.images.map((i) => [i.option1 ?? null, i.option2 ?? null])).toEqual([
      [null, 'S'],
      [null, null],
      ['Sage', null],
    ]);
    const imagesOf = (i: number) => after.variants[i]!.images.map((image) => image.image);
    expect(imagesOf(0)).toEqual([after.images[0]!.image]);
    expect(imagesOf(1)).toEqual([]);
    expect(imagesOf(2)).toEqual([after.images[0]!.image, after.images[2]!.image]);
  });

  it('refuses a picture tied to two values, a value for no picture and a value too long', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { 'images[0].option1': 'Navy', 'images[0].option2': 'S' },
        'images[0].option2',
        PRODUCT_MESSAGES.oneOptionValue,
      ],
      [
        { 'images[3].option1': 'Navy' },
        'images[3].option1',
        PRODUCT_MESSAGES.optionValueWithoutPicture('images[3].option1'),
      ],
      [
        { 'images[0].option1': 'N'.repeat(101) },
        'images[0].option1',
        PRODUCT_MESSAGES.optionValueLength,
      ],
    ];
    for (const [fields, key, message] of cases) {
      const res = await add(
        formData(
          { ...BASE, 'variants[0].option1': 'Navy', ...fields },
          {
            'images[0].image': await png(40),
          },
        ),
      );
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields?.[key], key).toBe(message);
    }
  });
});
