import {
  ACCOUNT_MESSAGES,
  BUSINESS_MESSAGES,
  centsToPrice,
  ORDER_STATUSES,
  SALES_DAYS,
  SALES_WEEKS,
  type SalesOverview,
  salesOverviewResponse,
} from '@leafline/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { checkouts, orderItems, orders, payouts, refunds } from '../../db/schema/index';
import { getSalesOverview, salesWindow } from './seller-sales.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
type Status = (typeof ORDER_STATUSES)[number];

interface Sale {
  /** When it was paid (the payout row's created_at). */
  paidAt: Date;
  totalCents: number;
  status?: Status;
  payout?: { status: 'pending' | 'paid' | 'failed' | 'canceled' | 'reversed'; paidAt?: Date };
  refund?: 'succeeded' | 'failed' | 'pending';
  lines?: Array<{ productId: number | null; name: string; quantity: number; cents: number }>;
}

/** A paid order written straight to the database, with its payout row (3 % commission). */
async function addSale(businessId: number, sale: Sale): Promise<number> {
  const [order] = await t.db
    .insert(orders)
    .values({
      businessId,
      userFullName: 'Rowan Ash',
      userEmail: 'rowan@example.com',
      status: sale.status ?? 'Paid',
      subtotalCents: sale.totalCents,
      totalCents: sale.totalCents,
      createdAt: sale.paidAt,
      updatedAt: sale.paidAt,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  const lines = sale.lines ?? [
    { productId: null, name: 'Wool Socks', quantity: 1, cents: sale.totalCents },
  ];
  await t.db.insert(orderItems).values(
    lines.map((l) => ({
      orderId,
      productId: l.productId,
      productName: l.name,
      productPriceCents: Math.round(l.cents / l.quantity),
      quantity: l.quantity,
      totalPriceCents: l.cents,
    })),
  );
  const commission = Math.round(sale.totalCents * 0.03);
  const payoutStatus = sale.payout?.status ?? 'pending';
  await t.db.insert(payouts).values({
    orderId,
    businessId,
    amountCents: sale.totalCents - commission,
    commissionCents: commission,
    transferGroup: `order-${orderId}`,
    status: payoutStatus,
    paidAt: sale.payout?.paidAt ?? (payoutStatus === 'pending' ? null : sale.paidAt),
    createdAt: sale.paidAt,
    updatedAt: sale.paidAt,
  });
  if (sale.refund) {
    await t.db.insert(refunds).values({
      orderId,
      businessId,
      amountCents: sale.totalCents,
      targetStatus: 'Refunded',
      status: sale.refund,
    });
  }
  return orderId;
}

const overview = (headers: Record<string, string>, businessId: number | string) =>
  t.app.inject({ url: `/api/business/sales/${businessId}/`, headers });

const cents = (price: string) => Math.round(Number(price) * 100);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monday = (d: Date) => {
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return isoDay(new Date(day - ((d.getUTCDay() + 6) % 7) * DAY));
};

describe('GET /api/business/sales/{businessId}/', () => {
  it('needs a session: 401 with the readable message', async () => {
    const res = await t.app.inject({ url: '/api/business/sales/1/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });

  it('another owner’s business, an unknown one and a malformed id are the same 404', async () => {
    const owner = await signedInShopper(t.app);
    const stranger = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    for (const id of [String(business.id), '999999', 'abc']) {
      const res = await overview(stranger.headers, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    }
    expect((await overview(owner.headers, business.id)).statusCode).toBe(200);
  });

  it('an empty business: zero-filled buckets ending today and this week, every status at 0', async () => {
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
    const res = await overview(owner.headers, business.id);
    expect(res.statusCode).toBe(200);
    const body: SalesOverview = salesOverviewResponse.parse(res.json());
    const now = new Date();
    expect(body.daily).toHaveLength(SALES_DAYS);
    expect(body.weekly).toHaveLength(SALES_WEEKS);
    expect(body.daily.at(-1)!.start).toBe(isoDay(now));
    expect(body.daily[0]!.start).toBe(isoDay(new Date(now.getTime() - (SALES_DAYS - 1) * DAY)));
    expect(body.weekly.at(-1)!.start).toBe(monday(now));
    for (const b of [...body.daily, ...body.weekly]) {
      expect(b).toMatchObject({ orders: 0, sales: '0.00', net_payouts: '0.00' });
    }
    expect(body.orders_by_status).toEqual(Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])));
    expect(body.best_sellers).toEqual([]);
    expect(body.payouts).toEqual({
      paid_this_week: '0.00',
      paid_this_month: '0.00',
      paid_total: '0.00',
      pending: '0.00',
      reversed: '0.00',
    });
  });

  it('sums the payout rows to the cent: gross sales, refunds apart on their day, another business’s never in', async () => {
    const owner = await signedInShopper(t.app);
    const business = await addBusiness(t.db, { ownerId: owner.shopper.id, name: 'Fern & Field' });
    const other = await addBusiness(t.db, { name: 'Juniper Row' });
    const soap = await addProduct(t.db, business.id, { name: 'Oat Soap' });
    const candle = await addProduct(t.db, business.id, { name: 'Soy Candle' });
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);

    const today = await addSale(business.id, {
      paidAt: now,
      totalCents: 2_099,
      payout: { status: 'paid' },
      lines: [
        { productId: soap.id, name: 'Oat Soap', quantity: 2, cents: 1_400 },
        { productId: candle.id, name: 'Soy Candle', quantity: 1, cents: 699 },
      ],
    });
    // A refund the provider refused: the sale stands.
    const refused = await addSale(business.id, {
      paidAt: now,
      totalCents: 1_333,
      refund: 'failed',
      status: 'Shipped',
      payout: { status: 'paid' },
      lines: [{ productId: soap.id, name: 'Oat Soap', quantity: 1, cents: 1_333 }],
    });
    const pending = await addSale(business.id, {
      paidAt: ago(3),
      totalCents: 5_005,
      lines: [{ productId: candle.id, name: 'Soy Candle', quantity: 5, cents: 5_005 }],
    });
    // Refunded (issue 24 point 6): its sale and best-seller lines stay (gross), the refund is
    // counted apart on the day it went through (today), its payout shows as reversed.
    const refunded = await addSale(business.id, {
      paidAt: ago(10),
      totalCents: 9_000,
      status: 'Refunded',
      refund: 'succeeded',
      payout: { status: 'reversed', paidAt: ago(10) },
      lines: [{ productId: null, name: 'Gift Card', quantity: 50, cents: 9_000 }],
    });
    // Paid 40 days ago: in the weekly buckets only (12 weeks), and in the paid total.
    const old = await addSale(business.id, {
      paidAt: ago(40),
      totalCents: 3_001,
      status: 'Delivered',
      payout: { status: 'paid' },
      lines: [{ productId: null, name: 'Old Mug', quantity: 9, cents: 3_001 }],
    });
    // An abandoned payment (Canceled, its checkout expired): not in orders by status.
    const [expired] = await t.db
      .insert(checkouts)
      .values({
        provider: 'local',
        status: 'expired',
        subtotalCents: 500,
        shippingCents: 0,
        totalCents: 500,
      })
      .returning({ id: checkouts.id });
    await t.db.insert(orders).values({
      businessId: business.id,
      checkoutId: expired!.id,
      status: 'Canceled',
      totalCents: 500,
    });
    await t.db
      .insert(orders)
      .values({ businessId: business.id, status: 'Pending', totalCents: 800 });
    // Another business's sale today.
    await addSale(other.id, { paidAt: now, totalCents: 77_777, payout: { status: 'paid' } });

    const res = await overview(owner.headers, business.id);
    expect(res.statusCode).toBe(200);
    const body = salesOverviewResponse.parse(res.json());

    // The oracle: the payout rows of the business's orders; net only of those not refunded.
    const rows = (
      await t.db
        .select({
          orderId: payouts.orderId,
          amount: payouts.amountCents,
          createdAt: payouts.createdAt,
          total: orders.totalCents,
        })
        .from(payouts)
        .innerJoin(orders, eq(orders.id, payouts.orderId))
        .where(inArray(payouts.orderId, [today, refused, pending, refunded, old]))
    ).map((r) => ({ ...r, amount: r.orderId === refunded ? 0 : r.amount }));
    expect(rows).toHaveLength(5);
    // The refund went through when it was written: today.
    const [refundRow] = await t.db.select().from(refunds).where(eq(refunds.orderId, refunded));
    const expectBucket = (
      buckets: SalesOverview['daily'],
      keyOf: (d: Date) => string,
      label: string,
    ) => {
      const want = new Map<string, { orders: number; sales: number; net: number }>();
      for (const r of rows) {
        const key = keyOf(r.createdAt);
        if (!buckets.some((b) => b.start === key)) continue;
        const w = want.get(key) ?? { orders: 0, sales: 0, net: 0 };
        want.set(key, { orders: w.orders + 1, sales: w.sales + r.total, net: w.net + r.amount });
      }
      for (const b of buckets) {
        const w = want.get(b.start) ?? { orders: 0, sales: 0, net: 0 };
        expect(b, `${label} ${b.start}`).toEqual({
          start: b.start,
          orders: w.orders,
          sales: centsToPrice(w.sales),
          refunds: keyOf(refundRow!.updatedAt) === b.start ? '90.00' : '0.00',
          net_payouts: centsToPrice(w.net),
        });
      }
    };
    expectBucket(body.daily, isoDay, 'day');
    expectBucket(body.weekly, monday, 'week');

    // The same in plain figures: today 20.99 + 13.33; net after 3 %: 20.36 + 12.93.
    expect(body.daily.at(-1)).toEqual({
      start: isoDay(now),
      orders: 2,
      sales: '34.32',
      refunds: '90.00',
      net_payouts: '33.29',
    });
    // The refunded sale stays on the day it was paid.
    expect(body.daily.find((b) => b.start === isoDay(ago(10)))).toMatchObject({
      orders: 1,
      sales: '90.00',
      refunds: '0.00',
      net_payouts: '0.00',
    });
    const sum = (list: SalesOverview['daily'], k: 'sales' | 'refunds' | 'net_payouts') =>
      list.reduce((s, b) => s + cents(b[k]), 0);
    expect(sum(body.daily, 'sales')).toBe(2_099 + 1_333 + 5_005 + 9_000);
    expect(sum(body.daily, 'refunds')).toBe(9_000);
    expect(sum(body.weekly, 'sales')).toBe(2_099 + 1_333 + 5_005 + 9_000 + 3_001);
    expect(sum(body.weekly, 'refunds')).toBe(9_000);
    expect(sum(body.weekly, 'net_payouts')).toBe(rows.reduce((s, r) => s + r.amount, 0));

    expect(body.orders_by_status).toEqual({
      Pending: 1,
      Paid: 2,
      Shipped: 1,
      Delivered: 1,
      Refunded: 1,
      Canceled: 0,
    });
    expect(body.best_sellers).toEqual([
      {
        product_id: null,
        name: 'Gift Card',
        quantity: 50,
        sales: '90.00',
        refunded_quantity: 50,
        refunds: '90.00',
      },
      {
        product_id: candle.id,
        name: 'Soy Candle',
        quantity: 6,
        sales: '57.04',
        refunded_quantity: 0,
        refunds: '0.00',
      },
      {
        product_id: soap.id,
        name: 'Oat Soap',
        quantity: 3,
        sales: '27.33',
        refunded_quantity: 0,
        refunds: '0.00',
      },
    ]);

    const amount = async (id: number) =>
      (await t.db.select().from(payouts).where(eq(payouts.orderId, id)))[0]!.amountCents;
    const paidToday = (await amount(today)) + (await amount(refused));
    const paidOld = await amount(old);
    expect(body.payouts).toEqual({
      paid_this_week: centsToPrice(paidToday),
      paid_this_month: centsToPrice(paidToday),
      paid_total: centsToPrice(paidToday + paidOld),
      pending: centsToPrice(await amount(pending)),
      reversed: centsToPrice(await amount(refunded)),
    });
    expect(body.payouts.pending).toBe('48.55');
    expect(body.payouts.reversed).toBe('87.30');
  });
});

describe('the week and month edges (the service at a fixed instant)', () => {
  it('Monday 00:00 UTC starts the week, the 1st 00:00 UTC the month; the instant before does not count', async () => {
    const business = await addBusiness(t.db, { name: 'Edge Goods' });
    // Tuesday 1 December 2026, 09:00 UTC: the week started Monday 30 November.
    const now = new Date('2026-12-01T09:00:00Z');
    const paid = (at: string, totalCents: number) =>
      addSale(business.id, {
        paidAt: new Date(at),
        totalCents,
        payout: { status: 'paid', paidAt: new Date(at) },
      });
    await paid('2026-11-29T23:59:59.999Z', 1_000); // Sunday: last week, last month
    await paid('2026-11-30T00:00:00Z', 2_000); // Monday: this week, last month
    await paid('2026-11-30T23:59:59.999Z', 4_000); // Monday night: this week, last month
    await paid('2026-12-01T00:00:00Z', 8_000); // the 1st: this week, this month
    const o = await getSalesOverview(t.db, business.id, now);
    const net = (c: number) => c - Math.round(c * 0.03);
    expect(o.payouts.paid_this_week).toBe(centsToPrice(net(2_000) + net(4_000) + net(8_000)));
    expect(o.payouts.paid_this_month).toBe(centsToPrice(net(8_000)));
    expect(o.payouts.paid_total).toBe(
      centsToPrice(net(1_000) + net(2_000) + net(4_000) + net(8_000)),
    );
    expect(o.daily.slice(-3)).toEqual([
      {
        start: '2026-11-29',
        orders: 1,
        sales: '10.00',
        refunds: '0.00',
        net_payouts: centsToPrice(net(1_000)),
      },
      {
        start: '2026-11-30',
        orders: 2,
        sales: '60.00',
        refunds: '0.00',
        net_payouts: centsToPrice(net(2_000) + net(4_000)),
      },
      {
        start: '2026-12-01',
        orders: 1,
        sales: '80.00',
        refunds: '0.00',
        net_payouts: centsToPrice(net(8_000)),
      },
    ]);
    expect(o.weekly.slice(-2)).toEqual([
      {
        start: '2026-11-23',
        orders: 1,
        sales: '10.00',
        refunds: '0.00',
        net_payouts: centsToPrice(net(1_000)),
      },
      {
        start: '2026-11-30',
        orders: 3,
        sales: '140.00',
        refunds: '0.00',
        net_payouts: centsToPrice(net(2_000) + net(4_000) + net(8_000)),
      },
    ]);
    expect(o.weekly[0]!.start).toBe(salesWindow(now).firstWeek);
  });
});
