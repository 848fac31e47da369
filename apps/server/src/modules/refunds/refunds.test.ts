import {
  type CheckoutResponse,
  REFUND_MESSAGES,
  SELLER_ORDER_MESSAGES,
  type SellerOrder,
} from '@leafline/contract';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import {
  addPromo,
  addToCart,
  applyPromo,
  checkout,
  type Headers,
  payLocal,
  shopper,
} from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { jobRows, makeJobsDue } from '../../../test/helpers/jobs';
import type { LocalPaymentProvider } from '../../adapters/payments/local-provider';
import { ProviderCallInTransactionError } from '../../adapters/payments/outside-transactions';
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentRefusedError,
} from '../../adapters/payments/payment-provider';
import {
  businesses,
  localMoneyMovements,
  localPaymentSessions,
  orderEvents,
  orders,
  payouts,
  refunds,
} from '../../db/schema/index';
import { prorateDiscount } from '../checkout';
import { payoutCents } from '../orders';
import { WEBHOOK_PATH } from '../payments';
import { PAYOUT_QUEUES, PAYOUT_TRANSFER_QUEUE, sendPayoutTransfer } from '../payouts';
import { queueRefundSettle, REFUND_SETTLE_QUEUE } from './refund-jobs';
import { REFUND_HANDOFF_SECONDS, refundAmounts } from './refunds.service';

const SECRET = 'whsec_refunds_test_secret_0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

let accounts = 0;
/** A seller owning one new business; its payout setup finished unless told otherwise. */
async function seller(onboarded = true) {
  const owner = await signedInShopper(t.app);
  accounts += 1;
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    name: `Bramble Goods ${accounts}`,
    stripeAccountId: onboarded ? `acct_refund_${accounts}` : null,
    stripeStatus: onboarded ? 'active' : 'pending',
  });
  return { ...owner, business };
}

/** A purchase by a new shopper of a $45 scarf from the seller's business; its order id. */
async function order(
  s: Awaited<ReturnType<typeof seller>>,
  options: { pay?: boolean; promo?: string } = {},
) {
  const scarf = await addProduct(t.db, s.business.id, { name: 'Wool Scarf', priceCents: 4500 });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, scarf.id);
  const res = await checkout(t.app, buyer.headers);
  expect(res.statusCode).toBe(200);
  const body: CheckoutResponse = res.json();
  if (options.pay !== false) {
    if (options.promo) await applyPromo(t.app, body.checkout_url, options.promo);
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  }
  await t.app.deps.tasks.idle();
  return { buyer, orderId: body.order_ids[0]!, sessionId: body.checkout_url.split('/').pop()! };
}

