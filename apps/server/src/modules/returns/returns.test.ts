import {
  type CheckoutResponse,
  type Order,
  type OrderReturn,
  PARTIAL_REFUND_MESSAGES,
  REFUND_MESSAGES,
  RETURN_MESSAGES,
  RETURN_REFUND_REASON,
  type SellerOrder,
} from '@leafline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  addToCart,
  checkout,
  type Headers,
  payableSeller,
  payLocal,
  shopper,
} from '../../../test/helpers/buying';
import { addProduct } from '../../../test/helpers/catalog-fixtures';
import { businesses, localMoneyMovements, orderEvents, orderReturns } from '../../db/schema/index';

/**
 * Issue 30 point 4 (decision 0055): the buyer of a Delivered order asks, within the brand's
 * returns window, to return lines with a reason each; the brand accepts (the lines refunded
 * once, however many acceptances at once) or declines with a reason; both sides e-mailed. Nobody
 * else reads or writes a return.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

let brands = 0;
/** A paid order of 2 mugs ($30 each) and a tote ($20), set Delivered by its brand unless told. */
async function deliveredOrder(options: { deliver?: boolean } = {}) {
  brands += 1;
  const { business, ...owner } = await payableSeller(t.app, t.db, { name: `Returnable ${brands}` });
  const mug = await addProduct(t.db, business.id, { name: 'Stoneware Mug', priceCents: 3000 });
  const tote = await addProduct(t.db, business.id, { name: 'Linen Tote', priceCents: 2000 });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, mug.id, { quantity: 2 });
  await addToCart(t.app, buyer.headers, tote.id, { quantity: 1 });
  const res = await checkout(t.app, buyer.headers);
  const body: CheckoutResponse = res.json();
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  const orderId = body.order_ids[0]!;
  if (options.deliver !== false) await setStatus(owner.headers, orderId, 'Delivered');
  const order: Order = (
    await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
  ).json();
  const lineOf = (name: string) => order.order_items.find((i) => i.product_name === name)!.id;
  return {
    owner,
    business,
    buyer,
    orderId,
    order,
    mugLine: lineOf('Stoneware Mug'),
    toteLine: lineOf('Linen Tote'),
  };
}

async function setStatus(headers: Headers, orderId: number, status: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/business/orders/edit/${orderId}/`,
    headers,
    payload: { status, tracking_number: '1Z999' },
  });
  expect(res.statusCode).toBe(200);
}

const requestReturn = (headers: Headers, orderId: number | string, items: object[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns/`,
    headers,
    payload: { items },
  });

const accept = (headers: Headers, orderId: number, returnId: number | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/business/orders/${orderId}/returns/${returnId}/accept/`,
    headers,
  });

const decline = (headers: Headers, orderId: number, returnId: number | string, reason: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/business/orders/${orderId}/returns/${returnId}/decline/`,
    headers,
    payload: { reason },
  });

const refundsMoved = (orderId: number) =>
  t.db
    .select()
    .from(localMoneyMovements)
    .where(eq(localMoneyMovements.orderId, orderId))
    .then((rows) => rows.filter((r) => r.kind === 'refund').map((r) => r.amountCents));

const mailsTo = (to: string, subject: RegExp) =>
  t.mail.filter((m) => m.to === to && subject.test(m.subject));

const brandRequestMails = (orderId: number) =>
  t.mail.filter((m) => m.subject.startsWith(`Return requested for order #${orderId} `));

async function returnOf(headers: Headers, orderId: number): Promise<OrderReturn> {
  const res = await requestReturn(headers, orderId, [
    { order_item_id: (await orderItems(headers, orderId))[0]!, quantity: 1, reason: 'Chipped rim' },
  ]);
  expect(res.statusCode).toBe(201);
  return (res.json() as Order).returns.at(-1)!;
}

async function orderItems(headers: Headers, orderId: number) {
  const order: Order = (await t.app.inject({ url: `/api/orders/${orderId}/`, headers })).json();
  return order.order_items.filter((i) => i.product_name === 'Stoneware Mug').map((i) => i.id);
}

