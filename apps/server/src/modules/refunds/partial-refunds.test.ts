import {
  CANCEL_REASON,
  type CheckoutResponse,
  linesCents,
  type Order,
  PARTIAL_REFUND_MESSAGES,
  type SellerOrder,
  shareOf,
} from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { businesses, localMoneyMovements, partialRefunds, payouts } from '../../db/schema/index';
import { payoutCents } from '../orders';
import { PAYOUT_QUEUES, sendPayoutTransfer } from '../payouts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('partial refund arithmetic', () => {
  it('takes back the brand’s share by cumulative rounding: the shares add up to the payout exactly', () => {
    const total = 10_001;
    const net = payoutCents(total);
    for (const parts of [
      [1, 1, 1, 9_998],
      [3_333, 3_333, 3_335],
      [7, 10_000 - 7 - 1, 1, 1],
    ]) {
      let before = 0;
      const shares = parts.map((amount) => {
        const share = shareOf(net, total, before, before + amount);
        before += amount;
        return share;
      });
      expect(shares.reduce((a, b) => a + b, 0)).toBe(net);
      expect(shares.every((s) => s >= 0)).toBe(true);
    }
    // A third of an order of $30.00 paying the brand $29.10 takes back $9.70.
    expect(shareOf(2910, 3000, 0, 1000)).toBe(970);
  });

  it('prices lines at what the buyer paid: their units less their share of the discount', () => {
    // $60 of items with $6 off: 2 of a $10 line cost the buyer $18.
    expect(
      linesCents({ subtotalCents: 6000, discountCents: 600 }, [{ priceCents: 1000, quantity: 2 }]),
    ).toBe(1800);
    expect(
      linesCents({ subtotalCents: 6000, discountCents: 0 }, [
        { priceCents: 1000, quantity: 2 },
        { priceCents: 4000, quantity: 1 },
      ]),
    ).toBe(6000);
  });
});

let accounts = 0;
async function seller(onboarded = true) {
  const owner = await signedInShopper(t.app);
  accounts += 1;
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    name: `Fernhill ${accounts}`,
    stripeAccountId: onboarded ? `acct_partial_${accounts}` : null,
    stripeStatus: onboarded ? 'active' : 'pending',
  });
  return { ...owner, business };
}

/** 2 mugs at $10 and a $40 teapot from the seller's business, paid; the order. */
async function order(s: Awaited<ReturnType<typeof seller>>, promo?: string) {
  const mug = await addProduct(t.db, s.business.id, { name: 'Clay Mug', priceCents: 1000 });
  const pot = await addProduct(t.db, s.business.id, { name: 'Teapot', priceCents: 4000 });
  const buyer = await shopper(t.app);
  await addToCart(t.app, buyer.headers, mug.id, { quantity: 2 });
  await addToCart(t.app, buyer.headers, pot.id);
  const body: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
  if (promo) await applyPromo(t.app, body.checkout_url, promo);
  expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
  await t.app.deps.tasks.idle();
  const orderId = body.order_ids[0]!;
  const seen = await listed(s.headers, s.business.id, orderId);
  const line = (name: string) => seen.order_items.find((i) => i.product_name === name)!.id;
  return {
    buyer,
    orderId,
    total: seen.total_price,
    mugLine: line('Clay Mug'),
    potLine: line('Teapot'),
  };
}

