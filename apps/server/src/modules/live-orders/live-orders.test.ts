import {
  ACCOUNT_MESSAGES,
  BUSINESS_MESSAGES,
  type CheckoutResponse,
  LIVE_MESSAGES,
  LIVE_RECONNECT_MS,
  type OrderEvent,
  orderEvent,
  REVIEW_EVENT_TYPE,
  reviewEvent,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { openSse, type SseClient, type SseEvent } from '../../../test/helpers/sse';
import { openDatabase } from '../../db/client';
import { findUserById, resetLink } from '../auth';
import { recordOrderEvents } from '../orders';

let t: TestApp;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

/** A seller owning one business with a finished payout setup, and one product of it. */
async function seller(app = t.app) {
  const owner = await signedInShopper(app);
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    stripeAccountId: `acct_live_${owner.shopper.id}`,
    stripeStatus: 'active',
  });
  const product = await addProduct(t.db, business.id, { name: 'Beeswax Wrap', priceCents: 1250 });
  return { ...owner, business, product };
}

/** A paid purchase of one product on `app` (the local provider's webhook goes to that app). */
async function buy(app: TestApp['app'], buyer: Headers, productId: number): Promise<number> {
  await addToCart(app, buyer, productId, { quantity: 2 });
  const res = await checkout(app, buyer);
  expect(res.statusCode).toBe(200);
  const body: CheckoutResponse = res.json();
  expect((await payLocal(app, body.checkout_url)).statusCode).toBe(303);
  return body.order_ids[0]!;
}

async function stream(headers: Record<string, string>, businessId: number | string, at = base) {
  const c = await openSse(at, ROUTES.orderEvents.path({ businessId }), headers);
  open.push(c);
  return c;
}

const parse = (e: SseEvent): OrderEvent => orderEvent.parse(JSON.parse(e.data));
const forOrder = (type: string, orderId: number) => (e: SseEvent) =>
  e.event === type && parse(e).order.id === orderId;

