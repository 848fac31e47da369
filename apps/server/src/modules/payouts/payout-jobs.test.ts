import type { CheckoutResponse, SellerOrder } from '@leafline/contract';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildStripeTestApp, buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import type { FakeStripe } from '../../../test/helpers/fake-stripe-server';
import { jobRows, makeJobsDue } from '../../../test/helpers/jobs';
import { PaymentRefusedError } from '../../adapters/payments/payment-provider';
import { orders, payouts } from '../../db/schema/index';
import { CHECKOUT_EXPIRE_QUEUE } from '../checkout';
import { payoutCents } from '../orders';
import { WEBHOOK_PATH } from '../payments';
import { PAYOUT_QUEUES, PAYOUT_REVERSE_QUEUE, PAYOUT_TRANSFER_QUEUE } from './payout-jobs';
import { NO_TRANSFER_MADE_NOTE } from './payouts.repo';
import { MAX_PAYOUT_ATTEMPTS, PAYOUT_GAVE_UP_NOTE } from './payouts.service';

/**
 * Payout transfers as durable jobs (decision 0020) against the stand-in Stripe server: a
 * transfer survives Stripe being down, one that never gets through is parked where the
 * operator replays it, and a payment that rolls back leaves no job.
 */

const WEBHOOK_SECRET = 'whsec_payout_jobs_test_0123456789';
const OPS_TOKEN = 'ops-token-payout-jobs-0123456789';
const ops = { authorization: `Bearer ${OPS_TOKEN}` };
let stripe: FakeStripe;
let t: TestApp;
let app: Awaited<ReturnType<typeof buildStripeTestApp>>;

beforeAll(async () => {
  app = await buildStripeTestApp(WEBHOOK_SECRET, { OPS_TOKEN });
  ({ t, stripe } = app);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  stripe.failTransfers.clear();
});

let n = 0;
/** A brand (payouts active, owned by a signed-in seller) and a paid-for-by-nobody-yet $30 order. */
async function startedOrder() {
  n += 1;
  const owner = await signedInShopper(t.app);
  const brand = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    name: `Hazel ${n}`,
    stripeAccountId: `acct_hazel_${n}`,
    stripeStatus: 'active',
  });
  const vase = await addProduct(t.db, brand.id, { name: 'Stoneware Vase', priceCents: 3000 });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, vase.id);
  const res = await checkout(t.app, buyer.headers);
  expect(res.statusCode).toBe(200);
  const body: CheckoutResponse = res.json();
  return {
    seller: owner.headers,
    brand,
    orderId: body.order_ids[0]!,
    sessionId: body.checkout_url.split('/').pop()!,
  };
}

