import { type CheckoutResponse, REFUND_MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStripeTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import type { FakeStripe } from '../../../test/helpers/fake-stripe-server';
import { orders, payouts, refunds } from '../../db/schema/index';
import { WEBHOOK_PATH } from '../payments';

/**
 * Refunds through the Stripe provider with the real SDK, against the local stand-in for the
 * Stripe API (test/helpers/fake-stripe-server.ts).
 */

const WEBHOOK_SECRET = 'whsec_refunds_stripe_test_0123456789';
let stripe: FakeStripe;
let t: TestApp;
let app: Awaited<ReturnType<typeof buildStripeTestApp>>;
beforeAll(async () => {
  app = await buildStripeTestApp(WEBHOOK_SECRET);
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  stripe.refuseRefunds = null;
  stripe.refuseReversals = null;
});

let n = 0;
/** A seller's brand (connected) with a paid $45 order; the payout transferred. */
async function paidOrder(): Promise<{ headers: Headers; orderId: number; sessionId: string }> {
  n += 1;
  const owner = await signedInShopper(t.app);
  const brand = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    name: `Alder ${n}`,
    stripeAccountId: `acct_alder_refund_${n}`,
    stripeStatus: 'active',
  });
  const scarf = await addProduct(t.db, brand.id, { name: 'Wool Scarf', priceCents: 4500 });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, scarf.id);
  const res = await checkout(t.app, buyer.headers);
  const body: CheckoutResponse = res.json();
  const sessionId = body.checkout_url.split('/').pop()!;
  stripe.complete(sessionId);
  const {
    params: _p,
    card_brand: _c,
    promotion_code: _pc,
    ...session
  } = stripe.sessions.get(sessionId)!;
  const payload = JSON.stringify({
    id: `evt_refund_${n}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    type: 'checkout.session.completed',
    data: { object: session },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    },
    payload,
  });
  expect(paid.json().outcome).toBe('paid');
  await t.app.deps.tasks.idle();
  return { headers: owner.headers, orderId: body.order_ids[0]!, sessionId };
}

const edit = (headers: Headers, orderId: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/business/orders/edit/${orderId}/`, headers, payload });
const payoutOf = async (orderId: number) =>
  (await t.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]!;

describe('Stripe: refunds and transfer reversals', () => {
  it('refunds the payment intent of the session and reverses the transfer, each once', async () => {
    const { headers, orderId, sessionId } = await paidOrder();
    const paid = await payoutOf(orderId);
    expect(paid.status).toBe('paid');

    const answers = await Promise.all([
      edit(headers, orderId, { status: 'Refunded' }),
      edit(headers, orderId, { status: 'Refunded' }),
      edit(headers, orderId, { status: 'Refunded' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]!.json()).toMatchObject({
      status: 'Refunded',
      payout_status: 'reversed',
      refund: { status: 'succeeded', amount: '45.00', error: null },
    });

    const made = stripe.refunds.filter(
      (r) =>
        r.params.metadata &&
        (r.params.metadata as Record<string, string>).order_id === String(orderId),
    );
    expect(
      made.map((r) => [
        r.idempotencyKey,
        r.params.payment_intent,
        r.params.amount,
        r.params.reason,
      ]),
    ).toEqual([[`refund-${orderId}-1`, `pi_${sessionId}`, '4500', 'requested_by_customer']]);
    const reversed = stripe.reversals.filter((r) => r.transfer === paid.transferId);
    expect(reversed.map((r) => [r.idempotencyKey, r.params.amount])).toEqual([
      [`reversal-${orderId}`, String(paid.amountCents)],
    ]);
    const payout = await payoutOf(orderId);
    expect([payout.status, payout.reversalId]).toEqual(['reversed', reversed[0]!.id]);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund!.providerRefundId).toBe(made[0]!.id);
  });

  it('shows Stripe’s own reason when it refuses, keeps the status, and refunds on the next try', async () => {
    const { headers, orderId } = await paidOrder();
    stripe.refuseRefunds = 'Charge ch_1 has been charged back; cannot issue a refund.';
    const refused = await edit(headers, orderId, { status: 'Canceled' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      error: REFUND_MESSAGES.refused('Charge ch_1 has been charged back; cannot issue a refund.'),
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('Paid');
    expect((await payoutOf(orderId)).status).toBe('paid');

    stripe.refuseRefunds = null;
    const again = await edit(headers, orderId, { status: 'Canceled' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'Canceled', payout_status: 'reversed' });
    expect(
      stripe.refunds
        .filter((r) => r.idempotencyKey?.startsWith(`refund-${orderId}-`))
        .map((r) => r.idempotencyKey),
    ).toEqual([`refund-${orderId}-2`]);
  });
});
