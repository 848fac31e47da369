import {
  ACCOUNT_MESSAGES,
  AWAITING_PAYMENT_PATH,
  CHECKOUT_MESSAGES,
  type CheckoutResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addToCart,
  checkout,
  type Headers,
  payLocal,
  setFees,
  shopper,
} from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import {
  cartItems,
  checkouts,
  localPaymentSessions,
  orderItems,
  orders,
  products,
  variants,
} from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example', PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

/** Two brands: A ships for $6 (free from $50), B for $4.50; A's shirt has sizes. */
async function twoBrands() {
  const brandA = await addBusiness(t.db, { name: 'Alder & Oak' });
  const brandB = await addBusiness(t.db, { name: 'Bramble Goods' });
  await setFees(t.db, brandA.id, { worldwide: 600, threshold: 5000 });
  await setFees(t.db, brandB.id, { countries: { US: 450 } });
  const shirt = await addProduct(t.db, brandA.id, {
    name: 'Hemp Shirt',
    priceCents: 2400,
    optionNames: ['Size', 'Color'],
    variants: [
      { option1: 'M', option2: 'Sage' },
      { option1: 'L', option2: 'Sage', priceCents: 2600 },
    ],
  });
  const mug = await addProduct(t.db, brandA.id, { name: 'Clay Mug', priceCents: 1250 });
  const soap = await addProduct(t.db, brandB.id, { name: 'Oat Soap', priceCents: 800 });
  return { brandA, brandB, shirt, mug, soap };
}

async function fullCart(headers: Headers) {
  const c = await twoBrands();
  await addToCart(t.app, headers, c.shirt.id, { variantId: c.shirt.variants[1]!.id, quantity: 2 });
  await addToCart(t.app, headers, c.mug.id);
  await addToCart(t.app, headers, c.soap.id, { quantity: 3 });
  return c;
}

const ordersOf = (ids: number[]) =>
  t.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));

describe('POST /checkout/ — who may', () => {
  it('answers 401 without a session, before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });

  it('needs a saved address (400, the text the checkout page shows)', async () => {
    const { account, headers } = await shopper(t.app, { address: false });
    const { soap } = await twoBrands();
    await addToCart(t.app, headers, soap.id);
    const res = await checkout(t.app, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: CHECKOUT_MESSAGES.noAddress,
      detail: CHECKOUT_MESSAGES.noAddress,
    });
    expect(await t.db.select().from(checkouts).where(eq(checkouts.userId, account.id))).toEqual([]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, account.id))).toEqual([]);
  });

  it('needs something in the cart', async () => {
    const { headers } = await shopper(t.app);
    const res = await checkout(t.app, headers, { items: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Cart is empty' });
  });

  it.each([
    ['malformed JSON', '{"items": [', 400],
    ['items that are not a list', { items: 'all' }, 400],
    ['a quantity of 0', { items: [{ product_id: 1, quantity: 0 }] }, 400],
    ['a product id that is text', { items: [{ product_id: 'x', quantity: 1 }] }, 400],
    ['a body that is a list', [1, 2], 400],
  ])('refuses %s with a readable 400', async (_label, payload, status) => {
    const { headers } = await shopper(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().error).toBe('string');
  });
});

