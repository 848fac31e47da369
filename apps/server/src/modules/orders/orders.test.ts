import {
  ACCOUNT_MESSAGES,
  AWAITING_PAYMENT_PATH,
  awaitingPaymentResponse,
  CHECKOUT_MESSAGES,
  type CheckoutResponse,
  type Order,
  ordersResponse,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { checkouts, orders } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

/** A paid purchase of one product of each of two brands; the answer of checkout/. */
async function buy(headers: Headers): Promise<CheckoutResponse> {
  const a = await addBusiness(t.db, { name: 'Fern & Field' });
  const b = await addBusiness(t.db, { name: 'Juniper Row' });
  const candle = await addProduct(t.db, a.id, {
    name: 'Soy Candle',
    priceCents: 1800,
    images: ['products/candle.webp'],
    variants: [{ option1: 'Cedar', images: ['products/candle-cedar.webp'] }],
  });
  const towel = await addProduct(t.db, b.id, { name: 'Linen Towel', priceCents: 2200 });
  await addToCart(t.app, headers, candle.id, { variantId: candle.variants[0]!.id, quantity: 2 });
  await addToCart(t.app, headers, towel.id);
  const res = await checkout(t.app, headers);
  const body: CheckoutResponse = res.json();
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  return body;
}

const list = (headers: Headers) => t.app.inject({ url: '/api/orders/', headers });
const awaiting = (headers: Headers) => t.app.inject({ url: AWAITING_PAYMENT_PATH, headers });
const one = (headers: Headers, id: number | string) =>
  t.app.inject({ url: `/api/orders/${id}/`, headers });

describe('GET /api/orders/ and /api/orders/{id}/', () => {
  it('need a session', async () => {
    for (const url of ['/api/orders/', '/api/orders/1/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
      const bad = await t.app.inject({ url, headers: { authorization: 'Bearer x.y.z' } });
      expect(bad.statusCode).toBe(401);
    }
  });

  it('an account without orders gets an empty list', async () => {
    const { headers } = await shopper(t.app);
    const res = await list(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists the buyer’s orders newest first in the §3 shape', async () => {
    const { account, headers } = await shopper(t.app);
    const first = await buy(headers);
    const second = await buy(headers);
    const res = await list(headers);
    expect(res.statusCode).toBe(200);
    const body: Order[] = ordersResponse.parse(res.json());
    expect(body.map((o) => o.id)).toEqual(
      [...second.order_ids, ...first.order_ids].sort((x, y) => y - x),
    );
    const times = body.map((o) => Date.parse(o.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const candle = body.find((o) => o.business_name === 'Fern & Field')!;
    expect(candle).toMatchObject({
      status: 'Paid',
      user_full_name: 'Fern Moss',
      user_email: account.email,
      total_price: '36.00',
      items_subtotal: '36.00',
      order_total_shipping_fees: '0.00',
      discount_amount: '0.00',
      tracking_number: '',
      card_brand: 'visa',
      billing_address: null,
      shipping_address: {
        name: 'Fern Moss',
        line1: '12 Alder Street',
        line2: 'Apt 3',
        city: 'Portland',
        state: 'OR',
        postal_code: '97201',
        country: 'US',
        phone: '503-555-0100',
      },
      order_items: [
        {
          product_name: 'Soy Candle',
          product_price: '18.00',
          quantity: 2,
          total_price: '36.00',
          variant_options: { Option: 'Cedar' },
          image: '/media/products/candle-cedar.webp',
        },
      ],
    });
    expect(candle.notes_data).toEqual({
      discount_applied: false,
      discount_code: null,
      global_original_total: '58.00',
      global_discount_amount: '0.00',
      global_discounted_total: '58.00',
      related_orders: [candle.id + 1],
    });
    expect(JSON.parse(candle.notes)).toEqual(candle.notes_data);
  });

  it('shows each order line its own picture: the variant’s, else the product’s, else none', async () => {
    const { headers } = await shopper(t.app);
    const brand = await addBusiness(t.db, { name: 'Thistle Works' });
    const bottle = await addProduct(t.db, brand.id, {
      name: 'Steel Bottle',
      priceCents: 2500,
      images: ['products/bottle.webp'],
      variants: [
        { option1: 'Moss', images: ['products/bottle-moss.webp'] },
        { option1: 'Clay', images: ['products/bottle-clay.webp'] },
      ],
    });
    const brush = await addProduct(t.db, brand.id, {
      name: 'Bamboo Brush',
      priceCents: 600,
      images: ['products/brush.webp', 'products/brush-side.webp'],
    });
    const cloth = await addProduct(t.db, brand.id, { name: 'Wax Cloth', priceCents: 900 });

    // Two payments: the Clay bottle and the brush, then the Moss bottle and the cloth.
    const bought: CheckoutResponse[] = [];
    for (const lines of [
      [
        [bottle.id, bottle.variants[1]!.id],
        [brush.id, undefined],
      ],
      [
        [bottle.id, bottle.variants[0]!.id],
        [cloth.id, undefined],
      ],
    ] as const) {
      for (const [productId, variantId] of lines) {
        await addToCart(t.app, headers, productId, variantId ? { variantId } : {});
      }
      const body: CheckoutResponse = (await checkout(t.app, headers)).json();
      expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
      await t.app.deps.tasks.idle();
      bought.push(body);
    }

    const pictures = (order: Order) =>
      order.order_items.map((item) => [item.product_name, item.image]);
    const [first, second] = await Promise.all(
      bought.map(async (b) => (await one(headers, b.order_ids[0]!)).json() as Order),
    );
    expect(pictures(first!)).toEqual([
      ['Steel Bottle', '/media/products/bottle-clay.webp'],
      ['Bamboo Brush', '/media/products/brush.webp'],
    ]);
    expect(pictures(second!)).toEqual([
      ['Steel Bottle', '/media/products/bottle-moss.webp'],
      ['Wax Cloth', null],
    ]);
    // My Orders shows the same pictures.
    const listed: Order[] = (await list(headers)).json();
    expect(listed.map(pictures)).toEqual([pictures(second!), pictures(first!)]);
  });

  it('shows one order to its buyer only; anyone else gets 404 "Order not found"', async () => {
    const owner = await shopper(t.app);
    const other = await shopper(t.app);
    const { order_ids } = await buy(owner.headers);
    const mine = await one(owner.headers, order_ids[0]!);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().id).toBe(order_ids[0]);

    const theirs = await one(other.headers, order_ids[0]!);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: CHECKOUT_MESSAGES.orderNotFound });
    expect((await list(other.headers)).json()).toEqual([]);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648', '%20', '999999'])(
    'answers 404 for the order id %s, never a 5xx',
    async (id) => {
      const { headers } = await shopper(t.app);
      const res = await one(headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CHECKOUT_MESSAGES.orderNotFound });
    },
  );

  it('shows an open checkout as one Awaiting payment entry, not as orders, until it is paid', async () => {
    const { headers } = await shopper(t.app);
    const a = await addBusiness(t.db, { name: 'Fern & Field' });
    const b = await addBusiness(t.db, { name: 'Juniper Row' });
    const candle = await addProduct(t.db, a.id, { name: 'Soy Candle', priceCents: 1800 });
    const towel = await addProduct(t.db, b.id, { name: 'Linen Towel', priceCents: 2200 });
    await addToCart(t.app, headers, candle.id);
    await addToCart(t.app, headers, towel.id);
    const first: CheckoutResponse = (await checkout(t.app, headers)).json();
    expect(first.order_ids).toHaveLength(2);
    // The buyer left the payment page ("Cancel and return to checkout"): no order anywhere…
    expect((await list(headers)).json()).toEqual([]);
    // …but one entry for the whole payment, with the way back to its page.
    const open = awaitingPaymentResponse.parse((await awaiting(headers)).json());
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      payment_url: first.checkout_url,
      items_subtotal: '40.00',
      total_price: '40.00',
      business_names: ['Fern & Field', 'Juniper Row'],
    });
    expect(open[0]!.order_items.map((i) => i.product_name)).toEqual(['Soy Candle', 'Linen Towel']);
    expect(Date.parse(open[0]!.expires_at)).toBeGreaterThan(Date.now());

    // A new checkout replaces it: still one entry, the new page's.
    const second: CheckoutResponse = (await checkout(t.app, headers)).json();
    const replaced = awaitingPaymentResponse.parse((await awaiting(headers)).json());
    expect(replaced.map((c) => c.payment_url)).toEqual([second.checkout_url]);
    expect((await list(headers)).json()).toEqual([]);
    // The replaced one is still readable by id (the confirmation page may link to it).
    expect((await one(headers, first.order_ids[0]!)).json().status).toBe('Canceled');

    // Paid: the brand orders are the buyer's orders, and nothing awaits payment.
    await payLocal(t.app, second.checkout_url);
    await t.app.deps.tasks.idle();
    expect((await awaiting(headers)).json()).toEqual([]);
    expect(
      (await list(headers))
        .json()
        .map((o: Order) => [o.id, o.status])
        .sort(),
    ).toEqual(second.order_ids.map((id) => [id, 'Paid']).sort());
    // A paid order a seller later cancels stays listed.
    await t.db
      .update(orders)
      .set({ status: 'Canceled' })
      .where(eq(orders.id, second.order_ids[0]!));
    expect((await list(headers)).json().map((o: Order) => o.status)).toContain('Canceled');
  });

  it('shows nothing of a checkout whose page expired or ended unpaid', async () => {
    const { headers } = await shopper(t.app);
    const brand = await addBusiness(t.db);
    const product = await addProduct(t.db, brand.id, { priceCents: 500 });
    await addToCart(t.app, headers, product.id);
    const res: CheckoutResponse = (await checkout(t.app, headers)).json();
    const [row] = await t.db
      .select({ checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.id, res.order_ids[0]!));
    // Past its time, before the provider reported it: already gone.
    await t.db
      .update(checkouts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkouts.id, row!.checkoutId!));
    expect((await awaiting(headers)).json()).toEqual([]);
    // Ended (expired, failed): gone too, and its orders are nobody's.
    await t.db
      .update(checkouts)
      .set({ status: 'expired', expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(checkouts.id, row!.checkoutId!));
    expect((await awaiting(headers)).json()).toEqual([]);
    expect((await list(headers)).json()).toEqual([]);
  });

  it('keeps synced orders without a checkout (paid elsewhere) even while Pending', async () => {
    const { account, headers } = await shopper(t.app);
    const brand = await addBusiness(t.db);
    const [synced] = await t.db
      .insert(orders)
      .values({ userId: account.id, businessId: brand.id, status: 'Pending', source: 'shopify' })
      .returning({ id: orders.id });
    expect((await list(headers)).json().map((o: Order) => o.id)).toEqual([synced!.id]);
  });

  it('awaiting-payment/ needs a session', async () => {
    const res = await t.app.inject({ url: AWAITING_PAYMENT_PATH });
    expect(res.statusCode).toBe(401);
  });
});

