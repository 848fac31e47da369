import { type CheckoutResponse, SHOPIFY_MESSAGES, SHOPIFY_ORDER_TAG } from '@leafline/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import {
  ADDRESS,
  addPromo,
  addToCart,
  applyPromo,
  checkout,
  type Headers,
  payLocal,
  setFees,
  shopper,
} from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import {
  type FakeShopifyOrders,
  fakeShopifyOrders,
} from '../../../test/helpers/fake-shopify-orders';
import {
  DEMO_STORE,
  type FakeShopify,
  type FakeShopifyStore,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { captureLog } from '../../../test/helpers/log-capture';
import { orders } from '../../db/schema/index';
import { RetryLaterError } from '../../jobs/job-runner';
import { WEBHOOK_PATH } from '../payments';
import { SHOPIFY_ORDER_PUSH_QUEUE } from './shopify-jobs';
import { pushOrderToShopify } from './shopify-order-push';

/**
 * Issue 13 Build 4, order sync: every order that becomes Paid of a business with order sync on
 * is created once in its Shopify store (`orderCreate`) by the durable job runner, through the
 * real @shopify/admin-api-client against the local stand-in store. Jobs are run with drain().
 */

const SECRET = 'whsec_local_test_secret_0123456789abcdef';
const BRAMBLE: FakeShopifyStore = {
  domain: 'bramble-goods.myshopify.com',
  accessToken: 'shpat_fake_bramble_fedcba9876543210',
  name: 'Bramble Goods',
  currencyCode: 'USD',
};
const ROWAN: FakeShopifyStore = {
  domain: 'rowan-studio.myshopify.com',
  accessToken: 'shpat_fake_rowan_00112233445566778899',
  name: 'Rowan Studio',
  currencyCode: 'USD',
};

const { lines, logger } = captureLog('info');

let t: TestApp;
let shopify: FakeShopify;
let store: FakeShopifyOrders;

beforeAll(async () => {
  shopify = await startFakeShopify([DEMO_STORE, BRAMBLE, ROWAN]);
  store = fakeShopifyOrders(shopify);
  t = await buildTestApp(
    {
      LOG_LEVEL: 'info',
      SHOPIFY_ADMIN_ORIGIN: shopify.url,
      SHOPIFY_TIMEOUT_MS: '1500',
      // Driven by drain() here: no polling worker takes the jobs first.
      JOBS_WORKERS: 'false',
      PAYMENTS_JOB_SECONDS: '0',
      STRIPE_WEBHOOK_SECRET: SECRET,
    },
    { logger: logger },
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

beforeEach(() => {
  shopify.calls.length = 0;
});

let serial = 0;

interface Brand extends SignedInShopper {
  businessId: number;
}

async function brand(
  name: string,
  options: { store?: FakeShopifyStore; orderSync?: boolean } = {},
): Promise<Brand> {
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    name,
    stripeAccountId: `acct_${++serial}`,
    stripeStatus: 'active',
  });
  await setFees(t.db, business.id, { worldwide: 500 });
  const b = { ...owner, businessId: business.id };
  if (options.store) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shopifymanualconnect/${b.businessId}/`,
      headers: b.headers,
      payload: {
        shopify_store_url: options.store.domain,
        access_token: options.store.accessToken,
      },
    });
    expect(res.statusCode).toBe(200);
  }
  if (options.orderSync) expect((await toggle(b, true)).statusCode).toBe(200);
  return b;
}

const toggle = (b: Brand, on: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/business/overview/${b.businessId}/`,
    headers: b.headers,
    payload: { shopify_order_sync: on },
  });

/** A product imported from Shopify (its variants carry their Shopify ids). */
async function importedTee(b: Brand) {
  const n = ++serial;
  return addProduct(t.db, b.businessId, {
    name: 'Linen Tee',
    priceCents: 2000,
    shopifyProductId: `gid://shopify/Product/${9000 + n}`,
    variants: [
      { option1: 'S', shopifyVariantId: `gid://shopify/ProductVariant/${n}01` },
      { option1: 'M', shopifyVariantId: `gid://shopify/ProductVariant/${n}02` },
    ],
  });
}

async function buy(headers: Headers): Promise<CheckoutResponse> {
  const res = await checkout(t.app, headers);
  expect(res.statusCode).toBe(200);
  const c = res.json() as CheckoutResponse;
  expect((await payLocal(t.app, c.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  return c;
}

/** One brand with order sync on, a shopper who bought a tee of it: the order, not pushed yet. */
async function paidOrder(b: Brand) {
  const tee = await importedTee(b);
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, tee.id, { variantId: tee.variants[1]!.id });
  const c = await buy(buyer.headers);
  return { orderId: c.order_ids[0]!, tee, buyer, checkout: c };
}

const orderRow = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The orders of a store created for one of our orders (by its source identifier). */
const pushedOf = (domain: string, orderId: number) =>
  store.of(domain).filter((o) => o.input.sourceIdentifier === `leafline-${orderId}`);

const drain = () => t.app.deps.jobs.drain([SHOPIFY_ORDER_PUSH_QUEUE]);

/** Makes the jobs waiting for their retry delay due now (the delay is seconds long). */
const retriesDueNow = () =>
  t.db.execute(
    sql`update pgboss.job set start_after = now()
        where name = ${SHOPIFY_ORDER_PUSH_QUEUE.name} and state = 'retry'`,
  );

/** Seconds until the order's push job is given again (its retry's start). */
const retryWaitSeconds = async (orderId: number) => {
  const rows = await t.db.execute(
    sql`select extract(epoch from start_after - now()) as wait from pgboss.job
        where name = ${SHOPIFY_ORDER_PUSH_QUEUE.name} and state = 'retry'
          and (data->>'orderId')::int = ${orderId}`,
  );
  return Number((rows as unknown as { rows: Array<{ wait: unknown }> }).rows[0]?.wait);
};

const createCalls = () => shopify.calls.filter((c) => c.query.includes('orderCreate('));

const jobsOf = async (state: 'completed' | 'failed' | 'retry' | 'created', orderId: number) =>
  (await t.app.deps.jobs.list(SHOPIFY_ORDER_PUSH_QUEUE, state)).filter(
    (j) => (j.data as { orderId: number }).orderId === orderId,
  );

describe('a paid order is created in the store of a brand with order sync on', () => {
  it('a shopper buys from two brands: one order in the syncing brand’s store, with its lines, address, e-mail and tag; nothing for the other', async () => {
    const alder = await brand('Alder & Oak', { store: DEMO_STORE, orderSync: true });
    const bramble = await brand('Bramble Goods', { store: BRAMBLE });
    const tee = await importedTee(alder);
    // Made on Leafline, not in the store: a custom line.
    const cup = await addProduct(t.db, alder.businessId, { name: 'Bamboo Cup', priceCents: 1000 });
    const soap = await addProduct(t.db, bramble.businessId, { name: 'Oat Soap', priceCents: 1500 });
    const buyer = await shopper(t.app, { email: `fern.${++serial}@example.com` });
    await addToCart(t.app, buyer.headers, tee.id, { variantId: tee.variants[0]!.id, quantity: 2 });
    await addToCart(t.app, buyer.headers, cup.id);
    await addToCart(t.app, buyer.headers, soap.id);
    const c = await buy(buyer.headers);
    const rows = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.id, c.order_ids))
      .orderBy(asc(orders.id));
    const ours = rows.find((o) => o.businessId === alder.businessId)!;
    const theirs = rows.find((o) => o.businessId === bramble.businessId)!;
    expect([ours.status, theirs.status]).toEqual(['Paid', 'Paid']);

    // Only the syncing brand's order has a job; it runs once.
    expect(await drain()).toBe(1);
    const pushed = pushedOf(DEMO_STORE.domain, ours.id);
    expect(pushed).toHaveLength(1);
    const order = pushed[0]!;
    expect(order.input.lineItems).toEqual([
      {
        variantId: tee.variants[0]!.shopifyVariantId,
        quantity: 2,
        priceSet: { shopMoney: { amount: '20.00', currencyCode: 'USD' } },
      },
      {
        title: 'Bamboo Cup',
        quantity: 1,
        priceSet: { shopMoney: { amount: '10.00', currencyCode: 'USD' } },
        requiresShipping: true,
      },
    ]);
    expect(order.input).toMatchObject({
      email: buyer.account.email,
      shippingAddress: {
        firstName: ADDRESS.first_name,
        lastName: ADDRESS.last_name,
        address1: ADDRESS.address_line1,
        address2: ADDRESS.address_line2,
        city: ADDRESS.city,
        provinceCode: ADDRESS.state,
        zip: ADDRESS.postal_code,
        countryCode: 'US',
        phone: ADDRESS.phone_number,
      },
      shippingLines: [
        { title: 'Shipping', priceSet: { shopMoney: { amount: '5.00', currencyCode: 'USD' } } },
      ],
      financialStatus: 'PAID',
      transactions: [
        {
          kind: 'SALE',
          status: 'SUCCESS',
          amountSet: { shopMoney: { amount: '55.00', currencyCode: 'USD' } },
        },
      ],
      sourceName: 'leafline',
      note: `${SHOPIFY_ORDER_TAG} order #${ours.id}`,
    });
    expect(order.input.tags).toContain(SHOPIFY_ORDER_TAG);
    // Shopify takes the sold units off its count (issue 26, rule 6).
    expect(order.options).toEqual({
      inventoryBehaviour: 'DECREMENT_IGNORING_POLICY',
      sendReceipt: false,
      sendFulfillmentReceipt: false,
    });
    // The other brand's store got nothing; our order keeps the Shopify order's id.
    expect(pushedOf(BRAMBLE.domain, theirs.id)).toEqual([]);
    expect(store.of(BRAMBLE.domain)).toEqual([]);
    expect((await orderRow(ours.id)).shopifyOrderId).toBe(order.id);
    expect((await orderRow(theirs.id)).shopifyOrderId).toBeNull();
    // Neither the token nor the buyer's address or e-mail is in any log line.
    const log = lines.join('');
    expect(log).toContain('Shopify order push: created');
    for (const secret of [DEMO_STORE.accessToken, ADDRESS.address_line1, buyer.account.email]) {
      expect(log).not.toContain(secret);
    }
  });

  it('a discounted order carries its share of the discount as the code, and is paid its total', async () => {
    const b = await brand('Promo Linden', { store: DEMO_STORE, orderSync: true });
    await addPromo(t.db, 'LINDEN10', { percentOff: 10 });
    const tee = await importedTee(b);
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, tee.id, { variantId: tee.variants[0]!.id });
    const res = await checkout(t.app, buyer.headers);
    const c = res.json() as CheckoutResponse;
    expect((await applyPromo(t.app, c.checkout_url, 'linden10')).statusCode).toBeLessThan(400);
    expect((await payLocal(t.app, c.checkout_url)).statusCode).toBe(303);
    const orderId = c.order_ids[0]!;
    const row = await orderRow(orderId);
    expect([row.discountCents, row.totalCents]).toEqual([200, 2300]);
    expect(await drain()).toBe(1);
    const [pushed] = pushedOf(DEMO_STORE.domain, orderId);
    expect(pushed!.input).toMatchObject({
      discountCode: {
        itemFixedDiscountCode: {
          code: 'LINDEN10',
          amountSet: { shopMoney: { amount: '2.00', currencyCode: 'USD' } },
        },
      },
      transactions: [{ amountSet: { shopMoney: { amount: '23.00', currencyCode: 'USD' } } }],
    });
  });

  it('an order of a brand without order sync, or that turned it off before the job ran, is not sent', async () => {
    const quiet = await brand('Quiet Fern', { store: DEMO_STORE });
    const before = store.of(DEMO_STORE.domain).length;
    const first = await paidOrder(quiet);
    expect(await drain()).toBe(0);

    const fickle = await brand('Fickle Moss', { store: DEMO_STORE, orderSync: true });
    const second = await paidOrder(fickle);
    expect((await toggle(fickle, false)).json().shopify_order_sync).toBe(false);
    expect(await drain()).toBe(1);
    expect(createCalls()).toEqual([]);
    expect(store.of(DEMO_STORE.domain).length).toBe(before);
    expect((await orderRow(first.orderId)).shopifyOrderId).toBeNull();
    expect((await orderRow(second.orderId)).shopifyOrderId).toBeNull();
  });

  it('turning order sync on without a connected store is a 409 with a readable text, and it stays off', async () => {
    const lone = await brand('Lone Birch');
    const res = await toggle(lone, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.orderSyncNeedsStore });
    const overview = await t.app.inject({
      method: 'GET',
      url: `/api/business/overview/${lone.businessId}/`,
      headers: lone.headers,
    });
    expect(overview.json().shopify_order_sync).toBe(false);
  });
});