const edit = (headers: Headers, orderId: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/business/orders/edit/${orderId}/`,
    headers,
    payload,
  });

async function listed(headers: Headers, businessId: number, orderId: number) {
  const res = await t.app.inject({ url: `/api/business/orders/${businessId}/`, headers });
  return (res.json() as SellerOrder[]).find((o) => o.id === orderId)!;
}

const orderRow = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const payoutRow = async (orderId: number) =>
  (await t.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]!;
const movements = (orderId: number) =>
  t.db.select().from(localMoneyMovements).where(eq(localMoneyMovements.orderId, orderId));
const refundMail = (email: string) =>
  t.mail.filter((m) => m.to === email && /has been (refunded|cancelled)/.test(m.subject));
const payments = () => t.app.deps.payments as LocalPaymentProvider;

describe('refund amounts', () => {
  it('gives the buyer the order’s share of the payment after its prorated discount, and takes back the brand’s payout', () => {
    // One payment of two brand orders ($52.50 + $6 shipping, $9 + $3.50), $5 off the items.
    const parts = [
      { subtotalCents: 5250, shippingCents: 600 },
      { subtotalCents: 900, shippingCents: 350 },
    ];
    const shares = prorateDiscount(500, parts);
    expect(shares).toEqual([427, 73]);
    const totals = parts.map((p, i) => p.subtotalCents + p.shippingCents - shares[i]!);
    const amounts = totals.map((total) =>
      refundAmounts({ totalCents: total }, { amountCents: payoutCents(total) }),
    );
    expect(amounts).toEqual([
      { refundCents: 5423, reversalCents: 5423 - 163 },
      { refundCents: 1177, reversalCents: 1177 - 35 },
    ]);
    // Both refunds together give back exactly what was paid.
    expect(amounts[0]!.refundCents + amounts[1]!.refundCents).toBe(5250 + 600 + 900 + 350 - 500);
  });
});

describe('PATCH status Refunded or Canceled on a paid order', () => {
  it('20 concurrent PATCHes refund once, reverse the payout once, e-mail the buyer once', async () => {
    const s = await seller();
    const { buyer, orderId } = await order(s);
    expect((await payoutRow(orderId)).status).toBe('paid');
    const refundSpy = vi.spyOn(payments(), 'refundPayment');
    const reverseSpy = vi.spyOn(payments(), 'reverseTransfer');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => edit(s.headers, orderId, { status: 'Refunded' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.map((r) => r.json().status)).toEqual(Array(20).fill('Refunded'));
    await t.app.deps.tasks.idle();

    expect(refundSpy).toHaveBeenCalledTimes(1);
    expect(reverseSpy).toHaveBeenCalledTimes(1);
    const payout = await payoutRow(orderId);
    const moved = await movements(orderId);
    expect(moved.map((m) => [m.kind, m.idempotencyKey, m.amountCents]).sort()).toEqual([
      ['refund', `refund-${orderId}-1`, 4500],
      ['reversal', `reversal-${orderId}`, payout.amountCents],
    ]);
    expect(payout.status).toBe('reversed');
    expect(payout.reversalId).toMatch(/^trr_local_/);
    expect(payout.reversalId).toBe(moved.find((m) => m.kind === 'reversal')!.id);
    expect(payout.reversedAt).toBeInstanceOf(Date);
    expect((await orderRow(orderId)).status).toBe('Refunded');

    const seen = await listed(s.headers, s.business.id, orderId);
    expect(seen.status).toBe('Refunded');
    expect(seen.payout_status).toBe('reversed');
    expect(seen.refund).toMatchObject({ status: 'succeeded', amount: '45.00', error: null });

    const mail = refundMail(buyer.account.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your Leafline order #${orderId} has been refunded`);
    expect(mail[0]!.text).toContain('Amount refunded: $45.00');
    expect(mail[0]!.text).toContain(`${s.business.name} has refunded your order #${orderId}`);
    expect(mail[0]!.html).toContain('$45.00');

    // One history entry for the change to Refunded.
    const history = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'status')));
    expect(history.map((e) => e.status)).toEqual(['Refunded']);

    // Afterwards a status change is only a status change: money never moves twice.
    for (const status of ['Canceled', 'Refunded', 'Paid', 'Canceled'] as const) {
      const res = await edit(s.headers, orderId, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    await t.app.deps.tasks.idle();
    expect(await movements(orderId)).toHaveLength(2);
    expect(refundSpy).toHaveBeenCalledTimes(1);
    expect(refundMail(buyer.account.email)).toHaveLength(1);
  });

  it('cancels a payout still waiting for the brand’s payout setup; the tracking number of the same PATCH is kept', async () => {
    const s = await seller(false);
    const { buyer, orderId } = await order(s);
    expect((await payoutRow(orderId)).status).toBe('pending');
    const res = await edit(s.headers, orderId, { status: 'Canceled', tracking_number: 'RET-7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Canceled',
      tracking_number: 'RET-7',
      payout_status: 'canceled',
      refund: { status: 'succeeded', amount: '45.00', error: null },
    });
    const payout = await payoutRow(orderId);
    expect([payout.status, payout.transferId, payout.reversalId]).toEqual(['canceled', null, null]);
    expect((await movements(orderId)).map((m) => m.kind)).toEqual(['refund']);
    await t.app.deps.tasks.idle();
    expect(refundMail(buyer.account.email).map((m) => m.subject)).toEqual([
      `Your Leafline order #${orderId} has been cancelled`,
    ]);

    // The brand finishes its setup later (its transfer job is sent again): the canceled
    // payout is never sent.
    const transferSpy = vi.spyOn(payments(), 'createTransfer');
    await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId });
    expect(await t.app.deps.jobs.drain([...PAYOUT_QUEUES])).toBe(1);
    expect(transferSpy).not.toHaveBeenCalled();
    expect((await payoutRow(orderId)).status).toBe('canceled');
  });

  it('a refusal of the provider answers 502 with its reason and keeps the status; a later PATCH refunds', async () => {
    const s = await seller();
    const { buyer, orderId } = await order(s);
    const reason = 'The refund could not be made: the card account is closed.';
    vi.spyOn(payments(), 'refundPayment').mockRejectedValueOnce(new PaymentRefusedError(reason));

    const refused = await edit(s.headers, orderId, { status: 'Refunded', notes: 'asked twice' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: REFUND_MESSAGES.refused(reason) });
    const kept = await orderRow(orderId);
    expect([kept.status, kept.sellerNotes]).toEqual(['Paid', '']);
    expect((await payoutRow(orderId)).status).toBe('paid');
    const seen = await listed(s.headers, s.business.id, orderId);
    expect(seen.status).toBe('Paid');
    expect(seen.payout_status).toBe('paid');
    expect(seen.refund).toMatchObject({ status: 'failed', amount: '45.00', error: reason });
    expect(await movements(orderId)).toEqual([]);

    const again = await edit(s.headers, orderId, { status: 'Refunded' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'Refunded',
      payout_status: 'reversed',
      refund: { status: 'succeeded', error: null },
    });
    // The second attempt has its own key.
    expect((await movements(orderId)).map((m) => m.idempotencyKey).sort()).toEqual([
      `refund-${orderId}-2`,
      `reversal-${orderId}`,
    ]);
    await t.app.deps.tasks.idle();
    expect(refundMail(buyer.account.email)).toHaveLength(1);
  });

  it('an answer that leaves the refund unknown keeps it pending; the job finishes it with the same key', async () => {
    const s = await seller();
    const { buyer, orderId } = await order(s);
    // The provider made the refund, but its answer never arrived (a timeout, a 5xx).
    const real = payments().refundPayment.bind(payments());
    vi.spyOn(payments(), 'refundPayment').mockImplementationOnce(async (input, key) => {
      await real(input, key);
      throw new PaymentProviderError('Stripe refund failed: Request timed out');
    });
    const unclear = await edit(s.headers, orderId, { status: 'Refunded' });
    expect(unclear.statusCode).toBe(502);
    expect(unclear.json()).toEqual({ error: REFUND_MESSAGES.unclear });
    expect((await orderRow(orderId)).status).toBe('Paid');
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, providerRefundId: null });

    // The request ran the refund's settle job, which failed: its retry resumes the refund with
    // the same key: one refund.
    expect(await jobRows(t.db, REFUND_SETTLE_QUEUE.name, 'retry')).toContainEqual(
      expect.objectContaining({ data: { orderId } }),
    );
    await makeJobsDue(t.db, REFUND_SETTLE_QUEUE.name);
    await t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE]);
    await t.app.deps.tasks.idle();
    expect((await orderRow(orderId)).status).toBe('Refunded');
    expect((await movements(orderId)).map((m) => m.idempotencyKey).sort()).toEqual([
      `refund-${orderId}-1`,
      `reversal-${orderId}`,
    ]);
    expect(refundMail(buyer.account.email)).toHaveLength(1);
  });

  it('a reversal refused after the refund went through completes the refund; the job takes the payout back', async () => {
    const s = await seller();
    const { buyer, orderId } = await order(s);
    vi.spyOn(payments(), 'reverseTransfer').mockRejectedValueOnce(
      new PaymentRefusedError('Insufficient funds in the connected account.'),
    );
    // The buyer has the money back: the order is Refunded, whatever the brand's balance.
    const done = await edit(s.headers, orderId, { status: 'Refunded' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'Refunded',
      payout_status: 'reversing',
      refund: { status: 'succeeded', error: null },
    });
    expect((await payoutRow(orderId)).status).toBe('canceled');
    await t.app.deps.tasks.idle();
    expect(refundMail(buyer.account.email)).toHaveLength(1);

    // The reversal job written with the cancel takes the transfer back (idle() ran it); a
    // PATCH never refunds the buyer again.
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    const again = await edit(s.headers, orderId, { status: 'Canceled' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'Canceled', payout_status: 'reversed' });
    const moved = await movements(orderId);
    expect(moved.filter((m) => m.kind === 'refund')).toHaveLength(1);
    expect(moved.filter((m) => m.kind === 'reversal')).toHaveLength(1);
    expect((await payoutRow(orderId)).status).toBe('reversed');
    // The overview no longer counts the refunded order's payout as the brand's, nor as waiting.
    const overview = await t.app.inject({
      url: `/api/business/overview/${s.business.id}/`,
      headers: s.headers,
    });
    expect(overview.json().stats).toMatchObject({ payouts_total: '0.00', payouts_waiting: '0.00' });
  });

  it('Pending without a payment here (an order synced from Shopify) → Canceled moves no money', async () => {
    const s = await seller();
    const buyer = await shopper(t.app);
    const [synced] = await t.db
      .insert(orders)
      .values({
        businessId: s.business.id,
        userId: buyer.account.id,
        userEmail: buyer.account.email,
        status: 'Pending',
        source: 'shopify',
        subtotalCents: 4500,
        totalCents: 4500,
      })
      .returning({ id: orders.id });
    const orderId = synced!.id;
    const refundSpy = vi.spyOn(payments(), 'refundPayment');
    const res = await edit(s.headers, orderId, { status: 'Canceled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Canceled',
      payout_status: 'not_due',
      refund: null,
    });
    expect(refundSpy).not.toHaveBeenCalled();
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    expect(await movements(orderId)).toEqual([]);
    await t.app.deps.tasks.idle();
    expect(refundMail(buyer.account.email)).toEqual([]);
  });

  it('an order the seller tries to cancel while the buyer is still paying is refused (409), and paid all the same', async () => {
    const s = await seller();
    const scarf = await addProduct(t.db, s.business.id, { name: 'Wool Scarf', priceCents: 4500 });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, scarf.id);
    const body: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    const orderId = body.order_ids[0]!;
    expect((await edit(s.headers, orderId, { status: 'Canceled' })).statusCode).toBe(409);
    // The buyer pays the page they have open: the payment is for this order too.
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    const seen = await listed(s.headers, s.business.id, orderId);
    expect(seen.status).toBe('Paid');
    expect(seen.payout_status).not.toBe('not_due');
    expect(seen.status_history.map((h) => h.status)).toEqual(['Paid']);
    // Cancelling it now gives the buyer's money back.
    const canceled = await edit(s.headers, orderId, { status: 'Canceled' });
    expect(canceled.json()).toMatchObject({ status: 'Canceled', refund: { status: 'succeeded' } });
  });

  it('refunds the order’s total after its share of a promo code', async () => {
    await addPromo(t.db, 'REFUND20', { percentOff: 20 });
    const s = await seller();
    const { orderId } = await order(s, { promo: 'REFUND20' });
    const paid = await orderRow(orderId);
    expect(paid.totalCents).toBe(4500 - 900);
    expect((await edit(s.headers, orderId, { status: 'Refunded' })).statusCode).toBe(200);
    const moved = await movements(orderId);
    expect(moved.find((m) => m.kind === 'refund')!.amountCents).toBe(3600);
    expect(moved.find((m) => m.kind === 'reversal')!.amountCents).toBe(payoutCents(3600));
  });

  it('a replay of checkout.session.completed after the refund changes nothing', async () => {
    const s = await seller();
    const { orderId, sessionId } = await order(s);
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, sessionId));
    expect((await edit(s.headers, orderId, { status: 'Refunded' })).statusCode).toBe(200);

    const event = JSON.parse(session!.pendingEvent!);
    const payload = JSON.stringify({ ...event, id: `evt_replay_${orderId}` });
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    await t.app.deps.tasks.idle();
    expect((await orderRow(orderId)).status).toBe('Refunded');
    const rows = await t.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(rows.map((p) => p.status)).toEqual(['reversed']);
    expect(await movements(orderId)).toHaveLength(2);
  });

  it('still refuses bad input with the contract’s text', async () => {
    const s = await seller();
    const { orderId } = await order(s);
    const res = await edit(s.headers, orderId, { status: 'Refund' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(SELLER_ORDER_MESSAGES.status);
    expect(await movements(orderId)).toEqual([]);
  });
});

