import {
  type BusinessOverview,
  type CheckoutResponse,
  ORDER_EMAIL_TEXTS,
} from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addToCart,
  checkout,
  type Headers,
  payableSeller,
  payLocal,
  shopper,
} from '../../../test/helpers/buying';
import { addProduct } from '../../../test/helpers/catalog-fixtures';
import { multipartPayload } from '../../../test/helpers/multipart-form';

/**
 * Issue 24 point 7: a brand's new-order e-mail goes to its owner's account e-mail, or to the
 * order-notification address the brand set in its edit form — never to its public e-mail.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

let brands = 0;
async function brand() {
  brands += 1;
  const owner = await payableSeller(t.app, t.db, {
    name: 'Notify Goods',
    email: `hello${brands}@storefront.example`,
  });
  const product = await addProduct(t.db, owner.business.id, { name: 'Clay Cup', priceCents: 1800 });
  return { ...owner, product };
}

/** A paid order of the product by a new shopper; the e-mails "New order #id" sent for it. */
async function newOrderMail(productId: number) {
  const { headers } = await shopper(t.app);
  await addToCart(t.app, headers, productId);
  const body: CheckoutResponse = (await checkout(t.app, headers)).json();
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  const id = body.order_ids[0]!;
  return t.mail.filter((m) => m.subject === `New order #${id} on Leafline`).map((m) => m.to);
}

async function editBusiness(headers: Headers, id: number, fields: Record<string, string>) {
  const form = await multipartPayload({
    name: 'Notify Goods',
    email: 'hello@storefront.example',
    ...fields,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/business/edit/${id}/`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

describe('the new-order e-mail', () => {
  it('goes to the owner’s account e-mail by default, not the public storefront address', async () => {
    const b = await brand();
    expect(await newOrderMail(b.product.id)).toEqual([b.shopper.email]);
  });

  it('goes to the order-notification address the brand sets, and back to the owner once cleared', async () => {
    const b = await brand();
    const saved = await editBusiness(b.headers, b.business.id, {
      order_email: '  orders@notify.example ',
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as BusinessOverview).order_email).toBe('orders@notify.example');
    const overview = await t.app.inject({
      url: `/api/business/overview/${b.business.id}/`,
      headers: b.headers,
    });
    expect((overview.json() as BusinessOverview).order_email).toBe('orders@notify.example');
    expect(await newOrderMail(b.product.id)).toEqual(['orders@notify.example']);

    // An edit that does not send the field keeps it.
    expect((await editBusiness(b.headers, b.business.id, {})).json().order_email).toBe(
      'orders@notify.example',
    );
    // Cleared: the owner's account e-mail again.
    const cleared = await editBusiness(b.headers, b.business.id, { order_email: '' });
    expect(cleared.json().order_email).toBe('');
    expect(await newOrderMail(b.product.id)).toEqual([b.shopper.email]);
  });

  it('refuses an address that is not an e-mail with a readable 400, and keeps the old one', async () => {
    const b = await brand();
    const res = await editBusiness(b.headers, b.business.id, { order_email: 'orders at shop' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(ORDER_EMAIL_TEXTS.invalid);
    const overview = await t.app.inject({
      url: `/api/business/overview/${b.business.id}/`,
      headers: b.headers,
    });
    expect((overview.json() as BusinessOverview).order_email).toBe('');
  });
});