const refund = (headers: Headers, orderId: number, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/business/orders/${orderId}/refund/`,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: payload as object,
  });

async function listed(headers: Headers, businessId: number, orderId: number) {
  const res = await t.app.inject({ url: `/api/business/orders/${businessId}/`, headers });
  return (res.json() as SellerOrder[]).find((o) => o.id === orderId)!;
}

const payoutRow = async (orderId: number) =>
  (await t.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]!;
const moved = (orderId: number, kind: 'refund' | 'reversal') =>
  t.db
    .select()
    .from(localMoneyMovements)
    .where(eq(localMoneyMovements.orderId, orderId))
    .then((rows) => rows.filter((r) => r.kind === kind).map((r) => r.amountCents));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('POST api/business/orders/{orderId}/refund/', () => {
  it('refunds one line: the buyer gets its price back and is e-mailed, the brand gives back its share, the order keeps its status', async () => {
    const s = await seller();
    const { buyer, orderId, mugLine } = await order(s);
    const payout = await payoutRow(orderId);
    expect(payout.status).toBe('paid');

    const res = await refund(
      s.headers,
      orderId,
      { items: [{ order_item_id: mugLine, quantity: 1 }], reason: 'Chipped in transit' },
      'mug-1',
    );
    expect(res.statusCode).toBe(200);
    const answer: SellerOrder = res.json();
    expect(answer.status).toBe('Paid');
    expect(answer.refunds).toEqual([
      expect.objectContaining({
        kind: 'partial',
        amount: '10.00',
        reason: 'Chipped in transit',
        status: 'succeeded',
        items: [{ order_item_id: mugLine, product_name: 'Clay Mug', quantity: 1 }],
      }),
    ]);
    await t.app.deps.tasks.idle();
    expect(await moved(orderId, 'refund')).toEqual([1000]);
    // $60 paid, the brand got payoutCents(6000): a sixth of it is taken back.
    const share = Math.floor((payout.amountCents * 1000) / 6000);
    expect(await moved(orderId, 'reversal')).toEqual([share]);
    const [row] = await t.db
      .select()
      .from(partialRefunds)
      .where(eq(partialRefunds.orderId, orderId));
    expect(row).toMatchObject({ reversalStatus: 'reversed', reversalCents: share });

    const mail = t.mail.filter((m) => m.to === buyer.account.email && /refunded/.test(m.subject));
    expect(mail.map((m) => m.subject)).toEqual([
      `Part of your Leafline order #${orderId} has been refunded`,
    ]);
    expect(mail[0]!.text).toContain('Amount refunded: $10.00');
    expect(mail[0]!.text).toContain('Reason: Chipped in transit');

    // The buyer's order lists it.
    const mine: Order = (
      await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
    ).json();
    expect(mine.status).toBe('Paid');
    expect(mine.refunds).toEqual([
      expect.objectContaining({ kind: 'partial', amount: '10.00', reason: 'Chipped in transit' }),
    ]);

    // The same line cannot be refunded beyond what was bought.
    const again = await refund(s.headers, orderId, {
      items: [{ order_item_id: mugLine, quantity: 2 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(PARTIAL_REFUND_MESSAGES.lineQuantity('Clay Mug', 1));
  });

  it('several refunds up to the total, the last one full: the buyer gets the total back, the brand gives back its payout to the cent', async () => {
    const s = await seller();
    const { orderId, total } = await order(s);
    expect(total).toBe('60.00');
    const net = (await payoutRow(orderId)).amountCents;

    for (const [amount, key] of [
      ['0.07', 'a'],
      ['13.33', 'b'],
      ['20.01', 'c'],
    ] as const) {
      const res = await refund(s.headers, orderId, { amount, reason: '' }, key);
      expect(res.statusCode).toBe(200);
    }
    const tooMuch = await refund(s.headers, orderId, { amount: '26.60' }, 'd');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe(PARTIAL_REFUND_MESSAGES.tooMuch('26.59'));

    const last = await refund(s.headers, orderId, { amount: '26.59', reason: 'The rest' }, 'e');
    expect(last.statusCode).toBe(200);
    const answer: SellerOrder = last.json();
    expect(answer.status).toBe('Refunded');
    expect(answer.refunds.map((r) => [r.kind, r.amount])).toEqual([
      ['partial', '0.07'],
      ['partial', '13.33'],
      ['partial', '20.01'],
      ['full', '26.59'],
    ]);
    await t.app.deps.tasks.idle();
    expect(sum(await moved(orderId, 'refund'))).toBe(6000);
    expect(sum(await moved(orderId, 'reversal'))).toBe(net);
    expect((await payoutRow(orderId)).status).toBe('reversed');

    // Nothing is left: any further refund is refused, the same key again answers the same.
    const more = await refund(s.headers, orderId, { amount: '1.00' }, 'f');
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe(PARTIAL_REFUND_MESSAGES.nothingLeft);
    const same = await refund(s.headers, orderId, { amount: '26.59' }, 'e');
    expect(same.statusCode).toBe(200);
    expect(sum(await moved(orderId, 'refund'))).toBe(6000);
  });

  it('10 concurrent requests with one key refund once; 10 with their own keys never refund more than the total', async () => {
    const s = await seller();
    const first = await order(s);
    const sameKey = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(s.headers, first.orderId, { amount: '5.00', reason: 'late' }, 'one-key'),
      ),
    );
    expect(sameKey.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await t.app.deps.tasks.idle();
    expect(await moved(first.orderId, 'refund')).toEqual([500]);
    expect((await listed(s.headers, s.business.id, first.orderId)).refunds).toHaveLength(1);

    const second = await order(s);
    const ownKeys = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(s.headers, second.orderId, { amount: '25.00' }, `key-${i}`),
      ),
    );
    const codes = ownKeys.map((r) => r.statusCode);
    // $60: two refunds of $25 fit; the others find too little left (or wait their turn).
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.every((c) => c === 200 || c === 400 || c === 409)).toBe(true);
    await t.app.deps.tasks.idle();
    expect(sum(await moved(second.orderId, 'refund'))).toBe(5000);
  });

  it('a share waits for a payout not transferred yet, and is taken back once it is', async () => {
    const s = await seller(false);
    const { orderId, potLine } = await order(s);
    expect((await payoutRow(orderId)).status).toBe('pending');
    const res = await refund(s.headers, orderId, {
      items: [{ order_item_id: potLine, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await moved(orderId, 'reversal')).toEqual([]);
    const [waiting] = await t.db
      .select()
      .from(partialRefunds)
      .where(eq(partialRefunds.orderId, orderId));
    expect(waiting!.reversalStatus).toBe('waiting');

    await t.db
      .update(businesses)
      .set({ stripeAccountId: `acct_partial_late_${orderId}`, stripeStatus: 'active' })
      .where(eq(businesses.id, s.business.id));
    const deps = { db: t.db, payments: t.app.deps.payments, jobs: t.app.deps.jobs, log: t.app.log };
    expect(await sendPayoutTransfer(deps, orderId)).toBe('paid');
    await t.app.deps.jobs.drain([...PAYOUT_QUEUES]);
    expect(await moved(orderId, 'reversal')).toEqual([waiting!.reversalCents]);
    expect(waiting!.reversalCents).toBe(
      Math.floor(((await payoutRow(orderId)).amountCents * 4000) / 6000),
    );
  });

  it('with a promo code, a line gives back what the buyer paid for it', async () => {
    await addPromo(t.db, 'PARTIAL10', { percentOff: 10 });
    const s = await seller();
    const { orderId, mugLine } = await order(s, 'PARTIAL10');
    const res = await refund(s.headers, orderId, {
      items: [{ order_item_id: mugLine, quantity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SellerOrder).refunds[0]!.amount).toBe('18.00');
  });

  it('refuses what cannot be refunded, with a message', async () => {
    const s = await seller();
    const { orderId, mugLine } = await order(s);
    const cases: [unknown, number, string][] = [
      [{ reason: 'x' }, 400, PARTIAL_REFUND_MESSAGES.itemsOrAmount],
      [
        { items: [{ order_item_id: mugLine, quantity: 1 }], amount: '1.00' },
        400,
        PARTIAL_REFUND_MESSAGES.itemsOrAmount,
      ],
      [{ amount: '0' }, 400, PARTIAL_REFUND_MESSAGES.amount],
      [{ amount: 'ten' }, 400, PARTIAL_REFUND_MESSAGES.amount],
      [{ amount: '60.01' }, 400, PARTIAL_REFUND_MESSAGES.tooMuch('60.00')],
      [
        { items: [{ order_item_id: 999_999, quantity: 1 }] },
        400,
        PARTIAL_REFUND_MESSAGES.unknownLine(999_999),
      ],
      [
        { items: [{ order_item_id: mugLine, quantity: 3 }] },
        400,
        PARTIAL_REFUND_MESSAGES.lineQuantity('Clay Mug', 2),
      ],
      [{ items: [{ order_item_id: mugLine, quantity: 0 }] }, 400, PARTIAL_REFUND_MESSAGES.quantity],
      [{ amount: '1.00', reason: 'x'.repeat(501) }, 400, PARTIAL_REFUND_MESSAGES.reason],
    ];
    for (const [payload, status, message] of cases) {
      const res = await refund(s.headers, orderId, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      expect(JSON.stringify(res.json())).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(await moved(orderId, 'refund')).toEqual([]);

    // An order not paid has nothing to give back.
    const unpaid = await addProduct(t.db, s.business.id, { name: 'Cup', priceCents: 900 });
    const buyer = await shopper(t.app);
    await addToCart(t.app, buyer.headers, unpaid.id);
    const open: CheckoutResponse = (await checkout(t.app, buyer.headers)).json();
    const res = await refund(s.headers, open.order_ids[0]!, { amount: '1.00' });
    expect(res.statusCode).toBe(409);
  });

  it('“Cancel order” is a full refund whose reason says the brand cancelled it', async () => {
    const s = await seller();
    const { buyer, orderId } = await order(s);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/business/orders/edit/${orderId}/`,
      headers: s.headers,
      payload: { status: 'Canceled' },
    });
    expect(res.statusCode).toBe(200);
    const answer: SellerOrder = res.json();
    expect(answer.refunds).toEqual([
      expect.objectContaining({
        kind: 'full',
        amount: '60.00',
        reason: CANCEL_REASON,
        status: 'succeeded',
      }),
    ]);
    const mine: Order = (
      await t.app.inject({ url: `/api/orders/${orderId}/`, headers: buyer.headers })
    ).json();
    expect(mine.refunds.map((r) => [r.kind, r.amount, r.reason])).toEqual([
      ['full', '60.00', CANCEL_REASON],
    ]);
  });
});
