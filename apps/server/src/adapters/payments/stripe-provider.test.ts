import { CHECKOUT_MESSAGES, type CheckoutResponse, PROMO_CODE_MESSAGES } from '@leafline/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStripeTestApp, type TestApp } from '../../../test/helpers/app';
import { addToCart, checkout, type Headers, setFees, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import type { FakeStripe } from '../../../test/helpers/fake-stripe-server';
import { jobRows, makeJobsDue } from '../../../test/helpers/jobs';
import { businesses, checkouts, orders, payouts } from '../../db/schema/index';
import { WEBHOOK_PATH } from '../../modules/payments';
import { MAX_PAYOUT_ATTEMPTS, PAYOUT_QUEUES, PAYOUT_TRANSFER_QUEUE } from '../../modules/payouts';
import { ProviderCallInTransactionError } from './outside-transactions';
import { createStripeProvider } from './stripe-provider';

/**
 * The Stripe implementation with the real SDK, against a local stand-in for the Stripe API;
 * events are signed with Stripe's own test helper.
 */

const WEBHOOK_SECRET = 'whsec_stripe_provider_test_0123456789';
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
  stripe.failSessionCreates = 0;
  stripe.failTransfers.clear();
  stripe.transferDelayMs = 0;
});

let n = 0;
/** Brand A (connected, $6 shipping) with a $40 and a $12.50 product; brand B ($3.50) a $9. */
async function cart(
  headers: Headers,
  options: { connectedA?: boolean; connectedB?: boolean } = {},
) {
  n += 1;
  const brandA = await addBusiness(t.db, {
    name: `Alder ${n}`,
    stripeAccountId: `acct_alder_${n}`,
    stripeStatus: options.connectedA === false ? 'pending' : 'active',
  });
  const brandB = await addBusiness(t.db, {
    name: `Bramble ${n}`,
    stripeAccountId: options.connectedB === false ? null : `acct_bramble_${n}`,
    stripeStatus: options.connectedB === false ? 'pending' : 'active',
  });
  await setFees(t.db, brandA.id, { worldwide: 600 });
  await setFees(t.db, brandB.id, { worldwide: 350 });
  const jacket = await addProduct(t.db, brandA.id, {
    name: 'Wool Jacket',
    priceCents: 4000,
    variants: [{ option1: 'S', option2: 'Moss' }],
  });
  const socks = await addProduct(t.db, brandA.id, { name: 'Socks', priceCents: 1250 });
  const balm = await addProduct(t.db, brandB.id, { name: 'Lip Balm', priceCents: 900 });
  await addToCart(t.app, headers, jacket.id, { variantId: jacket.variants[0]!.id });
  await addToCart(t.app, headers, socks.id);
  await addToCart(t.app, headers, balm.id);
  return { brandA, brandB };
}

async function started(options: { connectedA?: boolean; connectedB?: boolean } = {}) {
  const buyer = await shopper(t.app);
  const brands = await cart(buyer.headers, options);
  const res = await checkout(t.app, buyer.headers);
  expect(res.statusCode).toBe(200);
  const body: CheckoutResponse = res.json();
  const sessionId = body.checkout_url.split('/').pop()!;
  return { ...buyer, ...brands, body, sessionId };
}

const ordersOf = (ids: number[]) =>
  t.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));

function deliver(type: string, session: object, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    type,
    data: { object: session },
  });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}

const sessionOf = (id: string) => {
  const { params: _p, card_brand: _c, promotion_code: _pc, ...rest } = stripe.sessions.get(id)!;
  return rest;
};