describe('status history (api/orders/ status_history)', () => {
  it('shows [Paid] after payment, then [Paid, Shipped with tracking] after the seller ships, oldest first', async () => {
    const seller = await signedInShopper(t.app);
    const brand = await addBusiness(t.db, { ownerId: seller.shopper.id, name: 'Moss & Pine' });
    const soap = await addProduct(t.db, brand.id, { name: 'Oat Soap', priceCents: 700 });
    const { headers } = await shopper(t.app);
    await addToCart(t.app, headers, soap.id);
    const body: CheckoutResponse = (await checkout(t.app, headers)).json();
    // Before payment there is nothing in the history yet.
    const pending: Order = (await one(headers, body.order_ids[0]!)).json();
    expect(pending.status_history).toEqual([]);
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();

    const [paid] = ordersResponse.parse((await list(headers)).json());
    expect(paid!.status_history.map((h) => [h.status, h.tracking_number])).toEqual([['Paid', '']]);
    const paidAt = Date.parse(paid!.status_history[0]!.at);
    expect(paid!.status_history[0]!.at).toBe(new Date(paidAt).toISOString());
    expect(paidAt).toBeGreaterThanOrEqual(Date.parse(paid!.created_at));

    // An edit of the notes alone is not a status change; setting Shipped with tracking is.
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/business/orders/edit/${paid!.id}/`,
        headers: seller.headers,
        payload,
      });
    expect((await edit({ notes: 'Gift wrap' })).statusCode).toBe(200);
    expect(
      (await edit({ status: 'Shipped', tracking_number: '1Z999AA10123456784' })).statusCode,
    ).toBe(200);

    const [shipped] = ordersResponse.parse((await list(headers)).json());
    expect(shipped!.status_history.map((h) => [h.status, h.tracking_number])).toEqual([
      ['Paid', ''],
      ['Shipped', '1Z999AA10123456784'],
    ]);
    const [first, second] = shipped!.status_history.map((h) => Date.parse(h.at));
    expect(second).toBeGreaterThanOrEqual(first!);
    // The same history on the order read by id.
    const byId: Order = (await one(headers, paid!.id)).json();
    expect(byId.status_history).toEqual(shipped!.status_history);
  });
});

describe('API documentation', () => {
  it('documents the buying calls at the paths of SPEC §7, and not the payment pages', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/checkout/',
        '/api/orders/',
        '/api/orders/{orderId}/',
        '/api/payments/webhook/',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/pay/'))).toBe(false);
  });
});
