import {
  type CheckoutResponse,
  type Order,
  PAYMENT_PAGE_MESSAGES as T,
  WEBHOOK_MESSAGES,
} from '@leafline/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
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
import { createLocalProvider } from '../../adapters/payments/local-provider';
import { ProviderCallInTransactionError } from '../../adapters/payments/outside-transactions';
import {
  cartItems,
  carts,
  checkouts,
  localPaymentSessions,
  orders,
  payouts,
  processedWebhookEvents,
  promoCodes,
} from '../../db/schema/index';
import { WEBHOOK_PATH } from './payments.routes';
import { runPaymentJobs } from './payments.service';

const SECRET = 'whsec_local_test_secret_0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_URL: 'https://shop.example',
    PAYMENTS_JOB_SECONDS: '0',
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
});
afterAll(async () => {
  await t.close();
});

const sessionIdOf = (url: string) => url.split('/').pop()!;

/**
 * A cart of two brands: A 2 × $30.00 + $10.00 (ships $5), B 1 × $15.00 (ships $4).
 * Items $85.00 reach the $75 marketplace threshold, so shipping is free; `cheap` keeps it
 * under (A 1 × $30.00 + ships $5, B 1 × $15.00 + ships $4).
 */
async function cartOfTwoBrands(headers: Headers, options: { cheap?: boolean } = {}) {
  const brandA = await addBusiness(t.db, {
    name: 'Alder & Oak',
    email: 'orders@alder.example',
    orderEmail: 'orders@alder.example',
    stripeAccountId: 'acct_alder',
    stripeStatus: 'active',
  });
  const brandB = await addBusiness(t.db, {
    name: 'Bramble Goods',
    email: 'hello@bramble.example',
    orderEmail: 'hello@bramble.example',
    stripeAccountId: 'acct_bramble',
    stripeStatus: 'active',
  });
  await setFees(t.db, brandA.id, { worldwide: 500 });
  await setFees(t.db, brandB.id, { worldwide: 400 });
  const tee = await addProduct(t.db, brandA.id, {
    name: 'Linen Tee',
    priceCents: 3000,
    variants: [{ option1: 'M' }, { option1: 'L' }],
  });
  const cup = await addProduct(t.db, brandA.id, { name: 'Bamboo Cup', priceCents: 1000 });
  const soap = await addProduct(t.db, brandB.id, { name: 'Oat Soap', priceCents: 1500 });
  await addToCart(t.app, headers, tee.id, {
    variantId: tee.variants[0]!.id,
    quantity: options.cheap ? 1 : 2,
  });
  if (!options.cheap) await addToCart(t.app, headers, cup.id);
  await addToCart(t.app, headers, soap.id);
  return { brandA, brandB, tee, cup, soap };
}

async function started(options: { cheap?: boolean } = {}) {
  const buyer = await shopper(t.app);
  const cart = await cartOfTwoBrands(buyer.headers, options);
  const res = await checkout(t.app, buyer.headers);
  expect(res.statusCode).toBe(200);
  return { ...buyer, ...cart, checkout: res.json() as CheckoutResponse };
}

const ordersOf = (ids: number[]) =>
  t.db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));