describe('exactly once', () => {
  it('Shopify answers 500, then the retry creates the order: one order', async () => {
    const b = await brand('Retry Oak', { store: DEMO_STORE, orderSync: true });
    const { orderId } = await paidOrder(b);
    shopify.failNext(1, { kind: 'status', status: 500 });
    expect(await drain()).toBe(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toEqual([]);
    expect(await jobsOf('retry', orderId)).toHaveLength(1);
    await retriesDueNow();
    expect(await drain()).toBe(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
    expect(await jobsOf('completed', orderId)).toHaveLength(1);
  });

  it('a 429 with Retry-After is waited out within the attempt: one order', async () => {
    const b = await brand('Patient Ash', { store: DEMO_STORE, orderSync: true });
    const { orderId } = await paidOrder(b);
    shopify.failNext(1, { kind: 'status', status: 429, retryAfter: 1 });
    expect(await drain()).toBe(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
    expect(shopify.calls.filter((c) => c.status === 429)).toHaveLength(1);
  });

  it('the store creates the order but its answer is lost: the retry finds it by its source identifier and creates none', async () => {
    const b = await brand('Lost Answer Elm', { store: DEMO_STORE, orderSync: true });
    const { orderId } = await paidOrder(b);
    store.createThenFail(1);
    expect(await drain()).toBe(1);
    const created = pushedOf(DEMO_STORE.domain, orderId);
    expect(created).toHaveLength(1);
    expect((await orderRow(orderId)).shopifyOrderId).toBeNull();
    // Shopify's search may not have the order yet: the next attempt comes a minute later.
    expect(await drain()).toBe(0);
    expect(await retryWaitSeconds(orderId)).toBeGreaterThan(45);
    // The minute has passed.
    await retriesDueNow();
    expect(await drain()).toBe(1);
    expect(shopify.calls.filter((c) => c.query.includes('orders('))).toHaveLength(2);
    expect(createCalls()).toHaveLength(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).shopifyOrderId).toBe(created[0]!.id);
  });

  it('an attempt told to end (its time limit, before its job is given again) ends its call to Shopify; no create was sent, so its retry is not held back', async () => {
    const b = await brand('Cut Short Rowan', { store: DEMO_STORE, orderSync: true });
    const { orderId } = await paidOrder(b);
    shopify.failNext(1, { kind: 'hang' });
    const attempt = new AbortController();
    const started = Date.now();
    const pushing = pushOrderToShopify({ ...t.app.deps, log: t.app.log }, orderId, {
      id: 'cut-short',
      retryCount: 0,
      signal: attempt.signal,
    });
    setTimeout(() => attempt.abort(new Error('the attempt reached its time limit')), 200);
    const error = await pushing.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RetryLaterError);
    // Ended by the signal, well before the call's own 1.5 s limit.
    expect(Date.now() - started).toBeLessThan(1200);
    expect(createCalls()).toHaveLength(0);
    // The job (not cut short) then creates the order once.
    expect(await drain()).toBe(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
  });

  it('an order refunded (or no longer paid) before its job runs is not sent', async () => {
    const b = await brand('Refunded Aspen', { store: DEMO_STORE, orderSync: true });
    const { orderId } = await paidOrder(b);
    await t.db.update(orders).set({ status: 'Refunded' }).where(eq(orders.id, orderId));
    expect(await drain()).toBe(1);
    expect(createCalls()).toHaveLength(0);
    expect((await jobsOf('completed', orderId)).length).toBe(1);
    expect((await orderRow(orderId)).shopifyOrderId).toBeNull();
  });

  it("a product without options is sent as the store's one variant of that product", async () => {
    const b = await brand('Simple Poplar', { store: DEMO_STORE, orderSync: true });
    const n = ++serial;
    const jar = await addProduct(t.db, b.businessId, {
      name: 'Honey Jar',
      priceCents: 1200,
      shopifyProductId: `gid://shopify/Product/${9500 + n}`,
    });
    await t.db.execute(
      sql`update products set shopify_variant_id = ${`gid://shopify/ProductVariant/${n}77`}
          where id = ${jar.id}`,
    );
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, jar.id);
    const c = await buy(buyer.headers);
    expect(await drain()).toBe(1);
    const [pushed] = pushedOf(DEMO_STORE.domain, c.order_ids[0]!);
    expect(pushed!.input.lineItems).toEqual([
      expect.objectContaining({ variantId: `gid://shopify/ProductVariant/${n}77`, quantity: 1 }),
    ]);
  });

  it('the job run again after it succeeded (a redelivery), twice, still leaves one order', async () => {
    const b = await brand('Twice Willow', { store: DEMO_STORE, orderSync: true });
    const { orderId } = await paidOrder(b);
    expect(await drain()).toBe(1);
    const id = (await orderRow(orderId)).shopifyOrderId;
    expect(id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
    // The same job again (a redelivery after an expiry), twice.
    await t.app.deps.jobs.send(t.db, SHOPIFY_ORDER_PUSH_QUEUE, { orderId });
    await t.app.deps.jobs.send(t.db, SHOPIFY_ORDER_PUSH_QUEUE, { orderId });
    expect(await drain()).toBe(2);
    expect(createCalls()).toHaveLength(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).shopifyOrderId).toBe(id);
  });

  it('payment webhooks replayed (the same event, and another completion of the session) push nothing more', async () => {
    const b = await brand('Replay Hazel', { store: DEMO_STORE, orderSync: true });
    const { orderId, checkout: c } = await paidOrder(b);
    const row = await orderRow(orderId);
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: c.checkout_url.split('/').pop(),
            object: 'checkout.session',
            amount_subtotal: 2500,
            amount_total: 2500,
            total_details: { amount_discount: 0 },
            payment_status: 'paid',
            metadata: { checkout_id: String(row.checkoutId) },
          },
        },
      });
    const deliver = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });
    const late = event(`evt_replay_${orderId}`);
    expect((await deliver(late)).json().outcome).toBe('unchanged');
    expect((await deliver(late)).json().outcome).toBe('duplicate');
    expect(await drain()).toBe(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
    expect(await drain()).toBe(0);
  });
});