function deliverPaid(sessionId: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
  stripe.complete(sessionId);
  const {
    params: _p,
    card_brand: _c,
    promotion_code: _pc,
    ...session
  } = stripe.sessions.get(sessionId)!;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    type: 'checkout.session.completed',
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

const payoutRow = async (orderId: number) =>
  (await t.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]!;
const transfersOf = (orderId: number) =>
  stripe.transfers.filter((tr) => tr.idempotencyKey === `payout-${orderId}`);
const jobsOf = async (orderId: number, state?: string) =>
  (await jobRows(t.db, PAYOUT_TRANSFER_QUEUE.name, state)).filter(
    (j) => (j.data as { orderId: number }).orderId === orderId,
  );

/** What the seller's order list says of the brand's money for the order. */
async function payoutStatusSeen(seller: Headers, businessId: number, orderId: number) {
  const res = await t.app.inject({ url: `/api/business/orders/${businessId}/`, headers: seller });
  expect(res.statusCode).toBe(200);
  return (res.json() as SellerOrder[]).find((o) => o.id === orderId)!.payout_status;
}

/** The backoff passes: the transfer job's retries come due and run. */
async function nextRetry() {
  await makeJobsDue(t.db, PAYOUT_TRANSFER_QUEUE.name);
  await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
}

describe('payout transfers on the job runner', () => {
  it('a transfer survives Stripe being down: retried with the same key, sent once when it is back', async () => {
    const { seller, brand, orderId, sessionId } = await startedOrder();
    stripe.failTransfers.set(brand.stripeAccountId!, 3);
    expect((await deliverPaid(sessionId)).json().outcome).toBe('paid');
    // The payment committed its payout row and its transfer job together.
    expect(await jobsOf(orderId)).toHaveLength(1);
    await t.app.deps.tasks.idle();

    let row = await payoutRow(orderId);
    expect(row).toMatchObject({ status: 'pending', transferId: null });
    expect(row.lastError).toContain('Transfers are unavailable right now.');
    expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('retrying');
    expect(await jobsOf(orderId, 'retry')).toHaveLength(1);

    await nextRetry();
    await nextRetry();
    expect(await payoutRow(orderId)).toMatchObject({ status: 'pending', transferId: null });
    // One job, on its third retry's wait.
    expect(await jobsOf(orderId, 'retry')).toEqual([expect.objectContaining({ retry_count: 2 })]);
    expect(transfersOf(orderId)).toEqual([]);

    // Stripe is back.
    await nextRetry();
    row = await payoutRow(orderId);
    expect(row).toMatchObject({ status: 'paid', lastError: null });
    expect(transfersOf(orderId)).toHaveLength(1);
    expect(transfersOf(orderId)[0]!.params).toMatchObject({
      amount: String(payoutCents(3000)),
      destination: brand.stripeAccountId,
    });
    expect(row.transferId).toBe(transfersOf(orderId)[0]!.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.stripeTransferId).toBe(row.transferId);
    expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('paid');
    expect(await jobsOf(orderId, 'completed')).toHaveLength(1);

    // The job run again (a replay, a second cause) moves no more money.
    await t.app.deps.jobs.send(t.db, PAYOUT_TRANSFER_QUEUE, { orderId });
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(transfersOf(orderId)).toHaveLength(1);
    expect(await payoutRow(orderId)).toMatchObject({ status: 'paid', transferId: row.transferId });
  });

  it('a transfer that never gets through is parked: the payout is failed, the operator sees the job and replays it', async () => {
    const { seller, brand, orderId, sessionId } = await startedOrder();
    stripe.failTransfers.set(brand.stripeAccountId!, 1000);
    expect((await deliverPaid(sessionId)).json().outcome).toBe('paid');
    await t.app.deps.tasks.idle();
    for (let i = 1; i < MAX_PAYOUT_ATTEMPTS; i++) {
      expect(await payoutRow(orderId)).toMatchObject({ status: 'pending' });
      expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('retrying');
      await nextRetry();
    }
    expect(await jobsOf(orderId, 'retry')).toEqual([]);
    const [parked] = await jobsOf(orderId, 'failed');
    expect(parked).toBeDefined();
    const row = await payoutRow(orderId);
    // The job's compensation, when it was parked.
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.lastError).toContain('Transfers are unavailable right now.');
    expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('failed');
    expect(transfersOf(orderId)).toEqual([]);

    // The operator's view: the queue's counts and the parked job with its last error.
    const counts = await t.app.inject({ url: '/ops/jobs/', headers: ops });
    expect(counts.statusCode).toBe(200);
    const transferCounts = (counts.json().queues as Array<{ queue: string; failed: number }>).find(
      (q) => q.queue === 'payout.transfer',
    );
    expect(transferCounts!.failed).toBeGreaterThanOrEqual(1);
    const failed = await t.app.inject({ url: '/ops/jobs/failed/', headers: ops });
    expect(failed.statusCode).toBe(200);
    const listed = (failed.json().jobs as Array<{ id: string }>).find((j) => j.id === parked!.id);
    expect(listed).toMatchObject({
      queue: 'payout.transfer',
      data: { orderId },
      attempts: MAX_PAYOUT_ATTEMPTS,
      error: expect.stringContaining('Transfers are unavailable right now.'),
      failed_at: expect.any(String),
    });

    // Stripe works again; the operator replays the job: paid, once.
    stripe.failTransfers.clear();
    const replay = await t.app.inject({
      method: 'POST',
      url: `/ops/jobs/payout.transfer/${parked!.id}/retry/`,
      headers: ops,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ queue: 'payout.transfer', id: parked!.id, replayed: true });
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(await payoutRow(orderId)).toMatchObject({ status: 'paid', lastError: null });
    expect(transfersOf(orderId)).toHaveLength(1);
    expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('paid');

    // Replayed already: nothing parked under that id any more.
    const again = await t.app.inject({
      method: 'POST',
      url: `/ops/jobs/payout.transfer/${parked!.id}/retry/`,
      headers: ops,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatch(/no parked job/);
    expect(transfersOf(orderId)).toHaveLength(1);
  });

  it('a last try that fails after the transfer (a database error) leaves the payout failed, as its job is parked', async () => {
    const { seller, brand, orderId, sessionId } = await startedOrder();
    expect((await deliverPaid(sessionId)).json().outcome).toBe('paid');
    // The job's own retry limit (not the queue's): this first run is its last try.
    await t.db.execute(
      sql`update pgboss.job set retry_limit = 0 where name = 'payout.transfer' and data->>'orderId' = ${String(orderId)}`,
    );
    // Recording the transfer fails (the order's update is refused).
    await t.db.execute(sql`
      create or replace function fail_order_transfer() returns trigger language plpgsql as $$
      begin raise exception 'orders are read-only right now'; end $$`);
    await t.db.execute(sql`
      create trigger fail_order_transfer before update of stripe_transfer_id on orders
      for each row when (new.stripe_transfer_id is not null) execute function fail_order_transfer()`);
    try {
      await t.app.deps.jobs.drain([PAYOUT_TRANSFER_QUEUE]);
    } finally {
      await t.db.execute(sql`drop trigger fail_order_transfer on orders`);
      await t.db.execute(sql`drop function fail_order_transfer()`);
    }
    expect(await jobsOf(orderId, 'failed')).toHaveLength(1);
    const row = await payoutRow(orderId);
    expect(row.status).toBe('failed');
    expect(row.lastError).toBe(PAYOUT_GAVE_UP_NOTE);
    expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('failed');
  });

  it('a transfer job whose last attempt expired (its worker died) is compensated by the runner: the payout is failed', async () => {
    const { seller, brand, orderId, sessionId } = await startedOrder();
    expect((await deliverPaid(sessionId)).json().outcome).toBe('paid');
    // Its worker died on the last try: the runner's upkeep parked the job as expired.
    await t.db.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now(),
            output = '{ "value": { "message": "job failed by timeout in active state" } }'::jsonb
          where name = 'payout.transfer' and data->>'orderId' = ${String(orderId)}`,
    );
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(await payoutRow(orderId)).toMatchObject({
      status: 'failed',
      lastError: PAYOUT_GAVE_UP_NOTE,
    });
    expect(await payoutStatusSeen(seller, brand.id, orderId)).toBe('failed');
    expect(transfersOf(orderId)).toEqual([]);
    // Still parked, for the operator to replay: then paid, once.
    const [parked] = await jobsOf(orderId, 'failed');
    expect(await t.app.deps.jobs.retry(PAYOUT_TRANSFER_QUEUE, parked!.id)).toBe(true);
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(await payoutRow(orderId)).toMatchObject({ status: 'paid', lastError: null });
    expect(transfersOf(orderId)).toHaveLength(1);
  });

  it('a reversal the provider refuses is parked at once, not retried for a day', async () => {
    const { orderId, sessionId } = await startedOrder();
    expect((await deliverPaid(sessionId)).json().outcome).toBe('paid');
    await t.app.deps.tasks.idle();
    expect(await payoutRow(orderId)).toMatchObject({ status: 'paid' });
    // Refunded meanwhile: the payout is canceled with its transfer, to take back.
    await t.db.update(payouts).set({ status: 'canceled' }).where(eq(payouts.orderId, orderId));
    const refused = vi
      .spyOn(t.app.deps.payments, 'reverseTransfer')
      .mockRejectedValue(new PaymentRefusedError('The transfer was already reversed by hand.'));
    try {
      await t.app.deps.jobs.send(t.db, PAYOUT_REVERSE_QUEUE, { orderId });
      expect(await t.app.deps.jobs.drain([PAYOUT_REVERSE_QUEUE])).toBe(1);
    } finally {
      refused.mockRestore();
    }
    const mine = async (state: string) =>
      (await jobRows(t.db, PAYOUT_REVERSE_QUEUE.name, state)).filter(
        (j) => (j.data as { orderId: number }).orderId === orderId,
      );
    expect(await mine('retry')).toEqual([]);
    expect(await mine('failed')).toMatchObject([{ retry_count: 0 }]);
    const failed = await t.app.inject({ url: '/ops/jobs/failed/', headers: ops });
    const listed = (failed.json().jobs as Array<{ data: unknown; error: string }>).find(
      (j) => (j.data as { orderId: number }).orderId === orderId,
    );
    expect(listed?.error).toContain('already reversed by hand');
    expect(await payoutRow(orderId)).toMatchObject({ status: 'canceled', reversalId: null });
  });

  it('a transfer whose answer was lost before a refund canceled its payout is found at Stripe and taken back; one never made is noted', async () => {
    const refund = (seller: Headers, orderId: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/business/orders/edit/${orderId}/`,
        headers: seller,
        payload: { status: 'Refunded' },
      });
    const made = await startedOrder();
    expect((await deliverPaid(made.sessionId)).json().outcome).toBe('paid');
    await t.app.deps.tasks.idle();
    expect(transfersOf(made.orderId)).toHaveLength(1);
    // As if Stripe's answer had been lost: the try noted its error, the job waits to retry.
    await t.db
      .update(payouts)
      .set({ status: 'pending', transferId: null, paidAt: null, lastError: 'timed out' })
      .where(eq(payouts.orderId, made.orderId));
    await t.db.update(orders).set({ stripeTransferId: null }).where(eq(orders.id, made.orderId));
    // And one whose transfer was never made (Stripe down): its job waits for its retry.
    const never = await startedOrder();
    stripe.failTransfers.set(never.brand.stripeAccountId!, 1);
    expect((await deliverPaid(never.sessionId)).json().outcome).toBe('paid');
    await t.app.deps.tasks.idle();
    expect(await payoutRow(never.orderId)).toMatchObject({ status: 'pending', transferId: null });

    // Both are refunded: the payouts are canceled, and their reversal jobs ask Stripe.
    expect((await refund(made.seller, made.orderId)).statusCode).toBe(200);
    expect((await refund(never.seller, never.orderId)).statusCode).toBe(200);
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(await payoutRow(made.orderId)).toMatchObject({
      status: 'reversed',
      transferId: transfersOf(made.orderId)[0]!.id,
      reversalId: expect.any(String),
    });
    expect(
      stripe.reversals.filter((r) => r.idempotencyKey === `reversal-${made.orderId}`),
    ).toHaveLength(1);
    expect(await payoutRow(never.orderId)).toMatchObject({
      status: 'canceled',
      transferId: null,
      lastError: NO_TRANSFER_MADE_NOTE,
    });
    // The transfer job's retry finds the payout canceled: no transfer, nothing reversed twice.
    await nextRetry();
    await nextRetry();
    expect(transfersOf(never.orderId)).toEqual([]);
    expect(await payoutRow(never.orderId)).toMatchObject({ status: 'canceled', transferId: null });
    expect(
      stripe.reversals.filter((r) => r.idempotencyKey === `reversal-${made.orderId}`),
    ).toHaveLength(1);
  });

  it('a payment whose transaction rolls back leaves no payout and no transfer job; its redelivery leaves one', async () => {
    const { orderId, sessionId } = await startedOrder();
    // The payment's transaction fails at its last steps (after the payouts and their jobs).
    await t.db.execute(sql`
      create or replace function fail_order_events() returns trigger language plpgsql as $$
      begin raise exception 'order events are unavailable'; end $$`);
    await t.db.execute(sql`
      create trigger fail_order_events before insert on order_events
      for each row execute function fail_order_events()`);
    try {
      const eventId = `evt_rollback_${orderId}`;
      expect((await deliverPaid(sessionId, eventId)).statusCode).toBe(500);
      expect(await t.db.select().from(payouts).where(eq(payouts.orderId, orderId))).toEqual([]);
      expect(await jobsOf(orderId)).toEqual([]);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe('Pending');
    } finally {
      await t.db.execute(sql`drop trigger fail_order_events on order_events`);
      await t.db.execute(sql`drop function fail_order_events()`);
    }
    // Stripe delivers the event again: the payment and its one job commit together.
    expect((await deliverPaid(sessionId, `evt_rollback_${orderId}`)).json().outcome).toBe('paid');
    expect(await jobsOf(orderId)).toHaveLength(1);
    await t.app.deps.tasks.idle();
    expect(await payoutRow(orderId)).toMatchObject({ status: 'paid', lastError: null });
    expect(transfersOf(orderId)).toHaveLength(1);
  });

  it('with workers running, the paid order’s transfer is sent by the instance’s own worker', async () => {
    const live = await buildTestApp({ JOBS_WORKERS: 'true', JOBS_POLL_SECONDS: '0.5' });
    try {
      const brand = await addBusiness(live.db, {
        stripeAccountId: 'acct_live_worker',
        stripeStatus: 'active',
      });
      const cup = await addProduct(live.db, brand.id, { name: 'Tea Cup', priceCents: 1800 });
      const buyer = await shopper(live.app);
      await addToCart(live.app, buyer.headers, cup.id);
      const body: CheckoutResponse = (await checkout(live.app, buyer.headers)).json();
      expect((await payLocal(live.app, body.checkout_url)).statusCode).toBe(303);
      const orderId = body.order_ids[0]!;
      const row = async () =>
        (await live.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]!;
      // Nobody drains here: the worker, woken after the payment's commit, sends it.
      for (let waited = 0; (await row()).status !== 'paid'; waited += 100) {
        if (waited > 20_000) throw new Error('the transfer job was never run');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await row()).toMatchObject({
        status: 'paid',
        lastError: null,
        transferId: expect.stringMatching(/^tr_local_/),
      });
      // The payment's other jobs (its e-mails) finish before the instance closes: a job still
      // in a worker's hand when pg-boss stops may outlive the database (pg-boss's stop
      // does not always wait for it).
      // (The checkout's own end, `checkout.expire`, waits for its page's expiry: not the
      // payment's, and not in a worker's hand.)
      const busy = async () =>
        (await live.app.deps.jobs.counts()).some(
          (q) => q.queue !== CHECKOUT_EXPIRE_QUEUE.name && q.created + q.active + q.retry > 0,
        );
      for (let waited = 0; await busy(); waited += 100) {
        if (waited > 20_000) throw new Error('the payment’s jobs never finished');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await live.close();
    }
  });
});
