import { type CheckoutResponse, type Order, order as orderSchema } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { PaymentRefusedError } from '../../adapters/payments/payment-provider';
import { refunds } from '../../db/schema/index';

/**
 * Issue 24 point 5: the buyer sees a refund — the amount and date on the order (My Orders and
 * the confirmation read the same payload) and the amount on the history's change it made.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

async function sellerWithSale() {
  const { business, ...owner } = await payableSeller(t.app, t.db, { name: 'Refund View Goods' });
  const scarf = await addProduct(t.db, business.id, { name: 'Wool Scarf', priceCents: 4500 });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, scarf.id);
  const res = await checkout(t.app, buyer.headers);
  const body: CheckoutResponse = res.json();
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  return { seller: owner.headers, buyer: buyer.headers, orderId: body.order_ids[0]! };
}

const setStatus = (headers: Headers, orderId: number, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/business/orders/edit/${orderId}/`,
    headers,
    payload: { status },
  });

async function buyerViews(headers: Headers, orderId: number): Promise<Order[]> {
  const list = await t.app.inject({ url: '/api/orders/', headers });
  const one = await t.app.inject({ url: `/api/orders/${orderId}/`, headers });
  expect([list.statusCode, one.statusCode]).toEqual([200, 200]);
  const listed = (list.json() as Order[]).find((o) => o.id === orderId)!;
  return [orderSchema.parse(listed), orderSchema.parse(one.json())];
}

describe('a refund, as the buyer sees it', () => {
  it('gives the refunded amount and date, and the amount on the Refunded change of the history', async () => {
    const { seller, buyer, orderId } = await sellerWithSale();
    for (const view of await buyerViews(buyer, orderId)) expect(view.refunded).toBeNull();

    const before = Date.now();
    expect((await setStatus(seller, orderId, 'Refunded')).statusCode).toBe(200);
    await t.app.deps.tasks.idle();

    for (const view of await buyerViews(buyer, orderId)) {
      expect(view.status).toBe('Refunded');
      expect(view.refunded?.amount).toBe('45.00');
      const at = Date.parse(view.refunded!.at);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
      expect(view.status_history.map((h) => [h.status, h.refund_amount])).toEqual([
        ['Paid', undefined],
        ['Refunded', '45.00'],
      ]);
    }
  });

  it('says nothing of a refund that did not go through', async () => {
    const { seller, buyer, orderId } = await sellerWithSale();
    vi.spyOn(t.app.deps.payments, 'refundPayment').mockRejectedValueOnce(
      new PaymentRefusedError('Charge already disputed.'),
    );
    expect((await setStatus(seller, orderId, 'Refunded')).statusCode).toBe(502);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row?.status).toBe('failed');
    for (const view of await buyerViews(buyer, orderId)) {
      expect(view.status).toBe('Paid');
      expect(view.refunded).toBeNull();
      expect(view.status_history.some((h) => h.refund_amount)).toBe(false);
    }
    vi.restoreAllMocks();
  });
});