describe('Stripe: checkout', () => {
  it('creates one Checkout Session for the whole cart: a line per product, shipping per brand, transfer group, promotion codes, the buyer', async () => {
    const { body, sessionId, account, brandA, brandB } = await started();
    expect(body.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const request = stripe.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' &&
        r.method === 'POST' &&
        stripe.sessions.get(sessionId)?.params === r.params,
    );
    expect(request?.authorization).toBe('Bearer sk_test_leafline_fake');
    const params = stripe.sessions.get(sessionId)!.params;
    const [row] = await t.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerSessionId, sessionId));
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'open',
      totalCents: 4000 + 1250 + 900 + 600 + 350,
    });
    expect(params).toMatchObject({
      mode: 'payment',
      allow_promotion_codes: 'true',
      customer_email: account.email,
      client_reference_id: String(row!.id),
      metadata: { checkout_id: String(row!.id) },
      payment_intent_data: { transfer_group: `checkout_${row!.id}` },
      success_url: `https://shop.example/order-confirmation?order_ids=${body.order_ids.join(',')}`,
      cancel_url: 'https://shop.example/checkout',
    });
    const expiresIn = Number(params.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThanOrEqual(24 * 60 * 60);
    type Line = {
      quantity: string;
      price_data: {
        currency: string;
        unit_amount: string;
        product_data: { name: string; description?: string };
      };
    };
    const lines = (params.line_items as Line[]).map((l) => [
      l.price_data.product_data.name,
      l.price_data.product_data.description ?? null,
      l.price_data.currency,
      Number(l.price_data.unit_amount),
      Number(l.quantity),
    ]);
    expect(lines).toEqual([
      ['Wool Jacket', 'S / Moss', 'usd', 4000, 1],
      ['Socks', null, 'usd', 1250, 1],
      ['Lip Balm', null, 'usd', 900, 1],
      [`Shipping — ${brandA.name}`, null, 'usd', 600, 1],
      [`Shipping — ${brandB.name}`, null, 'usd', 350, 1],
    ]);
  });

  it('a failing Stripe answers 503 with a readable text, and the orders are Canceled', async () => {
    const buyer = await shopper(t.app);
    await cart(buyer.headers);
    stripe.failSessionCreates = 5;
    const res = await checkout(t.app, buyer.headers);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: CHECKOUT_MESSAGES.paymentUnavailable });
    const mine = await t.db.select().from(orders).where(eq(orders.userId, buyer.account.id));
    expect(mine.map((o) => o.status)).toEqual(['Canceled', 'Canceled']);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.userId, buyer.account.id));
    expect(row!.status).toBe('failed');
    // Stripe is back: checkout works; My Orders shows no order of either checkout until it is
    // paid, and the new one as the payment it waits for (decision 0025).
    stripe.failSessionCreates = 0;
    const again = await checkout(t.app, buyer.headers);
    expect(again.statusCode).toBe(200);
    const listed = (await t.app.inject({ url: '/api/orders/', headers: buyer.headers })).json();
    expect(listed).toEqual([]);
    const awaiting = await t.app.inject({
      url: '/api/orders/awaiting-payment/',
      headers: buyer.headers,
    });
    expect(awaiting.statusCode).toBe(200);
    expect(awaiting.json()).toMatchObject([{ payment_url: again.json().checkout_url }]);
  });

  it('a second checkout expires the first session at Stripe; a paid first session answers 409', async () => {
    const first = await started();
    const second = await checkout(t.app, first.headers);
    expect(second.statusCode).toBe(200);
    expect(stripe.sessions.get(first.sessionId)!.status).toBe('expired');
    expect((await ordersOf(first.body.order_ids)).map((o) => o.status)).toEqual([
      'Canceled',
      'Canceled',
    ]);

    const secondId = (second.json() as CheckoutResponse).checkout_url.split('/').pop()!;
    stripe.complete(secondId);
    const third = await checkout(t.app, first.headers);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: CHECKOUT_MESSAGES.alreadyPaid });
    expect((await ordersOf(second.json().order_ids)).map((o) => o.status)).toEqual([
      'Pending',
      'Pending',
    ]);
  });
});