describe('a return requested, accepted and refunded', () => {
  it('the buyer asks, the brand is e-mailed, accepts, and the lines are refunded once', async () => {
    const { owner, business, buyer, orderId, order, mugLine, toteLine } = await deliveredOrder();
    const delivered = order.status_history.at(-1)!;
    expect(delivered.status).toBe('Delivered');
    expect(order.returns).toEqual([]);
    expect(order.returns_open_until).toBe(
      new Date(Date.parse(delivered.at) + 30 * 24 * 3600 * 1000).toISOString(),
    );

    const res = await requestReturn(buyer.headers, orderId, [
      { order_item_id: mugLine, quantity: 1, reason: '  Chipped rim on arrival ' },
      { order_item_id: toteLine, quantity: 1, reason: 'Too small' },
    ]);
    expect(res.statusCode).toBe(201);
    const answered: Order = res.json();
    expect(answered.returns).toHaveLength(1);
    const asked = answered.returns[0]!;
    expect(asked.status).toBe('requested');
    expect(asked.decided_at).toBeNull();
    expect(asked.items).toEqual([
      {
        order_item_id: mugLine,
        product_name: 'Stoneware Mug',
        quantity: 1,
        reason: 'Chipped rim on arrival',
      },
      { order_item_id: toteLine, product_name: 'Linen Tote', quantity: 1, reason: 'Too small' },
    ]);
    const mine = await t.app.inject({
      url: `/api/orders/${orderId}/returns/`,
      headers: buyer.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([asked]);

    await t.app.deps.tasks.idle();
    const brandMail = brandRequestMails(orderId);
    expect(brandMail).toHaveLength(1);
    expect(brandMail[0]!.to).toBe(owner.shopper.email);
    expect(brandMail[0]!.text).toContain('1 × Stoneware Mug: Chipped rim on arrival');
    expect(brandMail[0]!.text).toContain('1 × Linen Tote: Too small');

    // The brand sees it on the order card and in its own read.
    const list = await t.app.inject({
      url: `/api/business/orders/${business.id}/`,
      headers: owner.headers,
    });
    const card = (list.json() as SellerOrder[]).find((o) => o.id === orderId)!;
    expect(card.returns).toEqual([asked]);
    const theirs = await t.app.inject({
      url: `/api/business/orders/${orderId}/returns/`,
      headers: owner.headers,
    });
    expect(theirs.json()).toEqual([asked]);

    const accepted = await accept(owner.headers, orderId, asked.id);
    expect(accepted.statusCode).toBe(200);
    const after: SellerOrder = accepted.json();
    expect(after.returns[0]!.status).toBe('accepted');
    expect(after.returns[0]!.decided_at).not.toBeNull();
    expect(after.status).toBe('Delivered');
    expect(after.refunds.map((r) => [r.kind, r.amount, r.reason, r.status])).toEqual([
      ['partial', '50.00', RETURN_REFUND_REASON, 'succeeded'],
    ]);
    await t.app.deps.tasks.idle();
    expect(await refundsMoved(orderId)).toEqual([5000]);

    // The buyer's order says so, and the refund's e-mail tells them (once, nothing else).
    const seen: Order = (
      await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
    ).json();
    expect(seen.returns[0]!.status).toBe('accepted');
    expect(seen.refunds.map((r) => [r.amount, r.reason])).toEqual([
      ['50.00', RETURN_REFUND_REASON],
    ]);
    const refundMail = mailsTo(buyer.account.email, /has been refunded/);
    expect(refundMail).toHaveLength(1);
    expect(refundMail[0]!.text).toContain(RETURN_REFUND_REASON);
    expect(mailsTo(buyer.account.email, /return/i)).toEqual([]);

    // Accepted again: the same refund, nothing more; declining it now is refused.
    expect((await accept(owner.headers, orderId, asked.id)).statusCode).toBe(200);
    const late = await decline(owner.headers, orderId, asked.id, 'Changed my mind');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(RETURN_MESSAGES.alreadyDecided('accepted'));
    await t.app.deps.tasks.idle();
    expect(await refundsMoved(orderId)).toEqual([5000]);

    // What was returned cannot be returned again; the other mug can.
    const again = await requestReturn(buyer.headers, orderId, [
      { order_item_id: mugLine, quantity: 2, reason: 'Also chipped' },
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(RETURN_MESSAGES.lineQuantity('Stoneware Mug', 1));
    const tote = await requestReturn(buyer.headers, orderId, [
      { order_item_id: toteLine, quantity: 1, reason: 'Again' },
    ]);
    expect(tote.json().error).toBe(RETURN_MESSAGES.lineQuantity('Linen Tote', 0));
    expect(
      (
        await requestReturn(buyer.headers, orderId, [
          { order_item_id: mugLine, quantity: 1, reason: 'Also chipped' },
        ])
      ).statusCode,
    ).toBe(201);
  });

  it('10 concurrent accepts refund once, with one e-mail', async () => {
    const { owner, buyer, orderId, mugLine } = await deliveredOrder();
    const asked = (
      (
        await requestReturn(buyer.headers, orderId, [
          { order_item_id: mugLine, quantity: 2, reason: 'Wrong colour' },
        ])
      ).json() as Order
    ).returns[0]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => accept(owner.headers, orderId, asked.id)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect([PARTIAL_REFUND_MESSAGES.inProgress, REFUND_MESSAGES.inProgress]).toContain(
        r.json().error,
      );
    }
    await t.app.deps.tasks.idle();
    expect(await refundsMoved(orderId)).toEqual([6000]);
    expect(mailsTo(buyer.account.email, /has been refunded/)).toHaveLength(1);
    const [row] = await t.db.select().from(orderReturns).where(eq(orderReturns.id, asked.id));
    expect(row!.status).toBe('accepted');
  });

  it('returning all that is left is the order’s full refund (0047): Refunded', async () => {
    const { owner, buyer, orderId, order, mugLine, toteLine } = await deliveredOrder();
    const shipping = Number(order.order_total_shipping_fees);
    const asked = (
      (
        await requestReturn(buyer.headers, orderId, [
          { order_item_id: mugLine, quantity: 2, reason: 'Not as pictured' },
          { order_item_id: toteLine, quantity: 1, reason: 'Not as pictured' },
        ])
      ).json() as Order
    ).returns[0]!;
    const res = await accept(owner.headers, orderId, asked.id);
    expect(res.statusCode).toBe(200);
    const after: SellerOrder = res.json();
    await t.app.deps.tasks.idle();
    // No shipping fee: the lines are everything the buyer paid — the full refund, Refunded.
    expect(shipping).toBe(0);
    expect(after.status).toBe('Refunded');
    expect(after.refunds.map((r) => [r.kind, r.reason])).toEqual([['full', RETURN_REFUND_REASON]]);
    expect(await refundsMoved(orderId)).toEqual([8000]);
    expect(mailsTo(buyer.account.email, /has been refunded/)).toHaveLength(1);
    expect(after.returns[0]!.status).toBe('accepted');
  });
});

describe('a return declined', () => {
  it('declined with a reason the buyer reads and is e-mailed; then not accepted; a new one may follow', async () => {
    const { owner, buyer, orderId, mugLine } = await deliveredOrder();
    const asked = await returnOf(buyer.headers, orderId);
    expect((await decline(owner.headers, orderId, asked.id, '')).statusCode).toBe(400);
    expect((await decline(owner.headers, orderId, asked.id, 'x'.repeat(501))).json().error).toBe(
      RETURN_MESSAGES.declineReason,
    );
    const res = await decline(owner.headers, orderId, asked.id, ' Used items cannot be returned. ');
    expect(res.statusCode).toBe(200);
    const card: SellerOrder = res.json();
    expect(card.returns[0]).toMatchObject({
      status: 'declined',
      decline_reason: 'Used items cannot be returned.',
    });
    await t.app.deps.tasks.idle();
    const mail = mailsTo(buyer.account.email, /declined your return/);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('> Used items cannot be returned.');

    const accepted = await accept(owner.headers, orderId, asked.id);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error).toBe(RETURN_MESSAGES.alreadyDecided('declined'));
    expect((await decline(owner.headers, orderId, asked.id, 'Again')).statusCode).toBe(409);
    await t.app.deps.tasks.idle();
    expect(await refundsMoved(orderId)).toEqual([]);
    expect(mailsTo(buyer.account.email, /declined your return/)).toHaveLength(1);

    const mine: Order = (
      await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
    ).json();
    expect(mine.returns[0]!.decline_reason).toBe('Used items cannot be returned.');
    // Declined units are not returned: the buyer may ask again.
    expect(
      (
        await requestReturn(buyer.headers, orderId, [
          { order_item_id: mugLine, quantity: 2, reason: 'Unused, in the box' },
        ])
      ).statusCode,
    ).toBe(201);
  });

  it('accept and decline at once: exactly one of them happens', async () => {
    const { owner, buyer, orderId } = await deliveredOrder();
    const asked = await returnOf(buyer.headers, orderId);
    const [a, d] = await Promise.all([
      accept(owner.headers, orderId, asked.id),
      decline(owner.headers, orderId, asked.id, 'Out of the window'),
    ]);
    expect([a.statusCode, d.statusCode].sort()).toEqual([200, 409]);
    await t.app.deps.tasks.idle();
    const [row] = await t.db.select().from(orderReturns).where(eq(orderReturns.id, asked.id));
    expect(await refundsMoved(orderId)).toEqual(row!.status === 'accepted' ? [3000] : []);
  });
});

describe('when a return is refused', () => {
  it('not Delivered, brand without returns, past the window, one open already', async () => {
    const paid = await deliveredOrder({ deliver: false });
    const items = [{ order_item_id: paid.mugLine, quantity: 1, reason: 'Broken' }];
    const notYet = await requestReturn(paid.buyer.headers, paid.orderId, items);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toBe(RETURN_MESSAGES.notDelivered);
    expect(paid.order.returns_open_until).toBeNull();
    await setStatus(paid.owner.headers, paid.orderId, 'Shipped');
    expect((await requestReturn(paid.buyer.headers, paid.orderId, items)).statusCode).toBe(409);

    const { owner, business, buyer, orderId, mugLine } = await deliveredOrder();
    const mine = [{ order_item_id: mugLine, quantity: 1, reason: 'Broken' }];
    await t.db
      .update(businesses)
      .set({ returnsAccepted: false, returnsDays: null })
      .where(eq(businesses.id, business.id));
    const none = await requestReturn(buyer.headers, orderId, mine);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(RETURN_MESSAGES.notAccepted);
    const seen: Order = (
      await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
    ).json();
    expect(seen.returns_open_until).toBeNull();

    await t.db
      .update(businesses)
      .set({ returnsAccepted: true, returnsDays: 14 })
      .where(eq(businesses.id, business.id));
    // Delivered 15 days ago: the 14 days are over.
    await t.db
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'Delivered')));
    const closed = await requestReturn(buyer.headers, orderId, mine);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(RETURN_MESSAGES.windowClosed(14));
    // Delivered again by the brand today: the window counts from then.
    await setStatus(owner.headers, orderId, 'Shipped');
    await setStatus(owner.headers, orderId, 'Delivered');
    expect((await requestReturn(buyer.headers, orderId, mine)).statusCode).toBe(201);
    const twice = await requestReturn(buyer.headers, orderId, mine);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(RETURN_MESSAGES.alreadyOpen);
    await t.app.deps.tasks.idle();
    expect(brandRequestMails(orderId)).toHaveLength(1);
    expect(brandRequestMails(paid.orderId)).toHaveLength(0);
  });

  it('refuses lines, quantities and reasons out of bounds, with nothing written', async () => {
    const { buyer, orderId, mugLine } = await deliveredOrder();
    const cases: [object[], string][] = [
      [[], RETURN_MESSAGES.lines],
      [
        [{ order_item_id: mugLine, quantity: 3, reason: 'Broken' }],
        RETURN_MESSAGES.lineQuantity('Stoneware Mug', 2),
      ],
      [[{ order_item_id: mugLine, quantity: 0, reason: 'Broken' }], RETURN_MESSAGES.quantity],
      [[{ order_item_id: mugLine, quantity: 1, reason: '   ' }], RETURN_MESSAGES.reason],
      [[{ order_item_id: mugLine, quantity: 1, reason: 'x'.repeat(501) }], RETURN_MESSAGES.reason],
      [
        [{ order_item_id: mugLine, quantity: 1, reason: 'Bad\u0007bell' }],
        RETURN_MESSAGES.controlCharacters,
      ],
      [
        [{ order_item_id: 999_999, quantity: 1, reason: 'Broken' }],
        RETURN_MESSAGES.unknownLine(999_999),
      ],
      [
        [
          { order_item_id: mugLine, quantity: 1, reason: 'Broken' },
          { order_item_id: mugLine, quantity: 1, reason: 'Broken' },
        ],
        RETURN_MESSAGES.lineTwice,
      ],
    ];
    for (const [items, message] of cases) {
      const res = await requestReturn(buyer.headers, orderId, items);
      expect(res.statusCode, JSON.stringify(items).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(JSON.stringify(message).slice(1, -1));
    }
    const rows = await t.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
    expect(rows).toEqual([]);
  });
});