describe('a refund another request is making', () => {
  it('is waited for: its refusal is the answer too; one still running after the wait is a 409', async () => {
    const s = await seller();
    const { orderId } = await order(s);
    // Another request claimed the refund a moment ago and is waiting for the provider.
    const [claimed] = await t.db
      .insert(refunds)
      .values({ orderId, businessId: s.business.id, amountCents: 4500, targetStatus: 'Refunded' })
      .returning();
    setTimeout(() => {
      void t.db
        .update(refunds)
        .set({ status: 'failed', lastError: 'The card was closed.' })
        .where(eq(refunds.id, claimed!.id))
        .execute();
    }, 300);
    const waited = await edit(s.headers, orderId, { status: 'Refunded' });
    expect(waited.statusCode).toBe(502);
    expect(waited.json()).toEqual({ error: REFUND_MESSAGES.refused('The card was closed.') });

    await t.db
      .update(refunds)
      .set({ status: 'pending', lastError: null, updatedAt: new Date() })
      .where(eq(refunds.id, claimed!.id));
    const busy = await edit(s.headers, orderId, { status: 'Canceled' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: REFUND_MESSAGES.inProgress });
    expect((await orderRow(orderId)).status).toBe('Paid');
    expect(await movements(orderId)).toEqual([]);
  }, 30_000);
});