describe('paid by the seller by hand', () => {
  const edit = (b: Brand, orderId: number, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: b.headers,
      payload: { status },
    });

  it('an unpaid order cannot be set to Paid by its seller (409, nothing pushed); paid, it is pushed once; set to Shipped and Paid again, not again', async () => {
    const b = await brand('Hand Rowan', { store: DEMO_STORE, orderSync: true });
    const tee = await importedTee(b);
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, tee.id, { variantId: tee.variants[0]!.id });
    const res = await checkout(t.app, buyer.headers);
    const started = res.json() as CheckoutResponse;
    const orderId = started.order_ids[0]!;
    expect((await orderRow(orderId)).status).toBe('Pending');
    expect(await drain()).toBe(0);

    // Not paid yet: no order of the brand's, so nothing to mark paid (issue 24 point 1).
    expect((await edit(b, orderId, 'Paid')).statusCode).toBe(409);
    expect(await drain()).toBe(0);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toEqual([]);
    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    expect(await drain()).toBe(1);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
    expect((await edit(b, orderId, 'Shipped')).statusCode).toBe(200);
    expect((await edit(b, orderId, 'Paid')).statusCode).toBe(200);
    expect(await drain()).toBe(0);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toHaveLength(1);
  });

  it('an order paid while sync was off is not pushed when its seller sets it Paid again later', async () => {
    const b = await brand('Late Sync Lime', { store: DEMO_STORE });
    const { orderId } = await paidOrder(b);
    expect((await toggle(b, true)).statusCode).toBe(200);
    expect((await edit(b, orderId, 'Shipped')).statusCode).toBe(200);
    expect((await edit(b, orderId, 'Paid')).statusCode).toBe(200);
    expect(await drain()).toBe(0);
    expect(pushedOf(DEMO_STORE.domain, orderId)).toEqual([]);
  });
});

