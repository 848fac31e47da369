import {
  ACCOUNT_MESSAGES,
  BUSINESS_MESSAGES,
  type CheckoutResponse,
  type Order,
  SELLER_ORDER_LIMITS,
  SELLER_ORDER_MESSAGES,
  SELLER_PAGE_SIZE,
  type SellerOrder,
  sellerOrder,
  sellerOrdersResponse,
  TOTAL_COUNT_HEADER,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { businesses, orderItems, orders, payouts } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

let accounts = 0;
/** A seller (a signed-in account) owning one new business with a finished payout setup. */
async function seller(values: Parameters<typeof addBusiness>[1] = {}) {
  const owner = await signedInShopper(t.app);
  accounts += 1;
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    stripeAccountId: `acct_test_${accounts}`,
    stripeStatus: 'active',
    ...values,
  });
  return { ...owner, business };
}

/** A paid purchase of `lines` (product id, variant id, quantity) by `buyer`; its order ids. */
async function buy(
  buyer: Headers,
  lines: Array<[number, number | undefined, number]>,
  options: { promo?: string; pay?: boolean } = {},
): Promise<number[]> {
  for (const [productId, variantId, quantity] of lines) {
    await addToCart(t.app, buyer, productId, { ...(variantId ? { variantId } : {}), quantity });
  }
  const res = await checkout(t.app, buyer);
  expect(res.statusCode).toBe(200);
  const body: CheckoutResponse = res.json();
  if (options.pay !== false) {
    if (options.promo) {
      expect((await applyPromo(t.app, body.checkout_url, options.promo)).statusCode).toBeLessThan(
        400,
      );
    }
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  }
  await t.app.deps.tasks.idle();
  return body.order_ids;
}

const list = (headers: Headers, businessId: number | string, query = '') =>
  t.app.inject({ url: `/api/business/orders/${businessId}/${query}`, headers });