describe('the payout worker and the refund at the same time', () => {
  it('a transfer in flight when the refund cancels the payout is reversed: the brand keeps nothing', async () => {
    const s = await seller(false);
    const { orderId } = await order(s);
    // The brand finishes its setup; the worker sends the payout, and the seller refunds the
    // order while that transfer is on its way.
    await t.db
      .update(businesses)
      .set({ stripeAccountId: `acct_race_${orderId}`, stripeStatus: 'active' })
      .where(eq(businesses.id, s.business.id));
    const real = t.app.deps.payments;
    let refundAnswer: Awaited<ReturnType<typeof edit>> | undefined;
    let statusDuringTransfer: string | undefined;
    const interleaving: PaymentProvider = new Proxy(real, {
      get(target, property, receiver) {
        if (property !== 'createTransfer') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<PaymentProvider['createTransfer']>) => {
          const transfer = await target.createTransfer(...args);
          refundAnswer = await edit(s.headers, orderId, { status: 'Refunded' });
          statusDuringTransfer = (await payoutRow(orderId)).status;
          return transfer;
        };
      },
    });
    const sent = await sendPayoutTransfer(
      { db: t.db, payments: interleaving, jobs: t.app.deps.jobs, log: t.app.log },
      orderId,
    );
    expect(sent).toBe('canceled_meanwhile');
    // The reversal goes as a job, committed with the transfer's record.
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(refundAnswer!.statusCode).toBe(200);
    expect(refundAnswer!.json().refund.status).toBe('succeeded');
    expect(statusDuringTransfer).toBe('canceled');

    const payout = await payoutRow(orderId);
    expect(payout.status).toBe('reversed');
    expect(payout.transferId).toMatch(/^tr_local_/);
    const moved = await movements(orderId);
    expect(moved.map((m) => [m.kind, m.source, m.amountCents]).sort()).toEqual([
      ['refund', expect.any(String), 4500],
      ['reversal', payout.transferId, payout.amountCents],
    ]);
    const seen = await listed(s.headers, s.business.id, orderId);
    expect(seen.payout_status).toBe('reversed');
  });
});