describe('the store refuses', () => {
  it('a revoked token parks the job at once (failed, visible), creates nothing and crashes nothing', async () => {
    const b = await brand('Revoked Yew', { store: ROWAN, orderSync: true });
    const { orderId } = await paidOrder(b);
    // The owner revoked the app's token in Shopify.
    shopify.stores.set(ROWAN.domain, { ...ROWAN, accessToken: 'shpat_fake_new_token' });
    expect(await drain()).toBe(1);
    const parked = await jobsOf('failed', orderId);
    expect(parked).toHaveLength(1);
    expect(parked[0]!.retryCount).toBe(0);
    expect(JSON.stringify(parked[0]!.output)).not.toContain(ROWAN.accessToken);
    expect(await jobsOf('retry', orderId)).toEqual([]);
    expect(store.of(ROWAN.domain)).toEqual([]);
    expect((await orderRow(orderId)).shopifyOrderId).toBeNull();
    const overview = await t.app.inject({
      method: 'GET',
      url: `/api/business/overview/${b.businessId}/`,
      headers: b.headers,
    });
    expect(overview.statusCode).toBe(200);
    expect(lines.join('')).toContain('the store refused the token: parked');
    expect(lines.join('')).not.toContain(ROWAN.accessToken);
  });

  it('a variant the store no longer has: the order is still created, its line as a custom line', async () => {
    const b = await brand('Gone Variant Fir', { store: DEMO_STORE, orderSync: true });
    const { orderId, tee } = await paidOrder(b);
    store.knownVariants.set(DEMO_STORE.domain, new Set(['gid://shopify/ProductVariant/1']));
    try {
      expect(await drain()).toBe(1);
    } finally {
      store.knownVariants.delete(DEMO_STORE.domain);
    }
    const pushed = pushedOf(DEMO_STORE.domain, orderId);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.input.lineItems).toEqual([
      {
        title: 'Linen Tee (M)',
        quantity: 1,
        priceSet: { shopMoney: { amount: '20.00', currencyCode: 'USD' } },
        requiresShipping: true,
      },
    ]);
    expect(tee.variants[1]!.option1).toBe('M');
    expect(createCalls()).toHaveLength(2);
  });
});