describe('POST /checkout/ — orders', () => {
  it('makes one Pending order per brand with prices read from the database, ignoring prices sent', async () => {
    const { account, headers } = await shopper(t.app);
    const { brandA, brandB, shirt, mug, soap } = await fullCart(headers);
    // What the buyer saw, with made-up prices and totals that must change nothing.
    const res = await checkout(t.app, headers, {
      items: [
        { product_id: shirt.id, variant_id: shirt.variants[1]!.id, quantity: 2, price: '0.01' },
        { product_id: mug.id, variant_id: null, quantity: 1, product_price: '0.01' },
        { product_id: soap.id, quantity: 3, total_price: '0.03' },
      ],
      total: '0.05',
      total_shipping_fees: '0.00',
    });
    expect(res.statusCode).toBe(200);
    const body: CheckoutResponse = res.json();
    expect(body.order_ids).toHaveLength(2);
    expect(body.checkout_url).toMatch(/^\/pay\/cs_local_[A-Za-z0-9_-]{24}$/);

    const [a, b] = await ordersOf(body.order_ids);
    // Brand A: 2 × 26.00 (the L size's own price) + 12.50 = 64.50 ≥ its $50 threshold: free.
    expect(a).toMatchObject({
      businessId: brandA.id,
      userId: account.id,
      status: 'Pending',
      subtotalCents: 6450,
      shippingFeeCents: 0,
      discountCents: 0,
      totalCents: 6450,
      userFullName: 'Fern Moss',
      userEmail: account.email,
      notes: '',
      shippingAddress: {
        name: 'Fern Moss',
        line1: '12 Alder Street',
        line2: 'Apt 3',
        city: 'Portland',
        state: 'OR',
        postal_code: '97201',
        country: 'US',
        phone: '503-555-0100',
      },
    });
    // Brand B: 3 × 8.00, its US fee 4.50 (the cart's 88.50 reaches $75: marketplace free).
    expect(b).toMatchObject({ businessId: brandB.id, subtotalCents: 2400, shippingFeeCents: 0 });
    expect(a!.checkoutId).toBe(b!.checkoutId);

    const items = await t.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, body.order_ids))
      .orderBy(asc(orderItems.id));
    expect(
      items.map((i) => [
        i.orderId,
        i.productName,
        i.productPriceCents,
        i.quantity,
        i.totalPriceCents,
        i.variantOptions,
      ]),
    ).toEqual([
      [a!.id, 'Hemp Shirt', 2600, 2, 5200, { Size: 'L', Color: 'Sage' }],
      [a!.id, 'Clay Mug', 1250, 1, 1250, {}],
      [b!.id, 'Oat Soap', 800, 3, 2400, {}],
    ]);

    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, a!.checkoutId!));
    expect(row).toMatchObject({
      status: 'open',
      provider: 'local',
      subtotalCents: 8850,
      shippingCents: 0,
      totalCents: 8850,
    });
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.checkoutId, row!.id));
    expect(row!.providerSessionId).toBe(session!.id);
    expect(session!.successUrl).toBe(
      `https://shop.example/order-confirmation?order_ids=${body.order_ids.join(',')}`,
    );
    expect(session!.cancelUrl).toBe('https://shop.example/checkout');
    expect(session!.customerEmail).toBe(account.email);
  });

  it('charges the same shipping as the cart shows, per brand', async () => {
    const { headers } = await shopper(t.app);
    const { brandA, brandB, mug, soap } = await twoBrands();
    await addToCart(t.app, headers, mug.id);
    await addToCart(t.app, headers, soap.id);
    const cart = (await t.app.inject({ url: '/api/cart/', headers })).json();
    const res = await checkout(t.app, headers);
    expect(res.statusCode).toBe(200);
    const [a, b] = await ordersOf(res.json().order_ids);
    const fee = (id: number) =>
      Math.round(
        Number(
          cart.shipping_by_business.find((s: { business: number }) => s.business === id)
            .shipping_fee,
        ) * 100,
      );
    expect([a!.shippingFeeCents, b!.shippingFeeCents]).toEqual([fee(brandA.id), fee(brandB.id)]);
    expect([a!.shippingFeeCents, b!.shippingFeeCents]).toEqual([600, 450]);
    expect(a!.totalCents + b!.totalCents).toBe(Math.round(Number(cart.total) * 100));
  });

  it('re-reads a price changed after the cart was shown', async () => {
    const { headers } = await shopper(t.app);
    const { mug } = await twoBrands();
    await addToCart(t.app, headers, mug.id, { quantity: 2 });
    await t.db.update(products).set({ priceCents: 1999 }).where(eq(products.id, mug.id));
    const res = await checkout(t.app, headers, { items: [{ product_id: mug.id, quantity: 2 }] });
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(res.json().order_ids);
    expect(order!.subtotalCents).toBe(3998);
  });

  it('answers 409 when the cart differs from what the buyer saw', async () => {
    const { headers } = await shopper(t.app);
    const { mug, soap } = await twoBrands();
    await addToCart(t.app, headers, mug.id, { quantity: 2 });
    for (const items of [
      [{ product_id: mug.id, quantity: 1 }],
      [
        { product_id: mug.id, quantity: 2 },
        { product_id: soap.id, quantity: 1 },
      ],
      [{ product_id: soap.id, quantity: 2 }],
      [],
    ]) {
      const res = await checkout(t.app, headers, { items });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: CHECKOUT_MESSAGES.cartChanged });
    }
  });

  it('leaves out a variant that was deleted (it is not in the cart any more)', async () => {
    const { headers } = await shopper(t.app);
    const { shirt, mug } = await twoBrands();
    await addToCart(t.app, headers, shirt.id, { variantId: shirt.variants[0]!.id });
    await addToCart(t.app, headers, mug.id);
    await t.db
      .update(variants)
      .set({ deleted: true })
      .where(eq(variants.id, shirt.variants[0]!.id));
    const res = await checkout(t.app, headers);
    const [order] = await ordersOf(res.json().order_ids);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => i.productName)).toEqual(['Clay Mug']);
  });
});

