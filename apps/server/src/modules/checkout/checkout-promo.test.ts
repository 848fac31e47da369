import {
  CART_MESSAGES,
  type CartPromoResponse,
  type CheckoutResponse,
  PAYMENT_PAGE_MESSAGES,
  PROMO_CODE_MESSAGES,
} from '@leafline/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addPromo,
  addToCart,
  applyPromo,
  checkout,
  type Headers,
  payLocal,
  setFees,
  shopper,
} from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { checkouts, localPaymentSessions, orders, promoCodes } from '../../db/schema/index';

/**
 * A promo code chosen in the cart (issue 30 point 3, docs/decisions/0056), with the local
 * payment provider and its `promo_codes`: checked against the cart, carried by checkout onto
 * the payment page, and paid exactly as a code entered on that page.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example', PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

const checkPromo = (headers: Headers | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/promo/',
    ...(headers ? { headers } : {}),
    payload: payload as object,
  });

/**
 * Brand A ships for $6, brand B for $4.50 (US). The cart: A a $24.00 shirt and a $12.50 mug,
 * B an $8.00 soap — items $44.50 (under the $75 marketplace threshold, so shipping is charged),
 * shipping $10.50, total $55.00.
 */
async function cartOfTwoBrands(headers: Headers) {
  const brandA = await addBusiness(t.db, { name: 'Alder & Oak' });
  const brandB = await addBusiness(t.db, { name: 'Bramble Goods' });
  await setFees(t.db, brandA.id, { worldwide: 600 });
  await setFees(t.db, brandB.id, { countries: { US: 450 } });
  const shirt = await addProduct(t.db, brandA.id, { name: 'Hemp Shirt', priceCents: 2400 });
  const mug = await addProduct(t.db, brandA.id, { name: 'Clay Mug', priceCents: 1250 });
  const soap = await addProduct(t.db, brandB.id, { name: 'Oat Soap', priceCents: 800 });
  await addToCart(t.app, headers, shirt.id);
  await addToCart(t.app, headers, mug.id);
  await addToCart(t.app, headers, soap.id);
  return { brandA, brandB };
}

const ordersOf = (ids: number[]) =>
  t.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));

/** What a paid brand order says of its money, the order-specific ids left out. */
async function paidAmounts(orderIds: number[]) {
  return (await ordersOf(orderIds)).map((o) => {
    const { related_orders: _related, ...notes } = JSON.parse(o.notes) as Record<string, unknown>;
    return {
      status: o.status,
      subtotalCents: o.subtotalCents,
      shippingFeeCents: o.shippingFeeCents,
      discountCents: o.discountCents,
      totalCents: o.totalCents,
      payoutCents: o.payoutCents,
      notes,
    };
  });
}

describe('POST /api/cart/promo/', () => {
  it('answers the discount and each brand’s share as the payment splits it (15 % of $44.50 = $6.68: A $5.48, B $1.20)', async () => {
    await addPromo(t.db, 'CART15', { percentOff: 15 });
    const { headers } = await shopper(t.app);
    const { brandA, brandB } = await cartOfTwoBrands(headers);

    // Any case, spaces around: the code as the payment page would take it.
    const res = await checkPromo(headers, { code: '  cart15 ' });
    expect(res.statusCode).toBe(200);
    const body: CartPromoResponse = res.json();
    // Items only, never shipping (the local page's rule): 4450 × 15 % = 667.5 → 668 (half up),
    // spread 3650 : 800 with the largest remainder → 548 + 120.
    expect(body).toEqual({
      message: PROMO_CODE_MESSAGES.applied,
      code: 'CART15',
      discount: '6.68',
      total: '48.32',
      discount_by_business: [
        { business: brandA.id, business_name: 'Alder & Oak', discount: '5.48' },
        { business: brandB.id, business_name: 'Bramble Goods', discount: '1.20' },
      ],
    });
  });

  it('caps an amount at the items: $60 off a $44.50 cart takes the items, never the shipping', async () => {
    await addPromo(t.db, 'BIGSIXTY', { amountOffCents: 6000 });
    const { headers } = await shopper(t.app);
    await cartOfTwoBrands(headers);
    const body: CartPromoResponse = (await checkPromo(headers, { code: 'BIGSIXTY' })).json();
    expect(body.discount).toBe('44.50');
    expect(body.total).toBe('10.50');
    expect(body.discount_by_business.map((b) => b.discount)).toEqual(['36.50', '8.00']);
  });

  it.each([
    ['an unknown code', 'NOSUCHCODE', PROMO_CODE_MESSAGES.invalid],
    ['a code switched off', 'PAUSEDFIVE', PROMO_CODE_MESSAGES.invalid],
    ['an expired code', 'GONEBY', PROMO_CODE_MESSAGES.expired],
    ['no code', '   ', PROMO_CODE_MESSAGES.required],
    ['a code too long', 'X'.repeat(65), PROMO_CODE_MESSAGES.tooLong],
  ])('refuses %s with a readable 400 under `code`', async (_label, code, message) => {
    await addPromo(t.db, 'PAUSEDFIVE', { amountOffCents: 500, active: false });
    await addPromo(t.db, 'GONEBY', { percentOff: 30, expiresAt: new Date(Date.now() - 60_000) });
    const { headers } = await shopper(t.app);
    await cartOfTwoBrands(headers);
    const res = await checkPromo(headers, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, fields: { code: message } });
  });

  it('needs a session and something in the cart', async () => {
    await addPromo(t.db, 'CART15', { percentOff: 15 });
    expect((await checkPromo(undefined, { code: 'CART15' })).statusCode).toBe(401);
    const { headers } = await shopper(t.app);
    const res = await checkPromo(headers, { code: 'CART15' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: CART_MESSAGES.cartEmpty });
  });
});