describe('Stripe: webhook, payment and transfers', () => {
  it('checkout.session.completed pays the orders with the session totals, and transfers each brand its share once', async () => {
    const { body, sessionId, brandA, brandB } = await started();
    stripe.promotionCodes.set('promo_spring', 'SPRING5');
    stripe.complete(sessionId, {
      discount: 500,
      promotionCode: 'promo_spring',
      cardBrand: 'amex',
      billing: {
        name: 'Fern Moss',
        phone: '+15035550100',
        address: {
          line1: '1 Card Lane',
          line2: null,
          city: 'Salem',
          state: 'OR',
          postal_code: '97301',
          country: 'US',
        },
      },
    });
    const res = await deliver('checkout.session.completed', sessionOf(sessionId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'paid' });
    await t.app.deps.tasks.idle();

    // Items A $52.50, B $9.00: $5.00 split 5250 : 900 → 426.8 / 73.2 → A $4.27, B $0.73.
    const [a, b] = await ordersOf(body.order_ids);
    expect(a).toMatchObject({
      status: 'Paid',
      cardBrand: 'amex',
      discountCents: 427,
      totalCents: 5250 + 600 - 427,
    });
    expect(b).toMatchObject({
      status: 'Paid',
      cardBrand: 'amex',
      discountCents: 73,
      totalCents: 900 + 350 - 73,
    });
    expect(a!.billingAddress).toEqual({
      name: 'Fern Moss',
      line1: '1 Card Lane',
      line2: '',
      city: 'Salem',
      state: 'OR',
      postal_code: '97301',
      country: 'US',
      phone: '+15035550100',
    });
    expect(JSON.parse(a!.notes)).toMatchObject({
      discount_applied: true,
      discount_code: 'SPRING5',
      global_original_total: '71.00',
      global_discount_amount: '5.00',
      global_discounted_total: '66.00',
    });

    // One transfer job per order, run in any order: listed here by order.
    const made = stripe.transfers
      .filter((tr) => body.order_ids.map((id) => `payout-${id}`).includes(tr.idempotencyKey ?? ''))
      .sort((x, y) => x.idempotencyKey!.localeCompare(y.idempotencyKey!, 'en', { numeric: true }));
    const totalA = 5250 + 600 - 427;
    const totalB = 900 + 350 - 73;
    expect(
      made.map((tr) => [
        tr.idempotencyKey,
        tr.params.destination,
        Number(tr.params.amount),
        tr.params.currency,
        tr.params.transfer_group,
      ]),
    ).toEqual([
      [
        `payout-${a!.id}`,
        brandA.stripeAccountId,
        totalA - Math.round(totalA * 0.03),
        'usd',
        `checkout_${a!.checkoutId}`,
      ],
      [
        `payout-${b!.id}`,
        brandB.stripeAccountId,
        totalB - Math.round(totalB * 0.03),
        'usd',
        `checkout_${a!.checkoutId}`,
      ],
    ]);
    const rows = await t.db
      .select()
      .from(payouts)
      .where(inArray(payouts.orderId, body.order_ids))
      .orderBy(asc(payouts.orderId));
    expect(rows.map((p) => [p.status, p.transferId, p.lastError])).toEqual([
      ['paid', made[0]!.id, null],
      ['paid', made[1]!.id, null],
    ]);

    // Stripe retries the event: nothing more happens.
    const again = await deliver('checkout.session.completed', sessionOf(sessionId), 'evt_again');
    expect(again.json().outcome).toBe('unchanged');
    await t.app.deps.tasks.idle();
    expect(stripe.transfers.filter((tr) => tr.idempotencyKey === `payout-${a!.id}`)).toHaveLength(
      1,
    );
  });

  it('checkout.session.expired cancels the orders', async () => {
    const { body, sessionId } = await started();
    stripe.sessions.get(sessionId)!.status = 'expired';
    const res = await deliver('checkout.session.expired', sessionOf(sessionId));
    expect(res.json().outcome).toBe('expired');
    expect((await ordersOf(body.order_ids)).map((o) => o.status)).toEqual(['Canceled', 'Canceled']);
  });

  it('a failed transfer is retried later with the same idempotency key and never duplicated', async () => {
    const { body, sessionId, brandA } = await started();
    stripe.failTransfers.set(brandA.stripeAccountId!, 1);
    stripe.complete(sessionId);
    await deliver('checkout.session.completed', sessionOf(sessionId));
    await t.app.deps.tasks.idle();

    const [a] = await ordersOf(body.order_ids);
    const key = `payout-${a!.id}`;
    let [row] = await t.db.select().from(payouts).where(eq(payouts.orderId, a!.id));
    expect(row).toMatchObject({ status: 'pending', transferId: null });
    expect(row!.lastError).toContain('Transfers are unavailable right now.');
    // The job waits for its retry (backoff): running the ready jobs leaves it alone.
    expect(await jobRows(t.db, PAYOUT_TRANSFER_QUEUE.name, 'retry')).toHaveLength(1);
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(stripe.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(1);

    // Its retry comes due: paid, with the same key.
    await makeJobsDue(t.db, PAYOUT_TRANSFER_QUEUE.name);
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    [row] = await t.db.select().from(payouts).where(eq(payouts.orderId, a!.id));
    expect(row).toMatchObject({ status: 'paid', lastError: null });
    expect(stripe.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(2);
    expect(stripe.transfers.filter((tr) => tr.idempotencyKey === key)).toHaveLength(1);
    expect(row!.transferId).toBe(stripe.transfers.find((tr) => tr.idempotencyKey === key)!.id);

    // Even if a payout were sent again, Stripe answers the same transfer for the same key.
    await t.db.update(payouts).set({ status: 'pending' }).where(eq(payouts.id, row!.id));
    await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId: a!.id });
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    const [after] = await t.db.select().from(payouts).where(eq(payouts.id, row!.id));
    expect(after!.transferId).toBe(row!.transferId);
    expect(stripe.transfers.filter((tr) => tr.idempotencyKey === key)).toHaveLength(1);
    // A transfer job run after the payout is paid sends nothing.
    await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId: a!.id });
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(stripe.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(3);
  });

  it(`gives up after ${MAX_PAYOUT_ATTEMPTS} attempts: the payout is failed and its job parked`, async () => {
    const { body, sessionId, brandA } = await started();
    stripe.failTransfers.set(brandA.stripeAccountId!, 100);
    stripe.complete(sessionId);
    await deliver('checkout.session.completed', sessionOf(sessionId));
    await t.app.deps.tasks.idle();
    const [a] = await ordersOf(body.order_ids);
    const retrying = async () =>
      (await jobRows(t.db, PAYOUT_TRANSFER_QUEUE.name, 'retry')).filter(
        (j) => (j.data as { orderId: number }).orderId === a!.id,
      );
    for (let i = 0; i < 50 && (await retrying()).length > 0; i++) {
      const [row] = await t.db.select().from(payouts).where(eq(payouts.orderId, a!.id));
      expect(row).toMatchObject({ status: 'pending' });
      expect(stripe.requests.filter((r) => r.idempotencyKey === `payout-${a!.id}`)).toHaveLength(
        i + 1,
      );
      await makeJobsDue(t.db, PAYOUT_TRANSFER_QUEUE.name);
      await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    }
    const [row] = await t.db.select().from(payouts).where(eq(payouts.orderId, a!.id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('Transfers are unavailable right now.');
    const parked = await jobRows(t.db, PAYOUT_TRANSFER_QUEUE.name, 'failed');
    expect(parked.map((j) => j.data)).toContainEqual({ orderId: a!.id });
    expect(stripe.requests.filter((r) => r.idempotencyKey === `payout-${a!.id}`).length).toBe(
      MAX_PAYOUT_ATTEMPTS,
    );
  });

  it('a brand that has not finished payout setup keeps its payout pending; nothing is sent for it', async () => {
    const { body, sessionId, brandB } = await started({ connectedB: false });
    stripe.complete(sessionId);
    await deliver('checkout.session.completed', sessionOf(sessionId));
    await t.app.deps.tasks.idle();
    const [, b] = await ordersOf(body.order_ids);
    const [row] = await t.db.select().from(payouts).where(eq(payouts.orderId, b!.id));
    expect(row).toMatchObject({
      businessId: brandB.id,
      status: 'pending',
      transferId: null,
    });
    expect(row!.lastError).toBe('The brand has not finished setting up payouts yet.');
    expect(stripe.requests.filter((r) => r.idempotencyKey === `payout-${b!.id}`)).toHaveLength(0);
  });

  it('two instances sending payouts at the same time send each one once', async () => {
    // Neither brand can be paid yet: the webhook's own run leaves both payouts waiting.
    const { body, sessionId, brandA, brandB } = await started({
      connectedA: false,
      connectedB: false,
    });
    stripe.complete(sessionId);
    await deliver('checkout.session.completed', sessionOf(sessionId));
    await t.app.deps.tasks.idle();
    const ids = body.order_ids;
    const keys = ids.map((id) => `payout-${id}`);
    expect(stripe.requests.filter((r) => keys.includes(r.idempotencyKey ?? ''))).toHaveLength(0);

    // Onboarding finished (each brand's job sent again); two app instances run the jobs at
    // the same moment: each job is taken by one of them.
    await t.db
      .update(businesses)
      .set({ stripeStatus: 'active' })
      .where(eq(businesses.id, brandA.id));
    await t.db
      .update(businesses)
      .set({ stripeStatus: 'active', stripeAccountId: `acct_late_${brandB.id}` })
      .where(eq(businesses.id, brandB.id));
    for (const orderId of ids) {
      await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId });
    }
    stripe.transferDelayMs = 300;
    const runs = await Promise.all([
      t.app.deps.jobs.drain([PAYOUT_TRANSFER_QUEUE]),
      t.app.deps.jobs.drain([PAYOUT_TRANSFER_QUEUE]),
    ]);
    expect(runs[0]! + runs[1]!).toBe(2);
    for (const key of keys) {
      expect(stripe.requests.filter((r) => r.idempotencyKey === key)).toHaveLength(1);
    }
    const rows = await t.db.select().from(payouts).where(inArray(payouts.orderId, ids));
    expect(rows.map((p) => p.status)).toEqual(['paid', 'paid']);
  });
});

