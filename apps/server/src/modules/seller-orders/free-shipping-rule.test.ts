import {
  type CheckoutResponse,
  FREE_SHIPPING_RULE_TEXTS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  ORDER_EXPORT_COLUMNS,
  type SellerOrder,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addToCart,
  checkout,
  type Headers,
  payableSeller,
  payLocal,
  setFees,
  shopper,
} from '../../../test/helpers/buying';
import { addProduct } from '../../../test/helpers/catalog-fixtures';
import { shippingFeeConfigs } from '../../db/schema/index';

/**
 * Issue 24 point 3: the marketplace's free-shipping rule (DESIGN 2.6) is told to the brand on
 * each order and CSV row: the shipping the buyer paid, and why it is 0.00 when a rule waived
 * the brand's fee — recorded at checkout, so later fee changes do not rewrite the reason.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

async function seller() {
  const owner = await payableSeller(t.app, t.db, { name: 'Free Ship Goods' });
  // $6.50 everywhere, and the brand's own "free from $60".
  await setFees(t.db, owner.business.id, { worldwide: 650, threshold: 6000 });
  return owner;
}

async function buy(buyer: Headers, lines: Array<[number, number]>): Promise<number[]> {
  for (const [productId, quantity] of lines) await addToCart(t.app, buyer, productId, { quantity });
  const res = await checkout(t.app, buyer);
  expect(res.statusCode).toBe(200);
  const body: CheckoutResponse = res.json();
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  return body.order_ids;
}

async function sellerOrders(headers: Headers, businessId: number): Promise<SellerOrder[]> {
  const res = await t.app.inject({ url: `/api/business/orders/${businessId}/`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function csvRows(headers: Headers, businessId: number): Promise<Record<string, string>[]> {
  const day = new Date().toISOString().slice(0, 10);
  const res = await t.app.inject({
    url: `/api/business/orders/${businessId}/export/?from=${day}&to=${day}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  // No cell here holds a comma, quote or line break: a plain split reads it.
  const [header, ...rows] = res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe(ORDER_EXPORT_COLUMNS.join(','));
  return rows.map((r) =>
    Object.fromEntries(r.split(',').map((v, i) => [ORDER_EXPORT_COLUMNS[i], v])),
  );
}

describe('the shipping the buyer paid, and why it is free', () => {
  it('says "free under the $75 rule" on the order and its CSV row when the cart reached it', async () => {
    const a = await seller();
    const b = await seller();
    // $34 from brand A, $45 from brand B: neither reaches its own $60, the cart reaches $75.
    const part = await addProduct(t.db, a.business.id, { name: 'Small Part', priceCents: 3400 });
    const other = await addProduct(t.db, b.business.id, { name: 'Big Jar', priceCents: 4500 });
    expect(3400 + 4500).toBeGreaterThanOrEqual(FREE_SHIPPING_THRESHOLD_CENTS);
    const { headers: buyer } = await shopper(t.app);
    const [orderA] = await buy(buyer, [
      [part.id, 1],
      [other.id, 1],
    ]);

    const [order] = await sellerOrders(a.headers, a.business.id);
    expect(order).toMatchObject({
      id: orderA,
      order_total_shipping_fees: '0.00',
      free_shipping_reason: 'marketplace_threshold',
    });
    expect(FREE_SHIPPING_RULE_TEXTS.reasons.marketplace_threshold).toBe('free under the $75 rule');
    const [row] = await csvRows(a.headers, a.business.id);
    expect(row).toMatchObject({
      order_id: String(orderA),
      order_shipping: '0.00',
      order_shipping_note: 'free under the $75 rule',
    });

    // A later change of the brand's fees does not rewrite why that order shipped free.
    await t.db
      .update(shippingFeeConfigs)
      .set({ worldwideShippingFeeCents: 0, thresholdFreeCents: null })
      .where(eq(shippingFeeConfigs.businessId, a.business.id));
    const [again] = await sellerOrders(a.headers, a.business.id);
    expect(again!.free_shipping_reason).toBe('marketplace_threshold');
  });

  it('says the brand’s own threshold waived it, and nothing when the fee was charged', async () => {
    const a = await seller();
    const jar = await addProduct(t.db, a.business.id, { name: 'Jar', priceCents: 3100 });
    const part = await addProduct(t.db, a.business.id, { name: 'Part', priceCents: 3400 });

    // $62 alone: over the brand's $60, under the marketplace's $75.
    const { headers: first } = await shopper(t.app);
    const [own] = await buy(first, [[jar.id, 2]]);
    // $34: the $6.50 fee is charged.
    const { headers: second } = await shopper(t.app);
    const [charged] = await buy(second, [[part.id, 1]]);

    const byId = new Map((await sellerOrders(a.headers, a.business.id)).map((o) => [o.id, o]));
    expect(byId.get(own!)).toMatchObject({
      order_total_shipping_fees: '0.00',
      free_shipping_reason: 'business_threshold',
    });
    expect(byId.get(charged!)).toMatchObject({
      order_total_shipping_fees: '6.50',
      free_shipping_reason: null,
    });
    const rows = new Map((await csvRows(a.headers, a.business.id)).map((r) => [r.order_id, r]));
    expect(rows.get(String(own))).toMatchObject({
      order_shipping: '0.00',
      order_shipping_note: FREE_SHIPPING_RULE_TEXTS.reasons.business_threshold,
    });
    expect(rows.get(String(charged))).toMatchObject({
      order_shipping: '6.50',
      order_shipping_note: '',
    });
  });
});