describe('POST /checkout/ with promo_code', () => {
  it('puts the code on the payment page, and the payment comes out exactly as a code entered on the page', async () => {
    await addPromo(t.db, 'SAME12', { percentOff: 12 });

    // Today's way: no code at checkout, the code applied on the payment page.
    const onPage = await shopper(t.app);
    await cartOfTwoBrands(onPage.headers);
    const before = (await checkout(t.app, onPage.headers)).json() as CheckoutResponse;
    expect((await applyPromo(t.app, before.checkout_url, 'same12')).statusCode).toBe(200);
    expect((await payLocal(t.app, before.checkout_url)).statusCode).toBe(303);

    // The new way: checked in the cart, carried by checkout.
    const inCart = await shopper(t.app);
    await cartOfTwoBrands(inCart.headers);
    const preview: CartPromoResponse = (
      await checkPromo(inCart.headers, { code: 'same12' })
    ).json();
    const res = await checkout(t.app, inCart.headers, { promo_code: 'same12' });
    expect(res.statusCode).toBe(200);
    const body: CheckoutResponse = res.json();
    expect(Object.keys(body).sort()).toEqual(['checkout_url', 'order_ids']);

    // The page opens with the code applied and the new total.
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, body.checkout_url.split('/').pop()!));
    expect(session).toMatchObject({ discountCode: 'SAME12', amountDiscountCents: 534 });
    const page = await t.app.inject({ url: body.checkout_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SAME12');
    expect(page.body).toContain(PAYMENT_PAGE_MESSAGES.removePromo);
    expect(page.body).toContain(`$${preview.total}`);

    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();

    // 12 % of $44.50 = $5.34, A $4.38 and B $0.96: what the cart showed, what the page made.
    const paid = await paidAmounts(body.order_ids);
    expect(paid.map((o) => (o.discountCents / 100).toFixed(2))).toEqual(
      preview.discount_by_business.map((b) => b.discount),
    );
    expect(paid).toEqual(await paidAmounts(before.order_ids));
    expect(paid[0]).toMatchObject({
      status: 'Paid',
      discountCents: 438,
      totalCents: 3650 + 600 - 438,
      notes: {
        discount_applied: true,
        discount_code: 'SAME12',
        global_original_total: '55.00',
        global_discount_amount: '5.34',
        global_discounted_total: '49.66',
      },
    });
  });

  it('an empty promo_code is no code: the page opens without a discount', async () => {
    const { headers } = await shopper(t.app);
    await cartOfTwoBrands(headers);
    const body: CheckoutResponse = (await checkout(t.app, headers, { promo_code: ' ' })).json();
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, body.checkout_url.split('/').pop()!));
    expect(session).toMatchObject({ discountCode: null, amountDiscountCents: 0 });
  });

  it('a code that stopped working after the cart checked it: 400, and nothing is made', async () => {
    await addPromo(t.db, 'FADING', { percentOff: 20 });
    const { account, headers } = await shopper(t.app);
    await cartOfTwoBrands(headers);
    expect((await checkPromo(headers, { code: 'FADING' })).statusCode).toBe(200);
    await t.db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, 'FADING'));

    const res = await checkout(t.app, headers, { promo_code: 'FADING' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: PROMO_CODE_MESSAGES.noLongerValid,
      fields: { promo_code: PROMO_CODE_MESSAGES.invalid },
    });
    expect(await t.db.select().from(checkouts).where(eq(checkouts.userId, account.id))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, account.id))).toEqual([]);

    // Without the code, checkout goes on as before.
    expect((await checkout(t.app, headers, {})).statusCode).toBe(200);
  });
});