describe('crash recovery', () => {
  it('the settle job of a refund whose request died finishes it, with the same keys', async () => {
    const s = await seller();
    const { buyer, orderId, sessionId } = await order(s);
    // A request claimed the refund (with its settle job, to start REFUND_HANDOFF_SECONDS later),
    // got the provider's refund, then died before it recorded it.
    await t.db.transaction(async (tx) => {
      await tx.insert(refunds).values({
        orderId,
        businessId: s.business.id,
        amountCents: 4500,
        targetStatus: 'Refunded',
      });
      await queueRefundSettle(t.app.deps.jobs, tx, orderId, REFUND_HANDOFF_SECONDS);
    });
    await payments().refundPayment(
      { sessionId, amountCents: 4500, orderId },
      `refund-${orderId}-1`,
    );
    // Not before its time; then it finishes the refund.
    expect(await t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE])).toBe(0);
    expect((await orderRow(orderId)).status).toBe('Paid');
    await makeJobsDue(t.db, REFUND_SETTLE_QUEUE.name);
    expect(await t.app.deps.jobs.drain([REFUND_SETTLE_QUEUE])).toBeGreaterThan(0);
    await t.app.deps.tasks.idle();

    expect((await orderRow(orderId)).status).toBe('Refunded');
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(refund!.providerRefundId).toMatch(/^re_local_/);
    expect((await payoutRow(orderId)).status).toBe('reversed');
    expect((await movements(orderId)).map((m) => m.kind).sort()).toEqual(['refund', 'reversal']);
    expect(refundMail(buyer.account.email)).toHaveLength(1);
  });
});