describe('no Stripe call inside a database transaction (decision 0011)', () => {
  /** What PostgreSQL shows of the app's database: sessions with a transaction left open. */
  async function openTransactions(): Promise<string[]> {
    const result = (await t.db.execute(
      sql`select state, left(query, 120) as query from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state like 'idle in transaction%'`,
    )) as unknown as { rows: { state: string; query: string }[] };
    return result.rows.map((r) => `${r.state}: ${r.query}`);
  }

  /** Each Stripe request with the transactions of the app open while it waited for it. */
  function watch() {
    const seen: { call: string; open: string[] }[] = [];
    stripe.beforeAnswer = async (r) => {
      const call = `${r.method} ${r.path.replace(/cs_test_\d+/, '{session}')}`;
      seen.push({ call, open: await openTransactions() });
    };
    return seen;
  }

  afterEach(() => {
    stripe.beforeAnswer = null;
  });

  it('checkout, a second checkout, the payment and the transfers call Stripe with no transaction open', async ({
    skip,
  }) => {
    // PGlite has one connection: a look at pg_stat_activity would wait behind the transaction.
    if (t.database.kind !== 'postgres') skip();
    const seen = watch();
    const first = await started();
    const second = await checkout(t.app, first.headers);
    expect(second.statusCode).toBe(200);
    const secondId = (second.json() as CheckoutResponse).checkout_url.split('/').pop()!;
    stripe.complete(secondId);
    await deliver('checkout.session.completed', sessionOf(secondId));
    await t.app.deps.tasks.idle();

    expect([...new Set(seen.map((s) => s.call))].sort()).toEqual([
      'GET /v1/checkout/sessions/{session}',
      'POST /v1/checkout/sessions',
      'POST /v1/checkout/sessions/{session}/expire',
      'POST /v1/transfers',
    ]);
    expect(seen.filter((s) => s.open.length)).toEqual([]);
    expect((await ordersOf(second.json().order_ids)).map((o) => o.stripeTransferId)).toEqual([
      expect.stringMatching(/^tr_/),
      expect.stringMatching(/^tr_/),
    ]);
  });

  it('a call made inside a transaction is seen by that check, and refused by the app', async ({
    skip,
  }) => {
    if (t.database.kind !== 'postgres') skip();
    const seen = watch();
    const transfer = {
      amountCents: 100,
      destination: 'acct_check',
      transferGroup: 'checkout_0',
      orderId: 0,
    };
    // The check itself: the bare provider, called while a transaction waits for it.
    const bare = createStripeProvider({
      secretKey: 'sk_test_leafline_fake',
      webhookSecret: WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: stripe.port, protocol: 'http' },
    });
    await t.db.transaction(async (tx) => {
      await tx.select().from(payouts).limit(1);
      await bare.createTransfer(transfer, 'in-transaction-check');
    });
    expect(seen).toEqual([
      { call: 'POST /v1/transfers', open: [expect.stringMatching(/^idle in transaction/)] },
    ]);

    // The app's provider refuses the same call before it leaves the process.
    await expect(
      t.db.transaction(() => t.app.deps.payments.createTransfer(transfer, 'in-transaction-app')),
    ).rejects.toThrow(ProviderCallInTransactionError);
    expect(seen).toHaveLength(1);
    // Outside a transaction it goes through.
    await expect(
      t.app.deps.payments.createTransfer(transfer, 'outside-transaction-app'),
    ).resolves.toMatchObject({ id: expect.stringMatching(/^tr_/) });
    expect(seen.map((s) => s.open)).toEqual([[expect.any(String)], []]);
  });
});

