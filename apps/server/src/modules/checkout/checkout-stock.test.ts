import { STOCK_MESSAGES, type StockShortResponse } from '@leafline/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
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
import { makeJobsDue } from '../../../test/helpers/jobs';
import {
  checkouts,
  orderItems,
  orders,
  payouts,
  refunds,
  stockLevels,
  stockMovements,
} from '../../db/schema/index';
import { WEBHOOK_PATH } from '../payments';
import { REFUND_SETTLE_QUEUE } from '../refunds';
import { CHECKOUT_EXPIRE_QUEUE } from './checkout-stock';

/**
 * Stock through the money path (issue 26, docs/decisions/0042), on PostgreSQL when the suite
 * runs there (its row locks decide the races): holds at checkout, all or nothing; a sale at
 * payment; releases when a checkout ends unpaid; a late payment for stock that is gone.
 */

const SECRET = 'whsec_stock_test_secret_0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_URL: 'https://shop.example',
    PAYMENTS_JOB_SECONDS: '0',
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
});
afterAll(async () => {
  await t.close();
});

const sessionIdOf = (url: string) => url.split('/').pop()!;

async function seller(name: string) {
  return (await payableSeller(t.app, t.db, { name })).business;
}

/** `n` shoppers with an address, made a few at a time. */
async function shoppers(n: number): Promise<Headers[]> {
  const all: Headers[] = [];
  while (all.length < n) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - all.length) }, () => shopper(t.app)),
    );
    all.push(...batch.map((s) => s.headers));
  }
  return all;
}

/** A unit's counts; null when it is not counted. */
const countsOf = async (productId: number, variantId: number | null) =>
  (
    await t.db
      .select({ stock: stockLevels.stock, reserved: stockLevels.reserved })
      .from(stockLevels)
      .where(
        and(
          eq(stockLevels.productId, productId),
          variantId === null ? isNull(stockLevels.variantId) : eq(stockLevels.variantId, variantId),
        ),
      )
  )[0] ?? null;
const productCounts = (productId: number) => countsOf(productId, null);