describe('GET /api/business/orders/{businessId}/events/', () => {
  it('needs a session, and is a 404 for a business of somebody else', async () => {
    const anonymous = await fetch(new URL(ROUTES.orderEvents.path({ businessId: 1 }), base));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
    const mine = await seller();
    const other = await signedInShopper(t.app);
    const theirs = await fetch(
      new URL(ROUTES.orderEvents.path({ businessId: mine.business.id }), base),
      {
        headers: other.headers,
      },
    );
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    const bad = await fetch(
      new URL(ROUTES.orderEvents.path({ businessId: mine.business.id }), base),
      {
        headers: { ...mine.headers, 'last-event-id': 'yesterday' },
      },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: LIVE_MESSAGES.lastEventId });
  });

  it('the owner gets an event stream: a payment is order.paid, a status change order.updated', async () => {
    const s = await seller();
    const c = await stream(s.headers, s.business.id);
    expect(c.status).toBe(200);
    expect(c.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(c.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(c.headers.get('x-accel-buffering')).toBe('no');
    await expect.poll(() => c.retry).toBe(LIVE_RECONNECT_MS[0]);

    const buyer = await shopper(t.app);
    const orderId = await buy(t.app, buyer.headers, s.product.id);
    const paid = parse(await c.next(forOrder('order.paid', orderId)));
    expect(paid.type).toBe('order.paid');
    expect(paid.business).toBe(s.business.id);
    expect(paid.order.status).toBe('Paid');
    expect(paid.order.total_price).toBe('25.00');
    expect(paid.order.user_full_name).toBe('Fern Moss');
    expect(paid.order.order_items[0]?.product_name).toBe('Beeswax Wrap');
    expect(paid.order.commission).toBe('0.75');
    expect(paid.order.payout).toBe('24.25');

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: s.headers,
      payload: { status: 'Shipped', tracking_number: '1Z999AA10123456784' },
    });
    expect(res.statusCode).toBe(200);
    const updated = parse(await c.next(forOrder('order.updated', orderId)));
    expect(updated.order.status).toBe('Shipped');
    expect(updated.order.tracking_number).toBe('1Z999AA10123456784');
    expect(Number(c.events.at(-1)?.id)).toBe(updated.id);
    expect(updated.id).toBeGreaterThan(paid.id);
  });

  it('a buyer’s message is order.message on the brand’s stream; the brand’s own is not, and neither is order history', async () => {
    const s = await seller();
    const c = await stream(s.headers, s.business.id);
    const buyer = await shopper(t.app);
    const orderId = await buy(t.app, buyer.headers, s.product.id);
    await c.next(forOrder('order.paid', orderId));
    const write = (url: string, headers: Headers, body: string) =>
      t.app.inject({ method: 'POST', url, headers, payload: { body } });
    const buyerUrl = `/api/orders/${orderId}/messages/`;
    expect((await write(buyerUrl, buyer.headers, 'Could you gift-wrap it?')).statusCode).toBe(201);
    const first = parse(await c.next(forOrder('order.message', orderId)));
    expect([first.type, first.business, first.order.status]).toEqual([
      'order.message',
      s.business.id,
      'Paid',
    ]);
    const brandUrl = `/api/business/orders/${orderId}/messages/`;
    expect((await write(brandUrl, s.headers, 'Of course.')).statusCode).toBe(201);
    expect((await write(buyerUrl, buyer.headers, 'Thank you!')).statusCode).toBe(201);
    const second = parse(
      await c.next((e) => forOrder('order.message', orderId)(e) && Number(e.id) > first.id),
    );
    // Two buyer messages, two events: the brand's reply made none.
    expect(c.events.filter(forOrder('order.message', orderId)).map((e) => Number(e.id))).toEqual([
      first.id,
      second.id,
    ]);
    const mine = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers });
    expect(mine.json().status_history.map((h: { status: string }) => h.status)).toEqual(['Paid']);
  });

  it('a buyer’s return request is order.return on the brand’s stream, the order carrying it', async () => {
    const s = await seller();
    const c = await stream(s.headers, s.business.id);
    const buyer = await shopper(t.app);
    const orderId = await buy(t.app, buyer.headers, s.product.id);
    const paid = parse(await c.next(forOrder('order.paid', orderId)));
    const delivered = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: s.headers,
      payload: { status: 'Delivered' },
    });
    expect(delivered.statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns/`,
      headers: buyer.headers,
      payload: {
        items: [{ order_item_id: paid.order.order_items[0]!.id, quantity: 1, reason: 'Too small' }],
      },
    });
    expect(asked.statusCode).toBe(201);
    const event = parse(await c.next(forOrder('order.return', orderId)));
    expect(event.order.status).toBe('Delivered');
    expect(event.order.returns.map((r) => r.status)).toEqual(['requested']);
    const mine = await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers });
    expect(mine.json().status_history.map((h: { status: string }) => h.status)).toEqual([
      'Paid',
      'Delivered',
    ]);
  });

  it('announces paid orders only: an unpaid, replaced or ended checkout never reaches the stream, and list and counts agree', async () => {
    const s = await seller();
    const c = await stream(s.headers, s.business.id);
    const buyer = await shopper(t.app);
    // "Place order", then the buyer leaves the payment page; then checks out again (the first
    // checkout replaced), and leaves again.
    await addToCart(t.app, buyer.headers, s.product.id);
    const first: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    const second: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    const unpaid = [...first.order_ids, ...second.order_ids];
    // The seller cannot act on them, so nothing about them is recorded…
    const ship = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${second.order_ids[0]}/`,
      headers: s.headers,
      payload: { status: 'Shipped' },
    });
    expect(ship.statusCode).toBe(409);
    // …and an event recorded for one anyway (before this rule) is not sent either.
    await recordOrderEvents(t.db, [
      { order: second.order_ids[0]!, business: s.business.id, type: 'status', status: 'Shipped' },
    ]);
    // Another buyer pays: that is the stream's first event.
    const paidId = await buy(t.app, (await shopper(t.app)).headers, s.product.id);
    const paid = parse(
      await c.next((e) => e.event === 'order.paid' || e.event === 'order.updated'),
    );
    expect([paid.type, paid.order.id]).toEqual(['order.paid', paidId]);
    expect(c.events.some((e) => unpaid.includes(parse(e).order.id))).toBe(false);

    // What the dashboard reads again on an event: the list and the counts say the same.
    const list = await t.app.inject({
      url: `/api/business/orders/${s.business.id}/`,
      headers: s.headers,
    });
    expect(list.json().map((o: { id: number }) => o.id)).toEqual([paidId]);
    expect(list.headers['x-total-count']).toBe('1');
    const sales = await t.app.inject({
      url: `/api/business/sales/${s.business.id}/`,
      headers: s.headers,
    });
    const counts: Record<string, number> = sales.json().orders_by_status;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1);
    expect(counts.Paid).toBe(1);

    // The buyer's own checkout paid at last: now it is announced.
    expect((await payLocal(t.app, second.checkout_url)).statusCode).toBe(303);
    const late = parse(await c.next(forOrder('order.paid', second.order_ids[0]!)));
    expect(late.order.status).toBe('Paid');
  });

  it('two sellers connected at once each get only their own business’s events', async () => {
    const [a, b] = [await seller(), await seller()];
    const [ca, cb] = [
      await stream(a.headers, a.business.id),
      await stream(b.headers, b.business.id),
    ];
    const buyer = await shopper(t.app);
    const orderA = await buy(t.app, buyer.headers, a.product.id);
    const orderB = await buy(t.app, buyer.headers, b.product.id);
    await ca.next(forOrder('order.paid', orderA));
    await cb.next(forOrder('order.paid', orderB));
    // Both payments have been announced to both streams' instance; give a stray event time.
    await new Promise((r) => setTimeout(r, 200));
    expect(ca.events.map((e) => parse(e).business)).toEqual([a.business.id]);
    expect(cb.events.map((e) => parse(e).business)).toEqual([b.business.id]);
    expect(ca.events.map((e) => parse(e).order.id)).toEqual([orderA]);
  });

  it('a reconnect with Last-Event-ID is sent what was missed, each event once', async () => {
    const s = await seller();
    const buyer = await shopper(t.app);
    const first = await stream(s.headers, s.business.id);
    const order1 = await buy(t.app, buyer.headers, s.product.id);
    const seen = parse(await first.next(forOrder('order.paid', order1)));
    first.close();
    // Missed while away: a payment and a status change.
    const order2 = await buy(t.app, buyer.headers, s.product.id);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${order1}/`,
      headers: s.headers,
      payload: { status: 'Delivered' },
    });
    expect(edit.statusCode).toBe(200);

    const again = await stream({ ...s.headers, 'last-event-id': String(seen.id) }, s.business.id);
    expect(again.status).toBe(200);
    await again.next(forOrder('order.paid', order2));
    const delivered = parse(await again.next(forOrder('order.updated', order1)));
    expect(delivered.order.status).toBe('Delivered');
    // And live after the catch-up, still on the same connection.
    const order3 = await buy(t.app, buyer.headers, s.product.id);
    await again.next(forOrder('order.paid', order3));
    const ids = again.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((x, y) => x - y));
    expect(
      again.events.filter((e) => e.event === 'order.paid').map((e) => parse(e).order.id),
    ).toEqual(expect.arrayContaining([order2, order3]));
  });

  it('a buyer’s review of the brand’s product arrives on the same stream, and a resume sends it in order', async () => {
    const s = await seller();
    const buyer = await shopper(t.app);
    const c = await stream(s.headers, s.business.id);
    const orderId = await buy(t.app, buyer.headers, s.product.id);
    const paid = parse(await c.next(forOrder('order.paid', orderId)));
    const ship = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: s.headers,
      payload: { status: 'Delivered' },
    });
    expect(ship.statusCode).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/products/${s.product.id}/reviews/`,
      headers: buyer.headers,
      payload: { rating: 4, title: 'Sturdy', body: 'Wraps a loaf well and washes clean.' },
    });
    expect(posted.statusCode).toBe(201);
    const frame = await c.next((e) => e.event === REVIEW_EVENT_TYPE);
    const live = reviewEvent.parse(JSON.parse(frame.data));
    expect(live.business).toBe(s.business.id);
    expect(live.review).toMatchObject({
      id: posted.json().review.id,
      rating: 4,
      title: 'Sturdy',
      product_id: s.product.id,
      product_name: 'Beeswax Wrap',
      author_name: 'Fern M.',
      reply: null,
    });
    // One sequence of ids for orders and reviews: a resume from the payment sends both, in order.
    const again = await stream({ ...s.headers, 'last-event-id': String(paid.id) }, s.business.id);
    await again.next((e) => e.event === REVIEW_EVENT_TYPE);
    // (The last seconds' events come again too, whatever their id: the dashboard drops those.)
    const after = again.events.filter((e) => Number(e.id) > paid.id);
    expect(after.map((e) => e.event)).toEqual(['order.updated', REVIEW_EVENT_TYPE]);
    expect(after.map((e) => Number(e.id))).toEqual([
      Number(c.events.find((e) => e.event === 'order.updated')?.id),
      live.id,
    ]);
    // Another business's stream hears nothing of it.
    const other = await seller();
    const theirs = await stream({ ...other.headers, 'last-event-id': '0' }, other.business.id);
    await expect.poll(() => theirs.retry).toBe(LIVE_RECONNECT_MS[0]);
    expect(theirs.events.filter((e) => e.event === REVIEW_EVENT_TYPE)).toEqual([]);
  });

  it('a new stream is told where it starts; lost before any event, it resumes from there', async () => {
    const s = await seller();
    const buyer = await shopper(t.app);
    const fresh = await stream(s.headers, s.business.id);
    // No event yet: nothing to resume from.
    await expect.poll(() => fresh.retry).toBe(LIVE_RECONNECT_MS[0]);
    expect(fresh.lastEventId).toBeUndefined();
    fresh.close();
    const before = await buy(t.app, buyer.headers, s.product.id);

    const first = await stream(s.headers, s.business.id);
    // The newest event of the business (the payment above), as an id without an event.
    await expect.poll(() => first.lastEventId).toBeDefined();
    expect(first.events).toEqual([]);
    first.close();
    // Missed while away, before this stream had any event.
    const missed = await buy(t.app, buyer.headers, s.product.id);

    const again = await stream(
      { ...s.headers, 'last-event-id': String(first.lastEventId) },
      s.business.id,
    );
    const caught = parse(await again.next(forOrder('order.paid', missed)));
    expect(caught.id).toBeGreaterThan(Number(first.lastEventId));
    // The start was the business's newest event: the payment made before it opened.
    const earlier = await stream({ ...s.headers, 'last-event-id': '0' }, s.business.id);
    const paidBefore = parse(await earlier.next(forOrder('order.paid', before)));
    expect(Number(first.lastEventId)).toBe(paidBefore.id);
  });

  it('?last_event_id= resumes like the header', async () => {
    const s = await seller();
    const buyer = await shopper(t.app);
    const orderId = await buy(t.app, buyer.headers, s.product.id);
    const c = await openSse(
      base,
      `${ROUTES.orderEvents.path({ businessId: s.business.id })}?last_event_id=0`,
      s.headers,
    );
    open.push(c);
    const paid = parse(await c.next(forOrder('order.paid', orderId)));
    expect(paid.order.id).toBe(orderId);
    const bad = await fetch(
      new URL(`${ROUTES.orderEvents.path({ businessId: s.business.id })}?last_event_id=soon`, base),
      {
        headers: s.headers,
      },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(LIVE_MESSAGES.lastEventId);
  });

  it('a stream ends with the session that opened it: after logout no buyer data reaches it', async () => {
    const s = await seller();
    const c = await stream(s.headers, s.business.id);
    expect(c.status).toBe(200);
    const buyer = await shopper(t.app);
    const before = await buy(t.app, buyer.headers, s.product.id);
    await c.next(forOrder('order.paid', before));

    const out = await t.app.inject({
      method: 'POST',
      url: '/logout/',
      payload: { refresh_token: s.tokens.refresh },
    });
    expect(out.statusCode).toBe(200);
    // The next order of the business is not sent to the stream of the ended session: it closes.
    const after = await buy(t.app, buyer.headers, s.product.id);
    await c.ended;
    expect(c.events.map((e) => parse(e).order.id)).toEqual([before]);
    expect(c.events.some(forOrder('order.paid', after))).toBe(false);
    // And its token opens no new one.
    const again = await fetch(
      new URL(ROUTES.orderEvents.path({ businessId: s.business.id }), base),
      {
        headers: s.headers,
      },
    );
    expect(again.status).toBe(401);
  });

  it('a password reset ends the streams opened before it', async () => {
    const s = await seller();
    const c = await stream(s.headers, s.business.id);
    expect(c.status).toBe(200);
    await expect.poll(() => c.retry).toBe(LIVE_RECONNECT_MS[0]);
    // The link of the reset e-mail, followed.
    const account = await findUserById(t.db, s.shopper.id);
    const link = new URL(resetLink(t.app.deps.config, account!));
    const reset = await t.app.inject({
      method: 'POST',
      url: `/auth${link.pathname}/`,
      payload: { password: 'a-new-one', password2: 'a-new-one' },
    });
    expect(reset.statusCode).toBe(200);
    const buyer = await shopper(t.app);
    const orderId = await buy(t.app, buyer.headers, s.product.id);
    await c.ended;
    expect(c.events.some(forOrder('order.paid', orderId))).toBe(false);
  });

  it('a client that goes away is forgotten; the app closes with streams open', async () => {
    const s = await seller();
    const before = t.app.deps.liveOrders.size;
    const c = await stream(s.headers, s.business.id);
    await expect.poll(() => t.app.deps.liveOrders.size).toBe(before + 1);
    c.close();
    await expect.poll(() => t.app.deps.liveOrders.size).toBe(before);

    const other = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
    const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signedInShopper(other.app);
    const business = await addBusiness(other.db, { ownerId: owner.shopper.id });
    const held = await openSse(
      otherBase,
      ROUTES.orderEvents.path({ businessId: business.id }),
      owner.headers,
    );
    expect(held.status).toBe(200);
    const started = Date.now();
    await other.close();
    await held.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('two app instances on one database', () => {
  // PGlite lives in one process: there is no second instance to build on it.
  it.skipIf(!inject('pgAdminUrl'))(
    'a payment handled by instance B reaches a dashboard open on instance A within 2 s',
    async () => {
      const database = await openDatabase({ url: t.database.url!, poolSize: 2 });
      const b = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' }, { database });
      try {
        const s = await seller();
        const onA = await stream(s.headers, s.business.id);
        expect(onA.status).toBe(200);
        const buyer = await shopper(b.app);
        await addToCart(b.app, buyer.headers, s.product.id);
        const res = await checkout(b.app, buyer.headers);
        const body: CheckoutResponse = res.json();
        const paidAt = Date.now();
        expect((await payLocal(b.app, body.checkout_url)).statusCode).toBe(303);
        const orderId = body.order_ids[0]!;
        const event = parse(await onA.next(forOrder('order.paid', orderId), 2000));
        expect(Date.now() - paidAt).toBeLessThan(2000);
        expect(event.order.status).toBe('Paid');
        expect(event.business).toBe(s.business.id);
      } finally {
        await b.close();
      }
    },
  );
});