async function cartLineCount(userId: number) {
  const rows = await t.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return rows.length;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the local payment page', () => {
  it('shows each brand with its lines and shipping, the totals, a labelled card form and a way back', async () => {
    const { checkout: c } = await started({ cheap: true });
    const res = await t.app.inject({ url: c.checkout_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    const words = text(html);
    expect(words).toContain(
      'Alder &amp; Oak Linen Tee (M) × 1 $30.00 Shipping $5.00 Brand total $35.00',
    );
    expect(words).toContain('Bramble Goods Oat Soap × 1 $15.00 Shipping $4.00 Brand total $19.00');
    // Subtotal is the items, as on the checkout page; shipping is its own line.
    expect(words).toContain('Subtotal $45.00 Shipping $9.00 Total due $54.00');
    expect(words).toContain(T.testNotice);
    for (const [id, label] of [
      ['card_number', 'Card number'],
      ['card_expiry', 'Expiry (MM / YY)'],
      ['card_cvc', 'CVC'],
      ['card_name', 'Name on card'],
      ['promo_code', 'Promo code'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}" name="${id}"`);
    }
    expect(html).toContain('<button type="submit" class="pay">Pay $54.00</button>');
    expect(html).toContain('<button type="submit">Apply</button>');
    // PUBLIC_URL's own address is followed as a path: the browser stays on its origin.
    expect(html).toContain(`<a class="cancel" href="/checkout">${T.cancel}</a>`);
    expect(html).toContain(`action="${c.checkout_url}"`);
  });

  it('answers a readable 404 page for an unknown session, never a 5xx', async () => {
    for (const id of ['cs_local_nope', 'x'.repeat(400), '%E0%A4%A', "'; drop table orders; --"]) {
      const res = await t.app.inject({ url: `/pay/${id}` });
      expect([400, 404]).toContain(res.statusCode);
      const post = await payLocal(t.app, `/pay/${id}`);
      expect([400, 404]).toContain(post.statusCode);
    }
    const res = await t.app.inject({ url: '/pay/cs_local_nope' });
    expect(res.body).toContain(T.sessionNotFound);
  });

  it('applies a promo code whatever its case and shows the new total; refuses unknown, inactive and expired ones', async () => {
    await addPromo(t.db, 'SPRING20', { percentOff: 20 });
    await addPromo(t.db, 'OLDCODE', { percentOff: 50, expiresAt: new Date(Date.now() - 60_000) });
    await addPromo(t.db, 'PAUSED', { amountOffCents: 500, active: false });
    const { checkout: c } = await started({ cheap: true });

    const applied = await applyPromo(t.app, c.checkout_url, '  spring20 ');
    expect(applied.statusCode).toBe(200);
    // 20 % of the items ($45.00) is $9.00; shipping is not discounted.
    expect(text(applied.body)).toContain(
      'Subtotal $45.00 Shipping $9.00 Discount (SPRING20) −$9.00 Total due $45.00',
    );
    expect(applied.body).toContain(T.promoApplied);
    expect(applied.body).toContain('Pay $45.00');

    for (const [code, message] of [
      ['NOPE', T.promoInvalid],
      ['PAUSED', T.promoInvalid],
      ['oldcode', T.promoExpired],
    ] as const) {
      const res = await applyPromo(t.app, c.checkout_url, code);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
      // The code applied before stays.
      expect(res.body).toContain('Pay $45.00');
    }
    const removed = await applyPromo(t.app, c.checkout_url, '');
    expect(removed.body).toContain(T.promoRemoved);
    expect(removed.body).toContain('Pay $54.00');
  });

  it.each([
    [{ number: '4242 4242' }, T.cardIncomplete],
    [{ number: '' }, T.cardIncomplete],
    [{ number: '4242 4242 4242 4241' }, T.cardInvalid],
    [{ number: '4242-abcd-4242-4242' }, T.cardInvalid],
    [{ number: '5555 5555 5555 4444' }, T.cardNotTest],
    [{ expiry: '13 / 30' }, T.expiryInvalid],
    [{ expiry: '01 / 20' }, T.expiryPast],
    [{ expiry: '1' }, T.expiryIncomplete],
    [{ cvc: '1' }, T.cvcIncomplete],
    [{ name: '   ' }, T.nameMissing],
  ])('refuses %o with "%s", and nothing is paid', async (card, message) => {
    const { checkout: c, account } = await started({ cheap: true });
    const res = await payLocal(t.app, c.checkout_url, card);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message.replaceAll("'", '&#39;'));
    expect(res.body).toContain('aria-invalid="true"');
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Pending', 'Pending']);
    expect(await cartLineCount(account.id)).toBe(2);
  });

  it('a declined card says so, leaves the orders Pending and the cart intact; the test card then pays', async () => {
    const { checkout: c, account } = await started({ cheap: true });
    const declined = await payLocal(t.app, c.checkout_url, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(`<p class="alert" role="alert">${T.declined}</p>`);
    await t.app.deps.tasks.idle();
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Pending', 'Pending']);
    expect(await cartLineCount(account.id)).toBe(2);
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, sessionIdOf(c.checkout_url)));
    expect(session!.status).toBe('open');
    expect(session!.pendingEvent).toBeNull();

    const paid = await payLocal(t.app, c.checkout_url);
    expect(paid.statusCode).toBe(303);
  });

  it('pays: the orders become Paid with the discount spread by items, payouts are made, the cart is emptied, e-mails go out', async () => {
    await addPromo(t.db, 'LEAFLINE10', { percentOff: 10 });
    const { checkout: c, account, brandA, brandB } = await started();
    await applyPromo(t.app, c.checkout_url, 'leafline10');
    const res = await payLocal(t.app, c.checkout_url);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order-confirmation?order_ids=${c.order_ids.join(',')}`);
    await t.app.deps.tasks.idle();

    // Items A $70.00, B $15.00, free shipping (≥ $75); 10 % of $85.00 = $8.50, split
    // 70 : 15 → A $7.00, B $1.50.
    const [a, b] = await ordersOf(c.order_ids);
    expect(a).toMatchObject({
      businessId: brandA.id,
      status: 'Paid',
      subtotalCents: 7000,
      shippingFeeCents: 0,
      discountCents: 700,
      totalCents: 6300,
      cardBrand: 'visa',
      payoutCents: 6300 - 189,
    });
    expect(b).toMatchObject({ status: 'Paid', discountCents: 150, totalCents: 1350 });
    expect(JSON.parse(a!.notes)).toEqual({
      discount_applied: true,
      discount_code: 'LEAFLINE10',
      global_original_total: '85.00',
      global_discount_amount: '8.50',
      global_discounted_total: '76.50',
      related_orders: [b!.id],
    });
    expect(JSON.parse(b!.notes).related_orders).toEqual([a!.id]);

    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, a!.checkoutId!));
    expect(row).toMatchObject({
      status: 'paid',
      discountCents: 850,
      discountCode: 'LEAFLINE10',
      totalCents: 7650,
    });

    const rows = await t.db
      .select()
      .from(payouts)
      .where(inArray(payouts.orderId, c.order_ids))
      .orderBy(asc(payouts.orderId));
    // 3 % of $63.00 = $1.89; 3 % of $13.50 = $0.405 → $0.41 (half up).
    expect(rows.map((p) => [p.businessId, p.amountCents, p.commissionCents, p.status])).toEqual([
      [brandA.id, 6111, 189, 'paid'],
      [brandB.id, 1309, 41, 'paid'],
    ]);
    expect(rows.every((p) => /^tr_local_[0-9a-f]{24}$/.test(p.transferId ?? ''))).toBe(true);
    expect(rows[0]!.transferGroup).toBe(`checkout_${a!.checkoutId}`);
    expect((await ordersOf(c.order_ids)).map((o) => o.stripeTransferId)).toEqual(
      rows.map((p) => p.transferId),
    );
    expect(await cartLineCount(account.id)).toBe(0);

    const mail = t.mail.filter(
      (m) =>
        m.to === account.email ||
        c.order_ids.some((id) => m.subject === `New order #${id} on Leafline`),
    );
    expect(mail.map((m) => m.to).sort()).toEqual(
      [account.email, 'hello@bramble.example', 'orders@alder.example'].sort(),
    );

    // Back on the page after paying: on to the confirmation.
    const again = await t.app.inject({ url: c.checkout_url });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/order-confirmation?order_ids=${c.order_ids.join(',')}`);

    // The buyer's orders say the same.
    const mine: Order[] = (
      await t.app.inject({ url: '/api/orders/', headers: (await shopperHeaders(account))! })
    ).json();
    expect(mine.map((o) => [o.id, o.status, o.total_price, o.discount_amount])).toEqual([
      [b!.id, 'Paid', '13.50', '1.50'],
      [a!.id, 'Paid', '63.00', '7.00'],
    ]);
  });

  it('keeps what a buyer added after checkout started', async () => {
    const { checkout: c, account, soap, headers } = await started({ cheap: true });
    await addToCart(t.app, headers, soap.id, { quantity: 2 });
    expect((await payLocal(t.app, c.checkout_url)).statusCode).toBe(303);
    const left = await t.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, account.id));
    expect(left).toEqual([{ productId: soap.id, quantity: 2 }]);
  });

  it('an expired session cancels its orders; its page says so', async () => {
    const { checkout: c, account } = await started({ cheap: true });
    await t.db
      .update(localPaymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localPaymentSessions.id, sessionIdOf(c.checkout_url)));
    const page = await t.app.inject({ url: c.checkout_url });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(T.sessionExpired);
    expect((await payLocal(t.app, c.checkout_url)).statusCode).toBe(410);

    await runPaymentJobs({ ...t.app.deps, log: t.app.log });
    await t.app.deps.tasks.idle();
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Canceled', 'Canceled']);
    const [row] = await t.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, (await ordersOf(c.order_ids))[0]!.checkoutId!));
    expect(row!.status).toBe('expired');
    expect(await cartLineCount(account.id)).toBe(2);
    // Abandoned payments are not in My Orders.
    const mine = await t.app.inject({
      url: '/api/orders/',
      headers: (await shopperHeaders(account))!,
    });
    expect(mine.json()).toEqual([]);
  });
});

describe('the local provider, when things go wrong', () => {
  it('a promo code that stopped working before Pay is removed, and the new total shown first', async () => {
    await addPromo(t.db, 'FLASH15', { percentOff: 15 });
    const { checkout: c } = await started({ cheap: true });
    await applyPromo(t.app, c.checkout_url, 'FLASH15');
    await t.db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, 'FLASH15'));
    const res = await payLocal(t.app, c.checkout_url);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(T.promoNoLongerValid);
    expect(res.body).toContain('Pay $54.00');
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Pending', 'Pending']);
    expect((await payLocal(t.app, c.checkout_url)).statusCode).toBe(303);
  });

  it('an event the webhook did not take is delivered again by the periodic job', async () => {
    const { checkout: c } = await started({ cheap: true });
    // Another instance whose delivery fails (its webhook was unreachable).
    const offline = createLocalProvider({
      db: t.db,
      webhookSecret: SECRET,
      deliver: async () => {
        throw new Error('connection refused');
      },
    });
    const paid = await offline.pay(sessionIdOf(c.checkout_url), {
      number: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      name: 'Fern Moss',
    });
    expect(paid).toMatchObject({ ok: true, delivered: false });
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Pending', 'Pending']);

    await runPaymentJobs({ ...t.app.deps, log: t.app.log });
    await t.app.deps.tasks.idle();
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Paid', 'Paid']);
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, sessionIdOf(c.checkout_url)));
    expect(session!.eventDeliveredAt).not.toBeNull();
  });

  it('a checkout left without a payment page (the process stopped) is ended by the job', async () => {
    const { account } = await shopper(t.app);
    const brand = await addBusiness(t.db);
    const [row] = await t.db
      .insert(checkouts)
      .values({
        userId: account.id,
        provider: 'local',
        subtotalCents: 100,
        shippingCents: 0,
        totalCents: 100,
        createdAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning();
    const [order] = await t.db
      .insert(orders)
      .values({ checkoutId: row!.id, userId: account.id, businessId: brand.id, totalCents: 100 })
      .returning();
    await runPaymentJobs({ ...t.app.deps, log: t.app.log });
    const [after] = await t.db.select().from(checkouts).where(eq(checkouts.id, row!.id));
    expect(after!.status).toBe('failed');
    expect((await ordersOf([order!.id]))[0]!.status).toBe('Canceled');
  });
});

describe('the local provider and database transactions (decision 0011)', () => {
  it('is refused inside a transaction, and leaves the session as it was', async () => {
    const { checkout: c } = await started();
    const sessionId = sessionIdOf(c.checkout_url);
    await expect(
      t.db.transaction(() => t.app.deps.payments.expireSession(sessionId)),
    ).rejects.toThrow(ProviderCallInTransactionError);
    const [session] = await t.db
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, sessionId));
    expect(session!.status).toBe('open');
    // Outside one it works.
    expect(await t.app.deps.payments.expireSession(sessionId)).toBe('expired');
  });
});

const tokens = new Map<number, Headers>();
async function shopperHeaders(account: { id: number; username: string; password: string }) {
  if (!tokens.has(account.id)) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: account.username, password: account.password },
    });
    tokens.set(account.id, { authorization: `Bearer ${res.json().access}` });
  }
  return tokens.get(account.id);
}

const post = (payload: string, signature?: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
const signed = (payload: string) =>
  post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));

describe('the webhook', () => {
  it('an event delivered 20 times at once, then out of order, leaves one set of paid orders and one transfer per order', async () => {
    const { checkout: c } = await started({ cheap: true });
    const sessionId = sessionIdOf(c.checkout_url);
    const checkoutId = (await ordersOf(c.order_ids))[0]!.checkoutId!;
    const event = (id: string, type: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            amount_subtotal: 5400,
            amount_total: 5400,
            total_details: { amount_discount: 0 },
            payment_status: type.endsWith('completed') ? 'paid' : 'unpaid',
            metadata: { checkout_id: String(checkoutId) },
            payment_intent: {
              latest_charge: { payment_method_details: { card: { brand: 'mastercard' } } },
            },
          },
        },
      });
    const completed = event('evt_twenty_times', 'checkout.session.completed');
    const answers = await Promise.all(Array.from({ length: 20 }, () => signed(completed)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const outcomes = answers.map((r) => r.json().outcome).sort();
    expect(outcomes).toEqual(['paid', ...Array(19).fill('duplicate')].sort());
    // Late and repeated: an expiry, and the completion once more.
    const late = await Promise.all([
      signed(event('evt_late_expiry', 'checkout.session.expired')),
      signed(event('evt_late_expiry', 'checkout.session.expired')),
      signed(completed),
    ]);
    expect(late.map((r) => r.json().outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'unchanged',
    ]);
    await t.app.deps.tasks.idle();

    const all = await ordersOf(c.order_ids);
    expect(all.map((o) => [o.status, o.cardBrand])).toEqual([
      ['Paid', 'mastercard'],
      ['Paid', 'mastercard'],
    ]);
    const rows = await t.db.select().from(payouts).where(inArray(payouts.orderId, c.order_ids));
    expect(rows.map((p) => p.status)).toEqual(['paid', 'paid']);
    expect(new Set(rows.map((p) => p.transferId)).size).toBe(2);
    const events = await t.db
      .select()
      .from(processedWebhookEvents)
      .where(inArray(processedWebhookEvents.id, ['evt_twenty_times', 'evt_late_expiry']));
    expect(events).toHaveLength(2);
    const once = (id: number) => t.mail.filter((m) => new RegExp(`#${id}\\b`).test(m.subject));
    // The buyer's confirmation names both orders; each brand's e-mail its own: once each.
    expect(once(c.order_ids[0]!)).toHaveLength(2);
    expect(once(c.order_ids[1]!)).toHaveLength(2);
  });

  it('an expired event first, then a late completion: the money taken is honoured (stock not counted: sold), and a second completion pays nothing twice', async () => {
    const { checkout: c } = await started({ cheap: true });
    const sessionId = sessionIdOf(c.checkout_url);
    const base = {
      object: 'event',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_subtotal: 5400,
          amount_total: 5400,
          payment_status: 'paid',
          metadata: { checkout_id: String((await ordersOf(c.order_ids))[0]!.checkoutId) },
        },
      },
    };
    const exp = await signed(
      JSON.stringify({ ...base, id: 'evt_x_exp', type: 'checkout.session.expired' }),
    );
    expect(exp.json().outcome).toBe('expired');
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Canceled', 'Canceled']);
    // The provider took the payment after all (issue 26 rule 2): what can still be sold is.
    const done = await signed(
      JSON.stringify({ ...base, id: 'evt_x_done', type: 'checkout.session.completed' }),
    );
    expect(done.json().outcome).toBe('paid');
    const again = await signed(
      JSON.stringify({ ...base, id: 'evt_x_done_2', type: 'checkout.session.completed' }),
    );
    expect(again.json().outcome).toBe('unchanged');
    expect((await ordersOf(c.order_ids)).map((o) => o.status)).toEqual(['Paid', 'Paid']);
    const rows = await t.db.select().from(payouts).where(inArray(payouts.orderId, c.order_ids));
    expect(rows).toHaveLength(2);
  });

  it.each([
    [
      'no signature',
      '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{}}}',
      undefined,
      WEBHOOK_MESSAGES.badSignature,
    ],
    ['a wrong signature', '{"id":"evt_1"}', 't=1,v1=abc', WEBHOOK_MESSAGES.badSignature],
    [
      'another secret',
      '{"id":"evt_1"}',
      Stripe.webhooks.generateTestHeaderString({
        payload: '{"id":"evt_1"}',
        secret: 'whsec_other',
      }),
      WEBHOOK_MESSAGES.badSignature,
    ],
    [
      'a stale signature',
      '{"id":"evt_1"}',
      Stripe.webhooks.generateTestHeaderString({
        payload: '{"id":"evt_1"}',
        secret: SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
      WEBHOOK_MESSAGES.badSignature,
    ],
  ])('answers 400 for %s', async (_label, payload, signature, message) => {
    const res = await post(payload, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('answers 400 for signed bodies that are not events, never a 5xx', async () => {
    for (const payload of [
      '{"id": "evt_',
      '[]',
      '"text"',
      '{"id":"evt_2","type":"checkout.session.completed","data":{"object":{"id":12}}}',
      '{"id":"evt_3","type":"checkout.session.completed"}',
    ]) {
      const res = await signed(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ error: WEBHOOK_MESSAGES.badEvent });
    }
  });

  it('takes any content type (the signature decides) and acknowledges events it does not handle', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const res = await post(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      'text/plain',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    const unknown = await signed(
      JSON.stringify({
        id: 'evt_unknown_checkout',
        type: 'checkout.session.completed',
        data: {
          object: { id: 'cs_x', payment_status: 'paid', metadata: { checkout_id: '999999' } },
        },
      }),
    );
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await t.app.inject({ url: WEBHOOK_PATH })).statusCode).toBe(404);
  });

  it('an event for another checkout than its session names changes nothing', async () => {
    const first = await started({ cheap: true });
    const second = await started({ cheap: true });
    const secondCheckout = (await ordersOf(second.checkout.order_ids))[0]!.checkoutId!;
    const res = await signed(
      JSON.stringify({
        id: 'evt_mismatch',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionIdOf(first.checkout.checkout_url),
            payment_status: 'paid',
            metadata: { checkout_id: String(secondCheckout) },
          },
        },
      }),
    );
    expect(res.json().outcome).toBe('ignored');
    const rows = await t.db
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.id, [...first.checkout.order_ids, ...second.checkout.order_ids]),
          eq(orders.status, 'Paid'),
        ),
      );
    expect(rows).toEqual([]);
  });
});
