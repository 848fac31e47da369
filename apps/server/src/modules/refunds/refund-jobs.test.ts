import { type CheckoutResponse, REFUND_MESSAGES, type SellerOrder } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { jobRows, makeJobsDue } from '../../../test/helpers/jobs';
import type { LocalPaymentProvider } from '../../adapters/payments/local-provider';
import { PaymentProviderError } from '../../adapters/payments/payment-provider';
import { localMoneyMovements, orders, payouts, refunds } from '../../db/schema/index';
import { REFUND_SETTLE_QUEUE } from './refund-jobs';

/**
 * A refund survives its provider being down (issue 14, decision 0020): the seller's PATCH
 * answers that the outcome is unclear, and the refund's settle job finishes it once the
 * provider is back — one refund, the order Refunded, the buyer e-mailed once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const payments = () => t.app.deps.payments as LocalPaymentProvider;
const movements = (orderId: number) =>
  t.db.select().from(localMoneyMovements).where(eq(localMoneyMovements.orderId, orderId));
const refundRow = async (orderId: number) =>
  (await t.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]!;
const orderStatus = async (orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

/** The backoff passes: the settle jobs come due and run. */
async function nextRetry() {
  await makeJobsDue(t.db, REFUND_SETTLE_QUEUE.name);
  return t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE]);
}

describe('refunds on the job runner', () => {
  it('a refund survives the provider being down: 502 unclear, then its job refunds once', async () => {
    const owner = await signedInShopper(t.app);
    const brand = await addBusiness(t.db, {
      ownerId: owner.shopper.id,
      stripeAccountId: 'acct_refund_jobs',
      stripeStatus: 'active',
    });
    const lamp = await addProduct(t.db, brand.id, { name: 'Paper Lamp', priceCents: 5200 });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, lamp.id);
    const started: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    const orderId = started.order_ids[0]!;
    const [paidPayout] = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(paidPayout!.status).toBe('paid');

    // The provider cannot be reached.
    const refundCalls = vi
      .spyOn(payments(), 'refundPayment')
      .mockRejectedValue(new PaymentProviderError('connect ECONNREFUSED 127.0.0.1:443'));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: owner.headers,
      payload: { status: 'Refunded' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: REFUND_MESSAGES.unclear });
    expect(await orderStatus(orderId)).toBe('Paid');
    expect(await refundRow(orderId)).toMatchObject({ status: 'pending', attempts: 1 });
    const seen = async () => {
      const list = await t.app.inject({
        url: `/api/business/orders/${brand.id}/`,
        headers: owner.headers,
      });
      return (list.json() as SellerOrder[]).find((o) => o.id === orderId)!;
    };
    expect((await seen()).refund).toMatchObject({ status: 'pending', amount: '52.00' });

    // The request ran the refund's job itself: its retry waits for the backoff, then runs
    // again after each one while the provider stays away.
    expect(refundCalls).toHaveBeenCalledTimes(1);
    expect(await t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE])).toBe(0);
    expect(await nextRetry()).toBeGreaterThan(0);
    expect(await nextRetry()).toBeGreaterThan(0);
    expect(await nextRetry()).toBeGreaterThan(0);
    expect(refundCalls.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(refundCalls.mock.calls.map(([, key]) => key))).toEqual(
      new Set([`refund-${orderId}-1`]),
    );
    expect(await refundRow(orderId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await orderStatus(orderId)).toBe('Paid');
    expect(await movements(orderId)).toEqual([]);
    const waiting = await jobRows(t.db, REFUND_SETTLE_QUEUE.name, 'retry');
    expect(waiting.map((j) => j.data)).toContainEqual({ orderId });

    // The provider is back: the job finishes the refund, with the same key.
    refundCalls.mockRestore();
    await nextRetry();
    expect(await orderStatus(orderId)).toBe('Refunded');
    expect(await refundRow(orderId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect((await movements(orderId)).map((m) => [m.kind, m.idempotencyKey]).sort()).toEqual([
      ['refund', `refund-${orderId}-1`],
      ['reversal', `reversal-${orderId}`],
    ]);
    expect(await seen()).toMatchObject({
      status: 'Refunded',
      payout_status: 'reversed',
      refund: { status: 'succeeded', error: null },
    });
    await t.app.deps.tasks.idle();
    const mailed = () =>
      t.mail.filter((m) => m.to === buyer.account.email && /has been refunded/.test(m.subject));
    expect(mailed()).toHaveLength(1);

    // Nothing of the refund is left to run.
    expect(await nextRetry()).toBe(0);
    await t.app.deps.tasks.idle();
    expect(await movements(orderId)).toHaveLength(2);
    expect(mailed()).toHaveLength(1);
    expect(await jobRows(t.db, REFUND_SETTLE_QUEUE.name, 'failed')).toEqual([]);
  });

  it('one settle job per refund, run by the request that claimed it; its retry finishes the refund with the PATCH’s tracking number and notes', async () => {
    const owner = await signedInShopper(t.app);
    const brand = await addBusiness(t.db, {
      ownerId: owner.shopper.id,
      stripeAccountId: 'acct_refund_one_job',
      stripeStatus: 'active',
    });
    const bowl = await addProduct(t.db, brand.id, { name: 'Salad Bowl', priceCents: 2400 });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, bowl.id);
    const started: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    const orderId = started.order_ids[0]!;
    const settleJobs = async (state?: string) =>
      (await jobRows(t.db, REFUND_SETTLE_QUEUE.name, state)).filter(
        (j) => (j.data as { orderId: number }).orderId === orderId,
      );
    const refundCalls = vi
      .spyOn(payments(), 'refundPayment')
      .mockRejectedValue(new PaymentProviderError('connect ECONNREFUSED 127.0.0.1:443'));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: owner.headers,
      payload: { status: 'Refunded', tracking_number: 'RET-2048', notes: 'Returned chipped' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: REFUND_MESSAGES.unclear });
    // The claim's one job, which the request ran: it waits for its retry.
    expect(refundCalls).toHaveBeenCalledTimes(1);
    expect((await settleJobs()).map((j) => j.state)).toEqual(['retry']);
    refundCalls.mockRestore();

    // The provider is back: the retry finishes the refund.
    await nextRetry();
    expect(await settleJobs('completed')).toHaveLength(1);
    expect(await refundRow(orderId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Finished by the job, with the tracking number and notes of the seller's PATCH.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'Refunded',
      trackingNumber: 'RET-2048',
      sellerNotes: 'Returned chipped',
    });
  });
});