const edit = (headers: Headers, orderId: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/business/orders/edit/${orderId}/`,
    headers,
    payload: payload as object,
  });

const orderRow = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** Orders written straight to the database (for the paging and size tests). */
async function insertOrders(
  businessId: number,
  rows: Array<{
    createdAt: Date;
    totalCents?: number;
    status?: SellerOrder['status'];
    name?: string;
    email?: string;
  }>,
): Promise<number[]> {
  const inserted = await t.db
    .insert(orders)
    .values(
      rows.map((r) => ({
        businessId,
        userFullName: r.name ?? 'Rowan Ash',
        userEmail: r.email ?? 'rowan@example.com',
        status: r.status ?? ('Pending' as const),
        subtotalCents: r.totalCents ?? 1000,
        totalCents: r.totalCents ?? 1000,
        createdAt: r.createdAt,
        updatedAt: r.createdAt,
      })),
    )
    .returning({ id: orders.id });
  await t.db.insert(orderItems).values(
    inserted.map((o) => ({
      orderId: o.id,
      productName: 'Wool Socks',
      productPriceCents: 1000,
      quantity: 1,
      totalPriceCents: 1000,
      variantOptions: { Size: 'M' },
    })),
  );
  return inserted.map((o) => o.id);
}

describe('GET /api/business/orders/{businessId}/', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/business/orders/1/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });

  it('lists the business’s orders newest first, every field of the seller’s order', async () => {
    const { headers, business } = await seller({ name: 'Fern & Field' });
    const other = await addBusiness(t.db, { name: 'Juniper Row' });
    const candle = await addProduct(t.db, business.id, {
      name: 'Soy Candle',
      priceCents: 1800,
      optionNames: ['Scent'],
      images: ['products/candle.webp'],
      variants: [{ option1: 'Cedar', images: ['products/candle-cedar.webp'] }],
    });
    const soap = await addProduct(t.db, business.id, { name: 'Oat Soap', priceCents: 700 });
    const towel = await addProduct(t.db, other.id, { name: 'Linen Towel', priceCents: 2200 });
    await addPromo(t.db, 'SELLER10', { percentOff: 10 });

    const { account, headers: buyer } = await shopper(t.app);
    // First a purchase of one soap; then candles from this brand and a towel from another,
    // with a promo code (the discount is spread over both brand orders).
    const [first] = await buy(buyer, [[soap.id, undefined, 1]]);
    const [second, otherBrand] = await buy(
      buyer,
      [
        [candle.id, candle.variants[0]!.id, 2],
        [towel.id, undefined, 1],
      ],
      { promo: 'SELLER10' },
    );

    const res = await list(headers, business.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('2');
    const body: SellerOrder[] = sellerOrdersResponse.parse(res.json());
    // Newest first; the other brand's order is not here.
    expect(body.map((o) => o.id)).toEqual([second, first]);
    expect(body.map((o) => o.id)).not.toContain(otherBrand);

    const row = await orderRow(second!);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.orderId, second!));
    expect(payout?.status).toBe('paid');
    // Items 36.00 + towel 22.00 = 58.00 → 10 % off → this order's share: 3.60.
    expect(body[0]).toEqual({
      id: second,
      business: business.id,
      business_name: 'Fern & Field',
      user_full_name: 'Fern Moss',
      user_email: account.email,
      status: 'Paid',
      created_at: row.createdAt.toISOString(),
      total_price: '32.40',
      items_subtotal: '36.00',
      order_total_shipping_fees: '0.00',
      discount_amount: '3.60',
      tracking_number: '',
      carrier: null,
      tracking_url: null,
      notes: '',
      notes_data: {
        discount_applied: true,
        discount_code: 'SELLER10',
        global_original_total: '58.00',
        global_discount_amount: '5.80',
        global_discounted_total: '52.20',
        related_orders: [otherBrand],
      },
      card_brand: 'visa',
      billing_address: null,
      shipping_address: {
        name: 'Fern Moss',
        line1: '12 Alder Street',
        line2: 'Apt 3',
        city: 'Portland',
        state: 'OR',
        postal_code: '97201',
        country: 'US',
        phone: '503-555-0100',
      },
      order_items: [
        {
          id: expect.any(Number),
          product_id: candle.id,
          variant_id: candle.variants[0]!.id,
          product_name: 'Soy Candle',
          product_price: '18.00',
          quantity: 2,
          total_price: '36.00',
          variant_options: { Scent: 'Cedar' },
          image: '/media/products/candle-cedar.webp',
        },
      ],
      // 32.40 − round(3 % × 32.40 = 0.972) = 32.40 − 0.97.
      payout: '31.43',
      commission: '0.97',
      payout_status: 'paid',
      refund: null,
      stock_movements: [],
      free_shipping_reason: null,
      refunded: null,
      refunds: [],
      returns: [],
      returns_open_until: null,
      status_history: [{ status: 'Paid', at: expect.any(String), tracking_number: '' }],
      updated_at: row.updatedAt.toISOString(),
    });
    expect(body[1]).toMatchObject({
      id: first,
      total_price: '7.00',
      payout: '6.79',
      commission: '0.21',
      payout_status: 'paid',
      order_items: [{ product_name: 'Oat Soap', variant_options: {}, image: null }],
    });
  });

  it('tells where the brand’s money stands: not due, waiting for onboarding, pending, paid, failed', async () => {
    const { headers, business } = await seller();
    const bag = await addProduct(t.db, business.id, { name: 'Jute Bag', priceCents: 1234 });
    const { headers: buyer } = await shopper(t.app);
    // An order synced from the brand's Shopify store (paid there, no payout here).
    const [unpaid] = await insertOrders(business.id, [{ createdAt: new Date(), totalCents: 1234 }]);
    const [paid] = await buy(buyer, [[bag.id, undefined, 1]]);
    const [retrying] = await buy(buyer, [[bag.id, undefined, 1]]);
    const [failed] = await buy(buyer, [[bag.id, undefined, 1]]);
    await t.db.update(payouts).set({ status: 'pending' }).where(eq(payouts.orderId, retrying!));
    await t.db.update(payouts).set({ status: 'failed' }).where(eq(payouts.orderId, failed!));

    const states = async () =>
      Object.fromEntries(
        (await list(headers, business.id))
          .json()
          .map((o: SellerOrder) => [o.id, [o.payout_status, o.payout, o.commission]]),
      );
    // Without a payout row: what the brand would get, not due here.
    expect(await states()).toEqual({
      [unpaid!]: ['not_due', '11.97', '0.37'],
      [paid!]: ['paid', '11.97', '0.37'],
      [retrying!]: ['pending', '11.97', '0.37'],
      [failed!]: ['failed', '11.97', '0.37'],
    });

    // A brand whose payout account is not active waits for its onboarding.
    await t.db
      .update(payouts)
      .set({ amountCents: 1100, commissionCents: 134 })
      .where(eq(payouts.orderId, retrying!));
    await t.db
      .update(businesses)
      .set({ stripeStatus: 'pending' })
      .where(eq(businesses.id, business.id));
    const after = await states();
    // The payout row's own amounts win over the computed ones.
    expect(after[retrying!]).toEqual(['waiting_for_onboarding', '11.00', '1.34']);
    expect(after[paid!]).toEqual(['paid', '11.97', '0.37']);
  });

  it('lists paid orders only: the list, its total and the Orders by status counts agree', async () => {
    const { headers, business } = await seller();
    const bag = await addProduct(t.db, business.id, { name: 'Jute Bag', priceCents: 1234 });
    // One buyer left the payment page; another checked out twice (the first one replaced);
    // a third paid; a Shopify order shows Pending though it was paid there.
    await buy((await shopper(t.app)).headers, [[bag.id, undefined, 1]], { pay: false });
    const twice = (await shopper(t.app)).headers;
    const [replaced] = await buy(twice, [[bag.id, undefined, 1]], { pay: false });
    await buy(twice, [], { pay: false });
    const [paid] = await buy((await shopper(t.app)).headers, [[bag.id, undefined, 1]]);
    const [synced] = await insertOrders(business.id, [{ createdAt: new Date(0) }]);
    expect((await orderRow(replaced!)).status).toBe('Canceled');

    const res = await list(headers, business.id);
    expect(res.json().map((o: SellerOrder) => [o.id, o.status])).toEqual([
      [paid, 'Paid'],
      [synced, 'Pending'],
    ]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('2');

    const sales = await t.app.inject({ url: `/api/business/sales/${business.id}/`, headers });
    const counts: Record<string, number> = sales.json().orders_by_status;
    expect(counts).toMatchObject({ Pending: 1, Paid: 1, Canceled: 0 });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('pages by SELLER_PAGE_SIZE, newest first (id breaks ties), the total in X-Total-Count', async () => {
    const { headers, business } = await seller();
    const other = await seller();
    const start = Date.parse('2026-01-01T12:00:00Z');
    const total = SELLER_PAGE_SIZE * 2 + 3;
    // Pairs of orders share a created_at: the later id comes first.
    const ids = await insertOrders(
      business.id,
      Array.from({ length: total }, (_, i) => ({
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
      })),
    );
    await insertOrders(other.business.id, [{ createdAt: new Date(start + 10 * 86_400_000) }]);
    const expected = ids
      .map((id, i) => ({ id, at: Math.floor(i / 2) }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((o) => o.id);

    const pages: number[][] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await list(headers, business.id, `?page=${page}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(total));
      pages.push(res.json().map((o: SellerOrder) => o.id));
    }
    expect(pages.map((p) => p.length)).toEqual([SELLER_PAGE_SIZE, SELLER_PAGE_SIZE, 3, 0]);
    expect(pages.flat()).toEqual(expected);

    // No page, or one that is not a page number, is the first page.
    for (const query of ['', '?page=0', '?page=abc', '?page=-2']) {
      const res = await list(headers, business.id, query);
      expect(res.json().map((o: SellerOrder) => o.id)).toEqual(pages[0]);
    }
  });

  it('narrows by status, by order number or the buyer’s name or e-mail, and sorts oldest first (issue 29)', async () => {
    const { headers, business } = await seller();
    const other = await seller();
    const start = Date.parse('2026-02-01T09:00:00Z');
    const at = (hours: number) => new Date(start + hours * 3_600_000);
    const [ivy, oak, fern, moss, reed] = await insertOrders(business.id, [
      { createdAt: at(0), status: 'Paid', name: 'Ivy Stone', email: 'ivy@example.com' },
      { createdAt: at(1), status: 'Shipped', name: 'Oak Rivers', email: 'oak@mail.example' },
      { createdAt: at(2), status: 'Paid', name: 'Fern Ivyson', email: 'fern@example.com' },
      { createdAt: at(3), status: 'Delivered', name: 'Moss Lane', email: 'moss_100%@example.com' },
      { createdAt: at(4), status: 'Canceled', name: 'Reed Park', email: 'reed@example.com' },
    ]);
    // Another brand's order matches every search below: it is never listed.
    const [foreign] = await insertOrders(other.business.id, [
      { createdAt: at(5), status: 'Paid', name: 'Ivy Stone', email: 'ivy@example.com' },
    ]);
    const ids = async (query: string) => {
      const res = await list(headers, business.id, query);
      expect(res.statusCode, query).toBe(200);
      const found = res.json().map((o: SellerOrder) => o.id);
      expect(res.headers[TOTAL_COUNT_HEADER], query).toBe(String(found.length));
      return found;
    };

    expect(await ids('')).toEqual([reed, moss, fern, oak, ivy]);
    // To ship (Paid), each status on its own, and with no order in it.
    expect(await ids('?status=Paid')).toEqual([fern, ivy]);
    expect(await ids('?status=Shipped')).toEqual([oak]);
    expect(await ids('?status=Canceled')).toEqual([reed]);
    expect(await ids('?status=Refunded')).toEqual([]);
    // The buyer's name or e-mail, any case and in part; the order number, with or without #.
    expect(await ids('?q=ivy')).toEqual([fern, ivy]);
    expect(await ids('?q=MAIL.EXAMPLE')).toEqual([oak]);
    expect(await ids(`?q=${oak}`)).toEqual([oak]);
    expect(await ids(`?q=%23${moss}`)).toEqual([moss]);
    expect(await ids(`?q=${foreign}`)).toEqual([]);
    // % and _ are letters here, not patterns.
    expect(await ids('?q=100%25')).toEqual([moss]);
    expect(await ids('?q=%25')).toEqual([moss]);
    expect(await ids('?q=_')).toEqual([moss]);
    expect(await ids('?q=%20%20')).toEqual([reed, moss, fern, oak, ivy]);
    // Together, and oldest first.
    expect(await ids('?status=Paid&q=ivy&sort=oldest')).toEqual([ivy, fern]);
    expect(await ids('?sort=oldest')).toEqual([ivy, oak, fern, moss, reed]);
    expect(await ids('?sort=newest&page=1')).toEqual([reed, moss, fern, oak, ivy]);
    // A search's page past its end still says how many it found (counted apart then).
    const beyond = await list(headers, business.id, '?q=ivy&page=2');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers[TOTAL_COUNT_HEADER]).toBe('2');

    // A status, sort or search it does not know is a 400 that says what it takes.
    for (const [query, text] of [
      [
        '?status=Lost',
        'status must be one of Pending, Paid, Shipped, Delivered, Refunded, Canceled.',
      ],
      [
        '?status=paid',
        'status must be one of Pending, Paid, Shipped, Delivered, Refunded, Canceled.',
      ],
      ['?sort=cheapest', 'sort must be newest or oldest.'],
      [`?q=${'a'.repeat(101)}`, 'Search for at most 100 characters.'],
    ] as const) {
      const res = await list(headers, business.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(text);
    }
  });

  it('answers with a handful of queries whatever the page holds, also for 5,000 orders', async () => {
    const { headers, business } = await seller();
    const start = Date.parse('2025-06-01T00:00:00Z');
    const ids = await insertOrders(
      business.id,
      Array.from({ length: 5000 }, (_, i) => ({ createdAt: new Date(start + i * 3_600_000) })),
    );
    // Every order paid and paid out, so that each page reads payouts too.
    await t.db.insert(payouts).values(
      ids.map((orderId) => ({
        orderId,
        businessId: business.id,
        amountCents: 970,
        commissionCents: 30,
        transferGroup: 'checkout_0',
        status: 'paid' as const,
      })),
    );
    // Drizzle sends every statement through its session client's query() (pg pool or PGlite):
    // counting those calls counts the queries of one request.
    const client = (t.db as unknown as { session: { client: { query: () => unknown } } }).session
      .client;
    const spy = vi.spyOn(client, 'query');
    const queriesFor = async (query: string) => {
      spy.mockClear();
      const startedAt = performance.now();
      const res = await list(headers, business.id, query);
      const ms = performance.now() - startedAt;
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe('5000');
      return { count: spy.mock.calls.length, rows: res.json().length, ms };
    };
    const full = await queriesFor('?page=1');
    const last = await queriesFor(`?page=${Math.ceil(5000 / SELLER_PAGE_SIZE)}`);
    const beyond = await queriesFor('?page=1000');
    spy.mockRestore();
    expect([full.rows, last.rows, beyond.rows]).toEqual([SELLER_PAGE_SIZE, SELLER_PAGE_SIZE, 0]);
    // The same few queries for 50 orders as for none: nothing is read one order at a time.
    // The ownership guard, then the page with its total and everything shown of its orders in
    // one statement (docs/decisions/0049; it was ten reads, one a part of the order).
    expect(full.count).toBeGreaterThanOrEqual(2);
    expect(full.count).toBeLessThanOrEqual(3);
    expect(last.count).toBe(full.count);
    // A page past the end has no row to carry the total: it is counted apart.
    expect(beyond.count).toBeLessThanOrEqual(full.count + 1);
    expect(last.ms).toBeLessThan(3000);
  });

  it('is a 404 for a business the caller does not own, closed, unknown or malformed', async () => {
    const { headers } = await seller();
    const other = await seller();
    await insertOrders(other.business.id, [{ createdAt: new Date() }]);
    const closed = await seller({ isActive: false });
    const buyer = await signedInShopper(t.app);
    for (const [who, id] of [
      [headers, other.business.id],
      [buyer.headers, other.business.id],
      [closed.headers, closed.business.id],
      [headers, 999_999_999],
      [headers, 'abc'],
    ] as const) {
      const res = await list(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    }
  });
});

