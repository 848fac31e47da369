import {
  BUYER_CANCEL_REASON,
  type CheckoutResponse,
  ORDER_CANCEL_MESSAGES,
  type Order,
  REFUND_MESSAGES,
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
  shopper,
} from '../../../test/helpers/buying';
import { addProduct } from '../../../test/helpers/catalog-fixtures';
import { localMoneyMovements, payouts, stockLevels } from '../../db/schema/index';

/**
 * Issue 30 point 4: the shopper cancels a paid order its brand has not sent yet — refunded in
 * full once whatever the number of requests, the payout taken back, the units back in stock,
 * both sides e-mailed; refused once the brand sent it, and for anybody else's order.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

let brands = 0;
async function paidOrder() {
  brands += 1;
  const { business, ...owner } = await payableSeller(t.app, t.db, {
    name: `Change Of Mind ${brands}`,
  });
  const jar = await addProduct(t.db, business.id, {
    name: 'Beeswax Jar',
    priceCents: 3000,
    stock: 5,
  });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, jar.id, { quantity: 2 });
  const res = await checkout(t.app, buyer.headers);
  const body: CheckoutResponse = res.json();
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  return { owner, business, buyer, jar, orderId: body.order_ids[0]! };
}

const cancel = (headers: Headers, orderId: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel/`, headers });

const moved = (orderId: number, kind: 'refund' | 'reversal') =>
  t.db
    .select()
    .from(localMoneyMovements)
    .where(eq(localMoneyMovements.orderId, orderId))
    .then((rows) => rows.filter((r) => r.kind === kind).map((r) => r.amountCents));

const patch = (headers: Headers, orderId: number, payload: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/business/orders/edit/${orderId}/`,
    headers,
    payload,
  });

const stockOf = async (productId: number) =>
  (await t.db.select().from(stockLevels).where(eq(stockLevels.productId, productId)))[0]?.stock;

describe('POST api/orders/{orderId}/cancel/', () => {
  it('cancels a paid order: refunded in full, payout taken back, stock back, both sides e-mailed', async () => {
    const { owner, business, buyer, jar, orderId } = await paidOrder();
    expect(await stockOf(jar.id)).toBe(3);
    const res = await cancel(buyer.headers, orderId);
    expect(res.statusCode).toBe(200);
    const answer: Order = res.json();
    expect(answer.status).toBe('Canceled');
    expect(answer.refunds.map((r) => [r.kind, r.amount, r.reason])).toEqual([
      ['full', answer.total_price, BUYER_CANCEL_REASON],
    ]);
    await t.app.deps.tasks.idle();
    const totalCents = Math.round(Number(answer.total_price) * 100);
    expect(await moved(orderId, 'refund')).toEqual([totalCents]);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(payout!.status).not.toBe('paid');
    expect(await stockOf(jar.id)).toBe(5);

    // The buyer's My Orders and the brand's list say so.
    const mine = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers });
    expect((mine.json() as Order).status).toBe('Canceled');
    const list = await t.app.inject({
      url: `/api/business/orders/${business.id}/`,
      headers: owner.headers,
    });
    const card = (list.json() as SellerOrder[]).find((o) => o.id === orderId)!;
    expect(card.status).toBe('Canceled');
    expect(card.refund?.status).toBe('succeeded');
    expect(card.refunds[0]!.reason).toBe(BUYER_CANCEL_REASON);

    const buyerMail = t.mail.filter(
      (m) => m.to === buyer.account.email && /cancelled/.test(m.subject),
    );
    expect(buyerMail).toHaveLength(1);
    expect(buyerMail[0]!.text).toContain(`You cancelled your order #${orderId}`);
    const brandMail = t.mail.filter(
      (m) => /cancelled by the buyer/.test(m.subject) && m.subject.includes(`#${orderId} `),
    );
    expect(brandMail).toHaveLength(1);
    expect(brandMail[0]!.text).toContain('Do not ship it');
  });

  it('10 concurrent cancels refund once', async () => {
    const { buyer, orderId } = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cancel(buyer.headers, orderId)),
    );
    const codes = answers.map((r) => r.statusCode);
    // Every request either got the cancelled order, or was told it is cancelled already.
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect([ORDER_CANCEL_MESSAGES.alreadyClosed, REFUND_MESSAGES.inProgress]).toContain(
        r.json().error,
      );
    }
    await t.app.deps.tasks.idle();
    const refunded = await moved(orderId, 'refund');
    expect(refunded).toHaveLength(1);
    const mails = t.mail.filter(
      (m) => /cancelled by the buyer/.test(m.subject) && m.subject.includes(`#${orderId} `),
    );
    expect(mails).toHaveLength(1);
  });

  it('refuses once the brand sent it, twice, and for anybody else’s order, with nothing moved', async () => {
    const { owner, buyer, orderId } = await paidOrder();
    const stranger = await shopper(t.app);
    const notMine = await cancel(stranger.headers, orderId);
    expect(notMine.statusCode).toBe(404);
    expect((await cancel(owner.headers, orderId)).statusCode).toBe(404);
    expect((await cancel(buyer.headers, 'abc')).statusCode).toBe(404);

    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: owner.headers,
      payload: { status: 'Shipped', tracking_number: '1Z999' },
    });
    expect(shipped.statusCode).toBe(200);
    const late = await cancel(buyer.headers, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(ORDER_CANCEL_MESSAGES.notCancellable);
    await t.app.deps.tasks.idle();
    expect(await moved(orderId, 'refund')).toEqual([]);

    const other = await paidOrder();
    expect((await cancel(other.buyer.headers, other.orderId)).statusCode).toBe(200);
    const again = await cancel(other.buyer.headers, other.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ORDER_CANCEL_MESSAGES.alreadyClosed);
    await t.app.deps.tasks.idle();
    expect(await moved(other.orderId, 'refund')).toHaveLength(1);
  });

  it('the brand cannot send an order its buyer cancelled; tracking and notes may still change', async () => {
    const { owner, buyer, orderId } = await paidOrder();
    expect((await cancel(buyer.headers, orderId)).statusCode).toBe(200);
    for (const status of ['Shipped', 'Delivered', 'Paid', 'Refunded'] as const) {
      const res = await patch(owner.headers, orderId, { status, tracking_number: '1Z999' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(ORDER_CANCEL_MESSAGES.cancelledByBuyer);
    }
    const notes = await patch(owner.headers, orderId, { status: 'Canceled', notes: 'not sent' });
    expect(notes.statusCode).toBe(200);
    expect((notes.json() as SellerOrder).status).toBe('Canceled');
    await t.app.deps.tasks.idle();
    const mine = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers });
    expect((mine.json() as Order).status).toBe('Canceled');
    expect(t.mail.filter((m) => m.subject.includes(`order #${orderId} has shipped`))).toEqual([]);
  });

  it('a cancel and the brand’s Shipped at the same moment: one of them wins, whole', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { owner, buyer, orderId } = await paidOrder();
      const [cancelled, shipped] = await Promise.all([
        cancel(buyer.headers, orderId),
        patch(owner.headers, orderId, { status: 'Shipped', tracking_number: '1Z999' }),
      ]);
      await t.app.deps.tasks.idle();
      const mine = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers });
      const shippedMail = t.mail.filter((m) => m.subject.includes(`order #${orderId} has shipped`));
      if (cancelled.statusCode === 200) {
        expect(shipped.statusCode).toBe(409);
        expect([ORDER_CANCEL_MESSAGES.cancelledByBuyer, REFUND_MESSAGES.inProgress]).toContain(
          shipped.json().error,
        );
        expect((mine.json() as Order).status).toBe('Canceled');
        expect(await moved(orderId, 'refund')).toHaveLength(1);
        expect(shippedMail).toEqual([]);
      } else {
        expect(cancelled.statusCode).toBe(409);
        expect(cancelled.json().error).toBe(ORDER_CANCEL_MESSAGES.notCancellable);
        expect(shipped.statusCode).toBe(200);
        expect((mine.json() as Order).status).toBe('Shipped');
        expect(await moved(orderId, 'refund')).toEqual([]);
        expect(shippedMail).toHaveLength(1);
      }
    }
  });
});
