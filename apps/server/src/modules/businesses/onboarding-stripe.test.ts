import { BUSINESS_MESSAGES, type RegisterBusinessResponse } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStripeTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { shopper } from '../../../test/helpers/buying';
import type { FakeStripe } from '../../../test/helpers/fake-stripe-server';
import { jobRows } from '../../../test/helpers/jobs';
import { multipartPayload } from '../../../test/helpers/multipart-form';
import { businesses, orders, payouts } from '../../db/schema/index';
import { WEBHOOK_PATH } from '../payments';
import { PAYOUT_QUEUES, PAYOUT_TRANSFER_QUEUE } from '../payouts';

/**
 * Payout onboarding with the real Stripe SDK (DESIGN 2.8) against the local stand-in for the
 * Stripe API: Connect Express accounts, account links, provider failures, and Stripe-signed
 * `account.updated` events releasing the brand's waiting payouts.
 */

const WEBHOOK_SECRET = 'whsec_onboarding_stripe_test_0123456789';
const CONNECT_WEBHOOK_SECRET = 'whsec_onboarding_connect_endpoint_0123456789';
let stripe: FakeStripe;
let t: TestApp;

let app: Awaited<ReturnType<typeof buildStripeTestApp>>;
beforeAll(async () => {
  app = await buildStripeTestApp(WEBHOOK_SECRET, {
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
  });
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  stripe.failAccountCreates = 0;
  stripe.failAccountLinks = 0;
});

const FIELDS = {
  name: 'Sorrel Supply',
  description: 'Refillable cleaning products.',
  email: 'hi@sorrel.example',
  shipping_strategy: 'Returnable tins',
  price_range: '$$',
  production: 'Mixed in Ohio',
};

async function register(headers: Record<string, string>) {
  const form = await multipartPayload(FIELDS);
  return t.app.inject({
    method: 'POST',
    url: '/api/registerbiz/',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const rowOf = async (id: number) =>
  (await t.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;

function deliver(
  object: object,
  id = `evt_${Math.random().toString(36).slice(2)}`,
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: 'account.updated',
    data: { object },
  });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
      }),
    },
    payload,
  });
}

describe('Stripe: registration starts Connect Express onboarding', () => {
  it('creates an Express account with the transfers capability and an account_onboarding link back to the dashboard', async () => {
    const user = await signedInShopper(t.app);
    const res = await register(user.headers);
    expect(res.statusCode).toBe(201);
    const body: RegisterBusinessResponse = res.json();
    const row = await rowOf(body.id);
    expect(row.stripeAccountId).toMatch(/^acct_test_/);
    expect(row.stripeStatus).toBe('pending');
    expect(stripe.accounts.get(row.stripeAccountId!)).toMatchObject({
      type: 'express',
      email: 'hi@sorrel.example',
      business_profile: { name: 'Sorrel Supply' },
      capabilities: { transfers: { requested: 'true' } },
      metadata: { business_id: String(body.id) },
    });
    const link = stripe.accountLinks.at(-1)!;
    expect(link).toEqual({
      type: 'account_onboarding',
      account: row.stripeAccountId,
      refresh_url: `https://shop.example/dashboard/?business=${body.id}`,
      return_url: `https://shop.example/dashboard/?business=${body.id}`,
    });
    expect(body.stripe_onboarding_url).toBe(
      `https://connect.stripe.test/setup/e/${row.stripeAccountId}/${stripe.accountLinks.length}`,
    );
  });

  it('a failing Stripe still registers the business (pending, no link); the dashboard link creates the account later', async () => {
    const user = await signedInShopper(t.app);
    stripe.failAccountCreates = 1;
    const res = await register(user.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: BUSINESS_MESSAGES.registered,
      stripe_onboarding_url: null,
    });
    const id: number = res.json().id;
    expect(await rowOf(id)).toMatchObject({ stripeAccountId: null, stripeStatus: 'pending' });

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/api/stripe/onboarding-link/',
      headers: user.headers,
      payload: { business_id: id },
    });
    expect(link.statusCode).toBe(200);
    const accountId = (await rowOf(id)).stripeAccountId;
    expect(accountId).toMatch(/^acct_test_/);
    expect(link.json()).toEqual({
      onboarding_url: expect.stringContaining(`https://connect.stripe.test/setup/e/${accountId}/`),
    });
  });

  it('a failing account link answers 502 with a readable text', async () => {
    const user = await signedInShopper(t.app);
    const { id } = (await register(user.headers)).json() as RegisterBusinessResponse;
    stripe.failAccountLinks = 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/stripe/onboarding-link/',
      headers: user.headers,
      payload: { account_id: (await rowOf(id)).stripeAccountId },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.providerUnavailable });
  });
});