describe('who may read and write a return', () => {
  it('another shopper, the brand as a shopper, another brand, anonymous: refused, nothing told', async () => {
    const a = await deliveredOrder();
    const b = await deliveredOrder();
    const asked = await returnOf(a.buyer.headers, a.orderId);
    const stranger = await shopper(t.app);
    const items = [{ order_item_id: a.mugLine, quantity: 1, reason: 'Broken' }];

    for (const headers of [stranger.headers, a.owner.headers, b.buyer.headers]) {
      const read = await t.app.inject({ url: `/api/orders/${a.orderId}/returns/`, headers });
      expect(read.statusCode).toBe(404);
      expect(JSON.stringify(read.json())).not.toContain('Broken');
      expect((await requestReturn(headers, a.orderId, items)).statusCode).toBe(404);
    }
    expect((await requestReturn(a.buyer.headers, 'abc', items)).statusCode).toBe(404);
    expect((await requestReturn({}, a.orderId, items)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/orders/${a.orderId}/returns/` })).statusCode).toBe(401);

    // Another brand's seller (and the buyer) get the guard's 404 on the brand's calls.
    for (const headers of [b.owner.headers, a.buyer.headers]) {
      const read = await t.app.inject({
        url: `/api/business/orders/${a.orderId}/returns/`,
        headers,
      });
      expect(read.statusCode).toBe(404);
      expect((await accept(headers, a.orderId, asked.id)).statusCode).toBe(404);
      expect((await decline(headers, a.orderId, asked.id, 'No')).statusCode).toBe(404);
    }
    // Brand B through its own order, naming A's return: not a return of that order.
    const through = await accept(b.owner.headers, b.orderId, asked.id);
    expect(through.statusCode).toBe(404);
    expect(through.json().error).toBe(RETURN_MESSAGES.notFound);
    expect((await decline(b.owner.headers, b.orderId, asked.id, 'No')).statusCode).toBe(404);
    expect((await accept(a.owner.headers, a.orderId, 'abc')).statusCode).toBe(404);

    await t.app.deps.tasks.idle();
    const [row] = await t.db.select().from(orderReturns).where(eq(orderReturns.id, asked.id));
    expect(row!.status).toBe('requested');
    expect(await refundsMoved(a.orderId)).toEqual([]);
  });
});