describe('PATCH /api/business/orders/edit/{orderId}/', () => {
  /** A seller with one paid order of theirs (bought by a new shopper). */
  async function paidOrder() {
    const s = await seller({ name: 'Bramble Goods' });
    const scarf = await addProduct(t.db, s.business.id, {
      name: 'Wool Scarf',
      priceCents: 4500,
      optionNames: ['Colour'],
      variants: [{ option1: 'Moss' }],
    });
    const buyer = await shopper(t.app);
    const [orderId] = await buy(buyer.headers, [[scarf.id, scarf.variants[0]!.id, 1]]);
    return { ...s, buyer, orderId: orderId! };
  }

  it('needs a session', async () => {
    const res = await edit({}, 1, { status: 'Shipped' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses to ship or change an order not paid yet (409), and works once it is paid', async () => {
    const { headers, business } = await seller();
    const scarf = await addProduct(t.db, business.id, { name: 'Wool Scarf', priceCents: 4500 });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, scarf.id);
    const started: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    const orderId = started.order_ids[0]!;
    const before = await orderRow(orderId);
    for (const payload of [
      { status: 'Shipped', tracking_number: '1Z999AA10123456784' },
      { status: 'Paid' },
      { status: 'Canceled' },
      { status: 'Refunded' },
      { tracking_number: '1Z999' },
    ]) {
      const res = await edit(headers, orderId, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.orderAwaitingPayment });
    }
    const after = await orderRow(orderId);
    expect([after.status, after.trackingNumber, after.updatedAt]).toEqual([
      before.status,
      before.trackingNumber,
      before.updatedAt,
    ]);

    expect((await payLocal(t.app, started.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    const shipped = await edit(headers, orderId, { status: 'Shipped', tracking_number: '1Z1' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'Shipped', tracking_number: '1Z1' });
  });

  it('sets each field on its own, answers the updated order and keeps the others', async () => {
    const { headers, business, orderId } = await paidOrder();
    const before = await orderRow(orderId);

    const status = await edit(headers, orderId, { status: 'Delivered' });
    expect(status.statusCode).toBe(200);
    const afterStatus: SellerOrder = sellerOrder.parse(status.json());
    expect(afterStatus).toMatchObject({
      id: orderId,
      status: 'Delivered',
      tracking_number: '',
      notes: '',
      payout_status: 'paid',
    });
    expect(Date.parse(afterStatus.updated_at)).toBeGreaterThan(before.updatedAt.getTime());

    const tracking = await edit(headers, orderId, { tracking_number: '  1Z999AA10123456784 ' });
    expect(tracking.statusCode).toBe(200);
    expect(tracking.json()).toMatchObject({
      status: 'Delivered',
      tracking_number: '1Z999AA10123456784',
      notes: '',
    });

    const notes = await edit(headers, orderId, { notes: 'Gift wrap, no invoice in the box.' });
    expect(notes.statusCode).toBe(200);
    expect(notes.json()).toMatchObject({
      status: 'Delivered',
      tracking_number: '1Z999AA10123456784',
      notes: 'Gift wrap, no invoice in the box.',
    });

    // All three at once; any status may follow any other (no transition limits).
    for (const next of ['Pending', 'Refunded', 'Paid', 'Canceled', 'Shipped'] as const) {
      const res = await edit(headers, orderId, {
        status: next,
        tracking_number: `TRACK-${next}`,
        notes: `now ${next}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: next,
        tracking_number: `TRACK-${next}`,
        notes: `now ${next}`,
      });
    }
    // null clears a text.
    const cleared = await edit(headers, orderId, { tracking_number: null, notes: null });
    expect(cleared.json()).toMatchObject({ status: 'Shipped', tracking_number: '', notes: '' });

    // The answer is the order as the list shows it now.
    const listed = (await list(headers, business.id)).json() as SellerOrder[];
    expect(listed.find((o) => o.id === orderId)).toEqual(cleared.json());
    const row = await orderRow(orderId);
    expect([row.status, row.trackingNumber, row.sellerNotes]).toEqual(['Shipped', '', '']);
  });

  it('refuses bad input with the contract’s text, a 400, and changes nothing', async () => {
    const { headers, orderId } = await paidOrder();
    await edit(headers, orderId, { tracking_number: 'KEEP-1', notes: 'keep me' });
    const before = await orderRow(orderId);
    const M = SELLER_ORDER_MESSAGES;
    const cases: Array<[unknown, string, string]> = [
      [{ status: 'Lost' }, M.status, 'status'],
      [{ status: 'shipped' }, M.status, 'status'],
      [{ status: 3, notes: 'fine' }, M.status, 'status'],
      [{ tracking_number: 12345 }, M.trackingNumberText, 'tracking_number'],
      [{ notes: { text: 'x' } }, M.notesText, 'notes'],
      [{ notes: ['x'] }, M.notesText, 'notes'],
      [
        { status: 'Shipped', tracking_number: 'x'.repeat(SELLER_ORDER_LIMITS.trackingNumber + 1) },
        M.trackingNumber,
        'tracking_number',
      ],
      [{ notes: 'n'.repeat(SELLER_ORDER_LIMITS.notes + 1) }, M.notes, 'notes'],
      [{}, M.nothingToChange, 'body'],
      [{ business: 12 }, M.nothingToChange, 'body'],
      [[{ status: 'Shipped' }], M.nothingToChange, 'body'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await edit(headers, orderId, payload);
      expect([JSON.stringify(payload).slice(0, 40), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 40),
        400,
      ]);
      expect(res.json().error).toBe(message);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    // Not JSON at all.
    const garbled = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"status": "Shipped"',
    });
    expect(garbled.statusCode).toBe(400);
    // The limits themselves are fine.
    const longest = await edit(headers, orderId, {
      tracking_number: 't'.repeat(SELLER_ORDER_LIMITS.trackingNumber),
    });
    expect(longest.statusCode).toBe(200);
    await edit(headers, orderId, { tracking_number: 'KEEP-1' });

    const after = await orderRow(orderId);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect(after.status).toBe('Paid');
    expect(
      t.mail.filter((m) => m.subject === `Your Leafline order #${orderId} has shipped`),
    ).toEqual([]);
  });

  it('is a 404 for an order the caller does not own, and changes nothing', async () => {
    const { orderId, buyer } = await paidOrder();
    const other = await seller();
    const closedOwner = await paidOrder();
    await t.db
      .update(businesses)
      .set({ isActive: false })
      .where(eq(businesses.id, closedOwner.business.id));
    const before = await orderRow(orderId);
    for (const [who, id, body] of [
      [other.headers, orderId, { status: 'Shipped', tracking_number: 'X', notes: 'mine' }],
      [other.headers, orderId, { status: 'Lost' }],
      [buyer.headers, orderId, { status: 'Refunded' }],
      [closedOwner.headers, closedOwner.orderId, { status: 'Shipped' }],
      [other.headers, 999_999_999, { status: 'Shipped' }],
      [other.headers, 'abc', { status: 'Shipped' }],
    ] as const) {
      const res = await edit(who, id, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.orderNotFound });
    }
    expect(await orderRow(orderId)).toEqual(before);
    expect((await orderRow(closedOwner.orderId)).status).toBe('Paid');
  });

  it('sends the buyer one shipped e-mail with the tracking number, even for 5 concurrent PATCHes', async () => {
    const { headers, orderId, buyer } = await paidOrder();
    const shippedMail = () =>
      t.mail.filter((m) => m.to === buyer.account.email && m.subject.includes('has shipped'));
    // Changes that do not make it Shipped send nothing.
    await edit(headers, orderId, { tracking_number: '9400 1000 0000 0000 0000 00' });
    await edit(headers, orderId, { status: 'Delivered' });
    await t.app.deps.tasks.idle();
    expect(shippedMail()).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => edit(headers, orderId, { status: 'Shipped' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.json().status)).toEqual(Array(5).fill('Shipped'));
    await t.app.deps.tasks.idle();
    expect(shippedMail()).toHaveLength(1);

    const [mail] = shippedMail();
    expect(mail!.subject).toBe(`Your Leafline order #${orderId} has shipped`);
    expect(mail!.text).toContain('Tracking number: 9400 1000 0000 0000 0000 00');
    expect(mail!.text).toContain('Bramble Goods has shipped your order');
    expect(mail!.text).toContain('Wool Scarf (Colour: Moss)');
    expect(mail!.text).toContain('12 Alder Street');
    expect(mail!.html).toContain('9400 1000 0000 0000 0000 00');
    expect(mail!.html).toContain('Your order has shipped');

    // Shipped again, or back and forth: still the one e-mail.
    await edit(headers, orderId, { status: 'Shipped', tracking_number: 'NEW-1' });
    await edit(headers, orderId, { status: 'Paid' });
    await edit(headers, orderId, { status: 'Shipped' });
    await t.app.deps.tasks.idle();
    expect(shippedMail()).toHaveLength(1);
  });

  it('escapes the tracking number in the e-mail and says when there is none yet', async () => {
    const a = await paidOrder();
    await edit(a.headers, a.orderId, { status: 'Shipped', tracking_number: '<b>1Z&2</b>' });
    const b = await paidOrder();
    await edit(b.headers, b.orderId, { status: 'Shipped' });
    await t.app.deps.tasks.idle();
    const mailTo = (email: string) =>
      t.mail.filter((m) => m.to === email && m.subject.includes('has shipped'));
    const [withTracking] = mailTo(a.buyer.account.email);
    expect(withTracking!.html).toContain('&lt;b&gt;1Z&amp;2&lt;/b&gt;');
    expect(withTracking!.html).not.toContain('<b>1Z');
    const [without] = mailTo(b.buyer.account.email);
    expect(without!.text).toContain('has not added a tracking number yet');
  });

  it('shows the buyer the new status and tracking number, never the seller’s notes', async () => {
    const { headers, orderId, buyer } = await paidOrder();
    const mine = async () => {
      const all: Order[] = (await t.app.inject({ url: '/api/orders/', headers: buyer.headers }))
        .json()
        .filter((o: Order) => o.id === orderId);
      const one: Order = (
        await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
      ).json();
      expect(all).toEqual([one]);
      return one;
    };
    const before = await mine();
    const sellerBefore = ((await list(headers, before.business)).json() as SellerOrder[])[0]!;

    const res = await edit(headers, orderId, {
      status: 'Shipped',
      tracking_number: 'LL-2026-0042',
      notes: 'Buyer asked for recycled packaging.',
    });
    expect(res.statusCode).toBe(200);
    const after = await mine();
    expect(after.status).toBe('Shipped');
    expect(after.tracking_number).toBe('LL-2026-0042');
    // The buyer's notes are still the discount details; the seller's notes are not there.
    expect(after.notes).toBe(before.notes);
    expect(after.notes_data).toEqual(before.notes_data);
    expect(after.notes_data).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain('recycled packaging');

    // The seller's notes_data is the same discount data, before and after the edit.
    const sellerAfter: SellerOrder = res.json();
    expect(sellerAfter.notes).toBe('Buyer asked for recycled packaging.');
    expect(sellerAfter.notes_data).toEqual(sellerBefore.notes_data);
    expect(sellerAfter.notes_data).toEqual(before.notes_data);
    const row = await orderRow(orderId);
    expect(row.notes).toBe(before.notes);
  });

  it('the carrier (issue 29): set, shown to the buyer and in the shipped e-mail as a working link, and cleared', async () => {
    const { headers, orderId, buyer } = await paidOrder();
    const buyerOrder = async (): Promise<Order> =>
      (await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })).json();
    expect(await buyerOrder()).toMatchObject({ carrier: null, tracking_url: null });

    const res = await edit(headers, orderId, {
      status: 'Shipped',
      carrier: 'UPS',
      tracking_number: ' 1Z 999/AA ',
    });
    expect(res.statusCode).toBe(200);
    const url = 'https://www.ups.com/track?tracknum=1Z%20999%2FAA';
    expect(res.json()).toMatchObject({
      carrier: 'UPS',
      tracking_number: '1Z 999/AA',
      tracking_url: url,
    });
    expect(await buyerOrder()).toMatchObject({ carrier: 'UPS', tracking_url: url });
    await t.app.deps.tasks.idle();
    const mail = t.mail.find(
      (m) => m.to === buyer.account.email && m.subject.includes('has shipped'),
    );
    expect(mail!.text).toContain('UPS tracking number: 1Z 999/AA');
    expect(mail!.text).toContain(`Track your parcel: ${url}`);
    expect(mail!.html).toContain(`href="${url}"`);

    // Each known carrier's page; another carrier or no number: the number alone.
    for (const [carrier, link] of [
      ['USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=1Z%20999%2FAA'],
      ['FedEx', 'https://www.fedex.com/fedextrack/?trknbr=1Z%20999%2FAA'],
      ['DHL', 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=1Z%20999%2FAA'],
      ['other', null],
    ] as const) {
      const changed = await edit(headers, orderId, { carrier });
      expect(changed.json()).toMatchObject({ carrier, tracking_url: link });
    }
    const noNumber = await edit(headers, orderId, { carrier: 'FedEx', tracking_number: '' });
    expect(noNumber.json()).toMatchObject({ carrier: 'FedEx', tracking_url: null });
    const cleared = await edit(headers, orderId, { carrier: null });
    expect(cleared.json()).toMatchObject({ carrier: null, tracking_url: null });

    // One it does not know: a 400 that names the five, and nothing changes.
    const wrong = await edit(headers, orderId, { carrier: 'Pigeon' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain(SELLER_ORDER_MESSAGES.carrier);
    expect((await buyerOrder()).carrier).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the seller’s order calls under their tag', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const get = paths['/api/business/orders/{businessId}/']?.get;
    const patch = paths['/api/business/orders/edit/{orderId}/']?.patch;
    for (const op of [get, patch]) {
      expect(op.tags).toEqual(['seller orders']);
      expect(op.summary.length).toBeGreaterThan(20);
    }
  });
});