/** No count anywhere below zero (the check constraints make it impossible; this says so). */
async function noNegativeStock() {
  const [row] = (
    (await t.db.execute(sql`select
      (select count(*) from stock_levels where stock < 0 or reserved < 0)::int as n`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  expect(row!.n).toBe(0);
}

const checkoutIdOf = async (orderId: number) =>
  (await t.db.select({ id: orders.checkoutId }).from(orders).where(eq(orders.id, orderId)))[0]!.id!;

describe('the last units, raced', () => {
  it('50 shoppers with the last 3 units in their carts check out at once: one payment page, 49 answers of 409; paid, none left', async () => {
    const brand = await seller('Hand-Dyed Scarves');
    const scarf = await addProduct(t.db, brand.id, {
      name: 'Indigo Scarf',
      priceCents: 4200,
      optionNames: ['Colour'],
      variants: [
        { option1: 'Indigo', stock: 3 },
        { option1: 'Rust', stock: 8 },
      ],
    });
    const indigo = scarf.variants[0]!.id;
    const buyers = await shoppers(50);
    for (const headers of buyers) {
      await addToCart(t.app, headers, scarf.id, { variantId: indigo, quantity: 3 });
    }

    const answers = await Promise.all(buyers.map((headers) => checkout(t.app, headers)));
    const pages = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(pages).toHaveLength(1);
    expect(refused).toHaveLength(49);
    const body = refused[0]!.json() as StockShortResponse;
    expect(body.error).toBe(STOCK_MESSAGES.checkoutShort);
    expect(body.lines).toEqual([
      expect.objectContaining({
        product_id: scarf.id,
        variant_id: indigo,
        product_name: 'Indigo Scarf',
        quantity: 3,
        available_quantity: 0,
      }),
    ]);
    expect(await countsOf(scarf.id, indigo)).toEqual({ stock: 3, reserved: 3 });
    // The other colour is untouched.
    expect(await countsOf(scarf.id, scarf.variants[1]!.id)).toEqual({ stock: 8, reserved: 0 });

    const paid = pages[0]!.json();
    expect((await payLocal(t.app, paid.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    expect(await countsOf(scarf.id, indigo)).toEqual({ stock: 0, reserved: 0 });
    const sold = await t.db
      .select({ status: orders.status })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orderItems.variantId, indigo), eq(orders.status, 'Paid')));
    expect(sold).toHaveLength(1);
    const moves = await t.db
      .select({ kind: stockMovements.kind, delta: stockMovements.delta })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, indigo));
    expect(moves).toEqual([{ kind: 'sale', delta: -3 }]);
    await noNegativeStock();
  });

  it('50 shoppers, one unit each, 3 left: exactly three payment pages; the three paid leave 0, and only they are sold', async () => {
    const brand = await seller('Saltmarsh Candles');
    const candle = await addProduct(t.db, brand.id, { name: 'Kelp Candle', stock: 3 });
    const buyers = await shoppers(50);
    for (const headers of buyers) await addToCart(t.app, headers, candle.id);

    const answers = await Promise.all(buyers.map((headers) => checkout(t.app, headers)));
    const pages = answers.filter((r) => r.statusCode === 200).map((r) => r.json());
    expect(pages).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(47);
    expect(await productCounts(candle.id)).toEqual({ stock: 3, reserved: 3 });

    for (const page of pages)
      expect((await payLocal(t.app, page.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    expect(await productCounts(candle.id)).toEqual({ stock: 0, reserved: 0 });
    const paidOrders = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orderItems.productId, candle.id), eq(orders.status, 'Paid')));
    expect(paidOrders.map((o) => o.id).sort()).toEqual(pages.flatMap((p) => p.order_ids).sort());
    await noNegativeStock();

    // The product now says so, and cannot be added.
    const detail = await t.app.inject({ url: `/api/products/${candle.id}/` });
    expect(detail.json()).toMatchObject({ stock: 0, sold_out: true });
    const add = await t.app.inject({
      method: 'POST',
      url: `/add-to-cart/${candle.id}/`,
      headers: buyers[10]!,
      payload: { quantity: 1 },
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().error).toBe(STOCK_MESSAGES.left(0));
  });

  it('a two-brand cart whose one line is short: 409 naming that line, nothing of the checkout held, no order', async () => {
    const brandA = await seller('Fernwood Ceramics');
    const brandB = await seller('Oat & Honey');
    const bowl = await addProduct(t.db, brandA.id, { name: 'Stoneware Bowl', stock: 5 });
    const soap = await addProduct(t.db, brandB.id, { name: 'Oat Soap', stock: 2 });
    const [first, second] = await shoppers(2);
    await addToCart(t.app, first!, bowl.id, { quantity: 2 });
    await addToCart(t.app, first!, soap.id, { quantity: 2 });
    await addToCart(t.app, second!, soap.id, { quantity: 1 });
    // The second shopper holds one soap: the first one's two are one too many.
    expect((await checkout(t.app, second!)).statusCode).toBe(200);

    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const res = await checkout(t.app, first!);
    expect(res.statusCode).toBe(409);
    expect((res.json() as StockShortResponse).lines).toEqual([
      expect.objectContaining({ product_id: soap.id, quantity: 2, available_quantity: 1 }),
    ]);
    expect(await productCounts(bowl.id)).toEqual({ stock: 5, reserved: 0 });
    expect(await productCounts(soap.id)).toEqual({ stock: 2, reserved: 1 });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);

    // The cart marks the short line, and only it.
    const cart = (await t.app.inject({ url: '/api/cart/', headers: first! })).json();
    const lines = new Map(cart.items.map((i: { product_id: number }) => [i.product_id, i]));
    expect(lines.get(soap.id)).toMatchObject({ quantity: 2, available_quantity: 1 });
    expect(lines.get(bowl.id)).toMatchObject({ quantity: 2, available_quantity: null });
    // Beyond what is left, a quantity change is refused with what is left.
    const item = lines.get(soap.id) as { id: number };
    const more = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${item.id}/`,
      headers: first!,
      payload: { quantity: 2 },
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe('Only 1 left.');
  });
});

describe('a hold ends when its checkout ends unpaid', () => {
  async function held(stock = 1) {
    const brand = await seller('Thrift & Thread');
    const jacket = await addProduct(t.db, brand.id, {
      name: 'Waxed Jacket',
      condition: 'second_hand',
      stock,
    });
    const [headers] = await shoppers(1);
    await addToCart(t.app, headers!, jacket.id);
    const res = await checkout(t.app, headers!);
    expect(res.statusCode).toBe(200);
    expect(await productCounts(jacket.id)).toEqual({ stock, reserved: 1 });
    return { jacket, headers: headers!, page: res.json() };
  }

  it('the buyer cancels: released, and the next shopper can buy it', async () => {
    const { jacket, headers, page } = await held();
    const checkoutId = await checkoutIdOf(page.order_ids[0]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/checkout/${checkoutId}/cancel/`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await productCounts(jacket.id)).toEqual({ stock: 1, reserved: 0 });
    const [other] = await shoppers(1);
    await addToCart(t.app, other!, jacket.id);
    expect((await checkout(t.app, other!)).statusCode).toBe(200);
  });

  it('the page expires and nothing else ends it: the checkout.expire job, time moved on, releases it', async () => {
    const { jacket, page } = await held();
    await makeJobsDue(t.db, CHECKOUT_EXPIRE_QUEUE.name);
    await t.app.deps.jobs.drain([CHECKOUT_EXPIRE_QUEUE]);
    expect(await productCounts(jacket.id)).toEqual({ stock: 1, reserved: 0 });
    const [row] = await t.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, await checkoutIdOf(page.order_ids[0])));
    expect(row!.status).toBe('expired');
    // Its page takes no payment any more.
    expect((await payLocal(t.app, page.checkout_url)).statusCode).toBe(410);
  });

  it('the payment fails (the provider says so): released', async () => {
    const { jacket, page } = await held();
    const res = await signedEvent('evt_stock_failed', 'checkout.session.async_payment_failed', {
      sessionId: sessionIdOf(page.checkout_url),
      checkoutId: await checkoutIdOf(page.order_ids[0]),
      paid: false,
    });
    expect(res.json().outcome).toBe('expired');
    expect(await productCounts(jacket.id)).toEqual({ stock: 1, reserved: 0 });
  });

  it('the buyer checks out again: the old hold is released and taken anew, never twice', async () => {
    const { jacket, headers, page } = await held();
    const again = await checkout(t.app, headers);
    expect(again.statusCode).toBe(200);
    expect(await productCounts(jacket.id)).toEqual({ stock: 1, reserved: 1 });
    const [old] = await t.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, await checkoutIdOf(page.order_ids[0])));
    expect(old!.status).toBe('expired');
  });

  it('checking out again fails (another line short): the previous checkout still ends — its page was closed, so nothing of it stays Pending or held', async () => {
    const { jacket, headers, page } = await held();
    const brand = await seller('Clay & Kiln');
    const mug = await addProduct(t.db, brand.id, { name: 'Kiln Mug', stock: 1 });
    await addToCart(t.app, headers, mug.id);
    const [other] = await shoppers(1);
    await addToCart(t.app, other!, mug.id);
    expect((await checkout(t.app, other!)).statusCode).toBe(200);

    // The new checkout closes the old page, then finds the mug taken: 409.
    expect((await checkout(t.app, headers)).statusCode).toBe(409);
    const previous = await checkoutIdOf(page.order_ids[0]);
    const [old] = await t.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, previous));
    expect(old!.status).toBe('expired');
    const left = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.checkoutId, previous));
    expect(left.map((o) => o.status)).toEqual(['Canceled']);
    expect(await productCounts(jacket.id)).toEqual({ stock: 1, reserved: 0 });
    expect((await payLocal(t.app, page.checkout_url)).statusCode).toBe(410);
  });

  it('a payment that comes after the hold was released and the last unit sold: that order is refunded once, nothing transferred, both told', async () => {
    const { jacket, page } = await held();
    const sessionId = sessionIdOf(page.checkout_url);
    const checkoutId = await checkoutIdOf(page.order_ids[0]);
    // The provider's expiry reaches us, but the page is still payable a moment longer.
    const ended = await signedEvent('evt_stock_expired', 'checkout.session.expired', {
      sessionId,
      checkoutId,
      paid: false,
    });
    expect(ended.json().outcome).toBe('expired');
    expect(await productCounts(jacket.id)).toEqual({ stock: 1, reserved: 0 });
    // Someone else buys the jacket meanwhile.
    const [other] = await shoppers(1);
    await addToCart(t.app, other!, jacket.id);
    const theirs = (await checkout(t.app, other!)).json();
    expect((await payLocal(t.app, theirs.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    expect(await productCounts(jacket.id)).toEqual({ stock: 0, reserved: 0 });

    // The late payment of the first page.
    t.mail.length = 0;
    expect((await payLocal(t.app, page.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    await t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE]);
    await t.app.deps.tasks.idle();
    const orderId = page.order_ids[0] as number;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('Refunded');
    const refundRows = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refundRows.map((r) => [r.status, r.amountCents])).toEqual([
      ['succeeded', order!.totalCents],
    ]);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(payout).toMatchObject({ status: 'canceled', transferId: null });
    expect(await productCounts(jacket.id)).toEqual({ stock: 0, reserved: 0 });
    await noNegativeStock();
    const soldOutMail = t.mail.filter((m) => /sold out/i.test(m.subject));
    expect(soldOutMail.map((m) => m.subject).sort()).toEqual([
      `Order #${orderId} on Leafline was refunded: sold out`,
      `Your Leafline order #${orderId} sold out: you are refunded in full`,
    ]);

    // The same payment reported again changes nothing: still one refund.
    const replay = await signedEvent('evt_stock_late_again', 'checkout.session.completed', {
      sessionId,
      checkoutId,
      paid: true,
    });
    expect(replay.json().outcome).toBe('unchanged');
    await t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });
});

describe('what the shopper is told before paying', () => {
  it('adding more than is left: 409 "Only N left."; a product not counted sells as before', async () => {
    const brand = await seller('Second Bloom');
    const vase = await addProduct(t.db, brand.id, { name: 'Glass Vase', stock: 2 });
    const [headers] = await shoppers(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/add-to-cart/${vase.id}/`,
      headers: headers!,
      payload: { quantity: 3 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only 2 left.');
    await addToCart(t.app, headers!, vase.id, { quantity: 2 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/add-to-cart/${vase.id}/`,
      headers: headers!,
      payload: { quantity: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Only 2 left.');
    // Untracked products sell as before.
    const tee = await addProduct(t.db, brand.id, { name: 'Plain Tee' });
    const line = await addToCart(t.app, headers!, tee.id, { quantity: 40 });
    expect(line.item).toMatchObject({ quantity: 40, available_quantity: null });
  });
});

async function signedEvent(
  id: string,
  type: string,
  s: { sessionId: string; checkoutId: number; paid: boolean },
) {
  const [row] = await t.db
    .select({ total: checkouts.totalCents })
    .from(checkouts)
    .where(eq(checkouts.id, s.checkoutId));
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: s.sessionId,
        object: 'checkout.session',
        amount_subtotal: row!.total,
        amount_total: row!.total,
        total_details: { amount_discount: 0 },
        payment_status: s.paid ? 'paid' : 'unpaid',
        metadata: { checkout_id: String(s.checkoutId) },
      },
    },
  });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
}