describe('POST /checkout/ — one payable checkout per cart', () => {
  it('a new checkout ends the previous one: its orders are Canceled and its page stops taking payment', async () => {
    const { headers } = await shopper(t.app);
    const { mug } = await twoBrands();
    await addToCart(t.app, headers, mug.id);
    const first: CheckoutResponse = (await checkout(t.app, headers)).json();
    const second: CheckoutResponse = (await checkout(t.app, headers)).json();
    expect(second.order_ids).not.toEqual(first.order_ids);
    expect((await ordersOf(first.order_ids)).map((o) => o.status)).toEqual(['Canceled']);
    expect((await ordersOf(second.order_ids)).map((o) => o.status)).toEqual(['Pending']);

    const page = await t.app.inject({ url: first.checkout_url });
    expect(page.statusCode).toBe(410);
    expect((await payLocal(t.app, first.checkout_url)).statusCode).toBe(410);
    await t.app.deps.tasks.idle();
    // The expired session's event went through the webhook and changed nothing more.
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, first.checkout_url.split('/').pop()!));
    expect(session!.status).toBe('expired');
    expect(session!.eventDeliveredAt).not.toBeNull();
  });

  it('keeps the payment page on the checkout: the buyer’s way back to it while it is the open one', async () => {
    const { headers } = await shopper(t.app);
    const { mug } = await twoBrands();
    await addToCart(t.app, headers, mug.id);
    const first: CheckoutResponse = (await checkout(t.app, headers)).json();
    const second: CheckoutResponse = (await checkout(t.app, headers)).json();
    const byOrder = async (orderId: number) => {
      const [row] = await t.db
        .select({ status: checkouts.status, paymentUrl: checkouts.paymentUrl })
        .from(checkouts)
        .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
        .where(eq(orders.id, orderId));
      return row;
    };
    expect(await byOrder(first.order_ids[0]!)).toEqual({
      status: 'expired',
      paymentUrl: first.checkout_url,
    });
    expect(await byOrder(second.order_ids[0]!)).toEqual({
      status: 'open',
      paymentUrl: second.checkout_url,
    });
    // My Orders offers the open one's page only.
    const awaiting = await t.app.inject({ url: AWAITING_PAYMENT_PATH, headers });
    expect(awaiting.json().map((c: { payment_url: string }) => c.payment_url)).toEqual([
      second.checkout_url,
    ]);
  });

  it('the buyer cancels the open checkout: its page stops taking payment, nothing awaits, no order', async () => {
    const { headers } = await shopper(t.app);
    const { mug } = await twoBrands();
    await addToCart(t.app, headers, mug.id);
    const started: CheckoutResponse = (await checkout(t.app, headers)).json();
    const [{ checkoutId }] = await t.db
      .select({ checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.id, started.order_ids[0]!));
    const cancel = (h: Headers, id: number | string = checkoutId!) =>
      t.app.inject({
        method: 'POST',
        url: ROUTES.cancelCheckout.path({ checkoutId: id }),
        headers: h,
      });

    // Not the buyer's own: 404, and it stays open.
    const other = await shopper(t.app);
    const foreign = await cancel(other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: CHECKOUT_MESSAGES.checkoutNotFound });
    expect((await cancel(headers, 'x')).statusCode).toBe(404);

    const res = await cancel(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CHECKOUT_MESSAGES.checkoutCancelled });
    expect((await ordersOf(started.order_ids)).map((o) => o.status)).toEqual(['Canceled']);
    expect((await t.app.inject({ url: AWAITING_PAYMENT_PATH, headers })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/orders/', headers })).json()).toEqual([]);
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(410);
    // Once is enough; the cart is still there to check out again.
    expect((await cancel(headers)).statusCode).toBe(404);
    expect((await checkout(t.app, headers)).statusCode).toBe(200);
  });

  it('two checkouts of the same cart at once cannot both be paid', async () => {
    const { headers } = await shopper(t.app);
    const { mug, soap } = await twoBrands();
    await addToCart(t.app, headers, mug.id);
    await addToCart(t.app, headers, soap.id);
    const answers = await Promise.all([checkout(t.app, headers), checkout(t.app, headers)]);
    const made = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json() as CheckoutResponse);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);

    const paid = await Promise.all(made.map((m) => payLocal(t.app, m.checkout_url)));
    const succeeded = paid.filter((r) => r.statusCode === 303);
    expect(succeeded).toHaveLength(1);
    await t.app.deps.tasks.idle();

    const all = await ordersOf(made.flatMap((m) => m.order_ids));
    expect(all.filter((o) => o.status === 'Paid')).toHaveLength(2);
    const paidCheckouts = new Set(all.filter((o) => o.status === 'Paid').map((o) => o.checkoutId));
    expect(paidCheckouts.size).toBe(1);
    // A third try finds the cart empty: it was bought.
    const again = await checkout(t.app, headers);
    expect(again.statusCode).toBe(400);
  });

  it('answers 409 "already paid" when the previous session was paid but its event is still on the way', async () => {
    const { headers } = await shopper(t.app);
    const { mug } = await twoBrands();
    await addToCart(t.app, headers, mug.id);
    const first: CheckoutResponse = (await checkout(t.app, headers)).json();
    // The provider took the payment; the webhook has not run yet.
    await t.db
      .update(localPaymentSessions)
      .set({ status: 'complete' })
      .where(eq(localPaymentSessions.id, first.checkout_url.split('/').pop()!));
    const res = await checkout(t.app, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: CHECKOUT_MESSAGES.alreadyPaid });
    expect((await ordersOf(first.order_ids)).map((o) => o.status)).toEqual(['Pending']);
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.productId, mug.id));
    expect(lines).toHaveLength(1);
  });
});