describe('no provider call inside a transaction (decision 0011)', () => {
  it('refuses a refund or a reversal asked from inside one of the app’s transactions', async () => {
    const provider = t.app.deps.payments;
    const input = { sessionId: 'cs_local_x', amountCents: 100, orderId: 1 };
    await expect(
      t.db.transaction(async (tx) => {
        await tx.select().from(refunds).limit(1);
        await provider.refundPayment(input, 'in-tx-refund');
      }),
    ).rejects.toBeInstanceOf(ProviderCallInTransactionError);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.select().from(refunds).limit(1);
        await provider.reverseTransfer(
          { transferId: 'tr_local_x', amountCents: 100, orderId: 1 },
          'in-tx-reversal',
        );
      }),
    ).rejects.toBeInstanceOf(ProviderCallInTransactionError);
    expect(
      await t.db
        .select()
        .from(localMoneyMovements)
        .where(eq(localMoneyMovements.idempotencyKey, 'in-tx-reversal')),
    ).toEqual([]);
  });
});

describe('the local provider’s refunds and reversals', () => {
  it('refuses an unpaid session and more than it took; the same key answers the same record', async () => {
    const s = await seller();
    const unpaid = await order(s, { pay: false });
    await expect(
      payments().refundPayment(
        { sessionId: unpaid.sessionId, amountCents: 100, orderId: unpaid.orderId },
        `test-unpaid-${unpaid.orderId}`,
      ),
    ).rejects.toThrow('This payment was not completed, so it cannot be refunded.');

    const paid = await order(s);
    const input = { sessionId: paid.sessionId, amountCents: 4000, orderId: paid.orderId };
    const first = await payments().refundPayment(input, `test-a-${paid.orderId}`);
    expect(first.id).toMatch(/^re_local_/);
    expect(await payments().refundPayment(input, `test-a-${paid.orderId}`)).toEqual(first);
    await expect(
      payments().refundPayment({ ...input, amountCents: 501 }, `test-b-${paid.orderId}`),
    ).rejects.toThrow(
      'Refund amount ($5.01) is greater than unrefunded amount on the payment ($5.00).',
    );
    const rest = await payments().refundPayment(
      { ...input, amountCents: 500 },
      `test-c-${paid.orderId}`,
    );
    expect(rest.id).not.toBe(first.id);

    const reversal = { transferId: 'tr_local_x', amountCents: 300, orderId: paid.orderId };
    const r1 = await payments().reverseTransfer(reversal, `test-r-${paid.orderId}`);
    expect(r1.id).toMatch(/^trr_local_/);
    expect(await payments().reverseTransfer(reversal, `test-r-${paid.orderId}`)).toEqual(r1);
    expect((await movements(paid.orderId)).map((m) => m.kind).sort()).toEqual([
      'refund',
      'refund',
      'reversal',
    ]);
  });
});