describe('Stripe: a promo code chosen in the cart (decision 0056)', () => {
  const checkPromo = (headers: Headers, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers, payload: { code } });

  /** A paid brand order's money, the order-specific ids left out. */
  const paidAmounts = async (ids: number[]) =>
    (await ordersOf(ids)).map((o) => {
      const { related_orders: _r, ...notes } = JSON.parse(o.notes) as Record<string, unknown>;
      return [o.status, o.discountCents, o.totalCents, o.payoutCents, notes];
    });

  it('looks the code up at Stripe, splits its discount as the payment will, and puts it on the session instead of the code field', async () => {
    const promotion = stripe.addPromotion(`CART10_${n}`, { percentOff: 10 });
    const buyer = await shopper(t.app);
    const { brandA, brandB } = await cart(buyer.headers);

    const check = await checkPromo(buyer.headers, promotion.code.toLowerCase());
    expect(check.statusCode).toBe(200);
    // A Stripe coupon takes off every line of the session, shipping lines too: 10 % of $71.00
    // (items $61.50 + shipping $9.50) = $7.10, spread by items 5250 : 900 → A $6.06, B $1.04.
    expect(check.json()).toEqual({
      message: PROMO_CODE_MESSAGES.applied,
      code: promotion.code,
      discount: '7.10',
      total: '63.90',
      discount_by_business: [
        { business: brandA.id, business_name: brandA.name, discount: '6.06' },
        { business: brandB.id, business_name: brandB.name, discount: '1.04' },
      ],
    });
    const lookup = stripe.requests.findLast((r) => r.path === '/v1/promotion_codes');
    expect(lookup?.params).toMatchObject({
      code: promotion.code.toLowerCase(),
      active: 'true',
      expand: ['data.promotion.coupon'],
    });

    const res = await checkout(t.app, buyer.headers, { promo_code: promotion.code });
    expect(res.statusCode).toBe(200);
    const body: CheckoutResponse = res.json();
    const sessionId = body.checkout_url.split('/').pop()!;
    const params = stripe.sessions.get(sessionId)!.params;
    expect(params.discounts).toEqual([{ promotion_code: promotion.id }]);
    expect(params.allow_promotion_codes).toBeUndefined();

    // Stripe takes the coupon off at payment; the orders read as with a code typed on its page.
    stripe.complete(sessionId, { discount: 710, promotionCode: promotion.id });
    expect((await deliver('checkout.session.completed', sessionOf(sessionId))).statusCode).toBe(
      200,
    );
    await t.app.deps.tasks.idle();

    const typed = await started();
    stripe.complete(typed.sessionId, { discount: 710, promotionCode: promotion.id });
    await deliver('checkout.session.completed', sessionOf(typed.sessionId));
    await t.app.deps.tasks.idle();

    const paid = await paidAmounts(body.order_ids);
    expect(paid).toEqual(await paidAmounts(typed.body.order_ids));
    expect(paid).toEqual([
      [
        'Paid',
        606,
        5250 + 600 - 606,
        expect.any(Number),
        {
          discount_applied: true,
          discount_code: promotion.code,
          global_original_total: '71.00',
          global_discount_amount: '7.10',
          global_discounted_total: '63.90',
        },
      ],
      ['Paid', 104, 900 + 350 - 104, expect.any(Number), expect.any(Object)],
    ]);
  });

  it('refuses unknown, inactive and expired codes with the readable texts', async () => {
    const buyer = await shopper(t.app);
    await cart(buyer.headers);
    const off = stripe.addPromotion(`PAUSED_${n}`, { amountOff: 500 }, { active: false });
    const old = stripe.addPromotion(
      `OLD_${n}`,
      { percentOff: 50 },
      { expiresAt: Math.floor(Date.now() / 1000) - 60 },
    );
    for (const [code, message] of [
      ['NOPE', PROMO_CODE_MESSAGES.invalid],
      [off.code, PROMO_CODE_MESSAGES.invalid],
      [old.code, PROMO_CODE_MESSAGES.expired],
    ] as const) {
      const res = await checkPromo(buyer.headers, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ error: message, fields: { code: message } });
    }
  });

  it('a code switched off after the cart checked it: 400 before anything is made; switched off while the session is made: 400, the orders canceled', async () => {
    const promotion = stripe.addPromotion(`FADE_${n}`, { percentOff: 20 });
    const buyer = await shopper(t.app);
    await cart(buyer.headers);
    expect((await checkPromo(buyer.headers, promotion.code)).statusCode).toBe(200);

    promotion.active = false;
    const creates = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const res = await checkout(t.app, buyer.headers, { promo_code: promotion.code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: PROMO_CODE_MESSAGES.noLongerValid,
      fields: { promo_code: PROMO_CODE_MESSAGES.invalid },
    });
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(creates);
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.account.id))).toEqual([]);

    // Looked up as working, refused by Stripe when the session is made (the last moment).
    promotion.active = true;
    stripe.beforeAnswer = async (request) => {
      if (request.path === '/v1/checkout/sessions') promotion.active = false;
    };
    try {
      const late = await checkout(t.app, buyer.headers, { promo_code: promotion.code });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe(PROMO_CODE_MESSAGES.noLongerValid);
    } finally {
      stripe.beforeAnswer = null;
    }
    const mine = await t.db.select().from(orders).where(eq(orders.userId, buyer.account.id));
    expect(mine.map((o) => o.status)).toEqual(['Canceled', 'Canceled']);
  });
});