describe('Stripe: account.updated', () => {
  it('sets active and sends the waiting payout exactly once; a replay sends nothing more', async () => {
    const user = await signedInShopper(t.app);
    const { id } = (await register(user.headers)).json() as RegisterBusinessResponse;
    const accountId = (await rowOf(id)).stripeAccountId!;
    // A paid order whose payout waits for the onboarding (as the payment step leaves it).
    const buyer = await shopper(t.app, { address: false });
    const [order] = await t.db
      .insert(orders)
      .values({ businessId: id, userId: buyer.account.id, status: 'Paid', totalCents: 5000 })
      .returning();
    await t.db.insert(payouts).values({
      orderId: order!.id,
      businessId: id,
      amountCents: 4850,
      commissionCents: 150,
      transferGroup: 'checkout_onboarding',
      lastError: 'The brand has not finished setting up payouts yet.',
    });

    const restricted = await deliver({
      id: accountId,
      object: 'account',
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: false,
    });
    expect(restricted.json()).toEqual({ received: true, outcome: 'account_updated' });
    expect((await rowOf(id)).stripeStatus).toBe('restricted');
    await t.app.deps.tasks.idle();
    const mine = () => stripe.transfers.filter((tr) => tr.params.destination === accountId);
    // A restricted account gets no transfer even when its payout's job runs: it waits.
    await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId: order!.id });
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    const [waiting] = await t.db.select().from(payouts).where(eq(payouts.orderId, order!.id));
    expect(waiting).toMatchObject({
      status: 'pending',
      lastError: 'The brand has not finished setting up payouts yet.',
    });
    expect(mine()).toEqual([]);

    const eventId = 'evt_onboarding_active';
    const active = {
      id: accountId,
      object: 'account',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    };
    expect((await deliver(active, eventId)).json()).toEqual({
      received: true,
      outcome: 'account_updated',
    });
    await t.app.deps.tasks.idle();
    expect((await rowOf(id)).stripeStatus).toBe('active');
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.params).toMatchObject({
      amount: '4850',
      currency: 'usd',
      transfer_group: 'checkout_onboarding',
    });
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.orderId, order!.id));
    expect(payout).toMatchObject({ status: 'paid', transferId: mine()[0]!.id, lastError: null });

    expect((await deliver(active, eventId)).json()).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    // Another event saying the same: nothing changes, no second transfer.
    expect((await deliver(active)).json()).toEqual({ received: true, outcome: 'unchanged' });
    await t.app.deps.tasks.idle();
    expect(mine()).toHaveLength(1);
  });

  it('sends a job only for the payouts waiting for the setup, not for one already retrying with its own job', async () => {
    const user = await signedInShopper(t.app);
    const { id } = (await register(user.headers)).json() as RegisterBusinessResponse;
    const accountId = (await rowOf(id)).stripeAccountId!;
    const buyer = await shopper(t.app, { address: false });
    const [waitingOrder, retryingOrder] = await t.db
      .insert(orders)
      .values([
        { businessId: id, userId: buyer.account.id, status: 'Paid', totalCents: 2000 },
        { businessId: id, userId: buyer.account.id, status: 'Paid', totalCents: 3000 },
      ])
      .returning();
    await t.db.insert(payouts).values([
      {
        orderId: waitingOrder!.id,
        businessId: id,
        amountCents: 1940,
        commissionCents: 60,
        transferGroup: 'checkout_release_waiting',
        lastError: 'The brand has not finished setting up payouts yet.',
      },
      {
        orderId: retryingOrder!.id,
        businessId: id,
        amountCents: 2910,
        commissionCents: 90,
        transferGroup: 'checkout_release_retrying',
        lastError: 'Transfers are unavailable right now.',
      },
    ]);
    // The retrying payout's own job, waiting for its next try.
    await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId: retryingOrder!.id });
    const jobsOf = async (orderId: number) =>
      (await jobRows(t.db, PAYOUT_TRANSFER_QUEUE.name)).filter(
        (j) => (j.data as { orderId: number }).orderId === orderId,
      );

    const active = {
      id: accountId,
      object: 'account',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    };
    expect((await deliver(active)).json()).toEqual({ received: true, outcome: 'account_updated' });
    expect(await jobsOf(waitingOrder!.id)).toHaveLength(1);
    // One job counts the retrying payout's attempts, and its error is still what the seller sees.
    expect(await jobsOf(retryingOrder!.id)).toHaveLength(1);
    const [retrying] = await t.db
      .select()
      .from(payouts)
      .where(eq(payouts.orderId, retryingOrder!.id));
    expect(retrying).toMatchObject({
      status: 'pending',
      lastError: 'Transfers are unavailable right now.',
    });
  });

  it("takes an event signed with the Connect endpoint's own secret", async () => {
    const user = await signedInShopper(t.app);
    const { id } = (await register(user.headers)).json() as RegisterBusinessResponse;
    const accountId = (await rowOf(id)).stripeAccountId!;
    const res = await deliver(
      { id: accountId, object: 'account', details_submitted: true, charges_enabled: true },
      undefined,
      CONNECT_WEBHOOK_SECRET,
    );
    expect(res.json()).toEqual({ received: true, outcome: 'account_updated' });
    expect((await rowOf(id)).stripeStatus).toBe('restricted');
  });

  it('refuses an event not signed with the secret', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'account.updated',
      data: { object: { id: 'acct_x', charges_enabled: true, payouts_enabled: true } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });
});
