import {
  PAYOUT_LEDGER_MESSAGES,
  PAYOUT_STATEMENT_COLUMNS,
  type PayoutLedger,
  payoutLedgerResponse,
  SELLER_PAGE_SIZE,
} from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { orders, payouts } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type PayoutStatus = (typeof payouts.$inferSelect)['status'];

/** A seller's business, its payout account set up or not. */
async function seller(ready = true) {
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    stripeAccountId: ready ? `acct_ledger_${owner.shopper.id}` : null,
    stripeStatus: ready ? 'active' : 'pending',
  });
  return { ...owner, business };
}

/** Paid orders of the business with their payout rows: total, status and when, each. */
async function payoutsOf(
  businessId: number,
  rows: Array<{ totalCents: number; status: PayoutStatus; at: string; transferId?: string }>,
) {
  const made = await t.db
    .insert(orders)
    .values(
      rows.map((r) => ({
        businessId,
        userFullName: 'Rowan Ash',
        userEmail: 'rowan@example.com',
        status: 'Paid' as const,
        subtotalCents: r.totalCents,
        totalCents: r.totalCents,
        createdAt: new Date(r.at),
      })),
    )
    .returning({ id: orders.id });
  const inserted = await t.db
    .insert(payouts)
    .values(
      rows.map((r, i) => {
        const commission = Math.round(r.totalCents * 0.03);
        return {
          orderId: made[i]!.id,
          businessId,
          amountCents: r.totalCents - commission,
          commissionCents: commission,
          transferGroup: `checkout_${made[i]!.id}`,
          transferId: r.transferId ?? (r.status === 'pending' ? null : `tr_${made[i]!.id}`),
          status: r.status,
          paidAt: r.status === 'pending' ? null : new Date(r.at),
          reversedAt: r.status === 'reversed' ? new Date(r.at) : null,
          createdAt: new Date(r.at),
        };
      }),
    )
    .returning({ id: payouts.id, orderId: payouts.orderId });
  return inserted;
}

const ledger = async (headers: Record<string, string>, businessId: number, query = '') => {
  const res = await t.app.inject({ url: `/api/business/payouts/${businessId}/${query}`, headers });
  return { res, body: res.json() as PayoutLedger };
};

const cents = (price: string) => Math.round(Number(price) * 100);

describe('GET /api/business/payouts/{businessId}/ (issue 29, point 9)', () => {
  it('lists every payout newest first: order, gross, commission, net, state, transfer; totals exact', async () => {
    const { headers, business } = await seller();
    const other = await seller();
    const made = await payoutsOf(business.id, [
      { totalCents: 4_500, status: 'paid', at: '2026-02-27T10:00:00Z' },
      { totalCents: 1_999, status: 'paid', at: '2026-03-01T00:00:00Z' },
      { totalCents: 10_001, status: 'reversed', at: '2026-03-15T12:00:00Z' },
      { totalCents: 333, status: 'pending', at: '2026-03-31T23:59:59.999Z' },
      { totalCents: 2_500, status: 'canceled', at: '2026-04-01T00:00:00Z' },
    ]);
    await payoutsOf(other.business.id, [
      { totalCents: 9_999, status: 'paid', at: '2026-03-10T00:00:00Z' },
    ]);

    const { res, body } = await ledger(headers, business.id);
    expect(res.statusCode).toBe(200);
    expect(payoutLedgerResponse.parse(body)).toEqual(body);
    expect(body.count).toBe(5);
    expect(body.results.map((r) => r.order)).toEqual(made.map((m) => m.orderId).reverse());
    const march = body.results.find((r) => r.order === made[2]!.orderId)!;
    expect(march).toEqual({
      id: made[2]!.id,
      order: made[2]!.orderId,
      created_at: '2026-03-15T12:00:00.000Z',
      gross: '100.01',
      commission: '3.00',
      net: '97.01',
      status: 'reversed',
      transfer_id: `tr_${made[2]!.orderId}`,
      paid_at: '2026-03-15T12:00:00.000Z',
      reversed_at: '2026-03-15T12:00:00.000Z',
    });
    // Every row: gross = commission + net, to the cent; the totals are the rows' sums.
    for (const r of body.results) expect(cents(r.gross)).toBe(cents(r.commission) + cents(r.net));
    for (const key of ['gross', 'commission', 'net'] as const) {
      expect(cents(body.totals[key])).toBe(body.results.reduce((sum, r) => sum + cents(r[key]), 0));
    }
    expect(body.totals.gross).toBe('193.33');
  });

  it('narrows to a UTC month and a status, its totals those of the month’s rows alone', async () => {
    const { headers, business } = await seller();
    await payoutsOf(business.id, [
      { totalCents: 4_500, status: 'paid', at: '2026-02-28T23:59:59.999Z' },
      { totalCents: 1_000, status: 'paid', at: '2026-03-01T00:00:00Z' },
      { totalCents: 2_000, status: 'reversed', at: '2026-03-20T00:00:00Z' },
      { totalCents: 3_000, status: 'paid', at: '2026-03-31T23:59:59.999Z' },
      { totalCents: 7_000, status: 'paid', at: '2026-04-01T00:00:00Z' },
    ]);
    const march = await ledger(headers, business.id, '?month=2026-03');
    expect(march.body.count).toBe(3);
    expect(march.body.totals).toEqual({ gross: '60.00', commission: '1.80', net: '58.20' });
    expect(march.body.results.reduce((sum, r) => sum + cents(r.net), 0)).toBe(
      cents(march.body.totals.net),
    );
    const paidInMarch = await ledger(headers, business.id, '?month=2026-03&status=paid');
    expect(paidInMarch.body.results.map((r) => r.gross)).toEqual(['30.00', '10.00']);
    expect(paidInMarch.body.totals.gross).toBe('40.00');
    const none = await ledger(headers, business.id, '?month=2025-03');
    expect(none.body).toEqual({
      count: 0,
      results: [],
      totals: { gross: '0.00', commission: '0.00', net: '0.00' },
    });

    for (const [query, text] of [
      ['?month=2026-13', PAYOUT_LEDGER_MESSAGES.month],
      ['?month=March', PAYOUT_LEDGER_MESSAGES.month],
      ['?status=sent', PAYOUT_LEDGER_MESSAGES.status],
    ] as const) {
      const { res } = await ledger(headers, business.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(text);
    }
  });

  it('pages by SELLER_PAGE_SIZE, the totals of all pages on each', async () => {
    const { headers, business } = await seller();
    const start = Date.parse('2026-05-01T00:00:00Z');
    await payoutsOf(
      business.id,
      Array.from({ length: SELLER_PAGE_SIZE + 2 }, (_, i) => ({
        totalCents: 100,
        status: 'paid' as const,
        at: new Date(start + i * 60_000).toISOString(),
      })),
    );
    const first = await ledger(headers, business.id, '?page=1');
    const second = await ledger(headers, business.id, '?page=2');
    expect([first.body.results.length, second.body.results.length]).toEqual([SELLER_PAGE_SIZE, 2]);
    expect(first.body.totals).toEqual(second.body.totals);
    expect(first.body.totals.gross).toBe(((SELLER_PAGE_SIZE + 2) * 1).toFixed(2));
  });

  it('says a payout waits for the brand’s payout setup as the order list does', async () => {
    const { headers, business } = await seller(false);
    await payoutsOf(business.id, [
      { totalCents: 2_000, status: 'pending', at: '2026-06-01T00:00:00Z' },
    ]);
    const { body } = await ledger(headers, business.id);
    expect(body.results[0]!.status).toBe('waiting_for_onboarding');
    expect(body.results[0]!.transfer_id).toBeNull();
  });

  it('gives the month’s statement as CSV, oldest first, its totals row the ledger’s sums', async () => {
    const { headers, business } = await seller();
    const made = await payoutsOf(business.id, [
      { totalCents: 1_000, status: 'paid', at: '2026-07-02T09:00:00Z', transferId: '=SUM(1)' },
      { totalCents: 2_000, status: 'reversed', at: '2026-07-20T09:00:00Z' },
      { totalCents: 4_000, status: 'paid', at: '2026-08-01T00:00:00Z' },
    ]);
    const res = await t.app.inject({
      url: `/api/business/payouts/${business.id}/statement/?month=2026-07`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="leafline-payouts-${business.id}-2026-07.csv"`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      PAYOUT_STATEMENT_COLUMNS.join(','),
      // A transfer id that looks like a formula is written as text.
      `2026-07-02T09:00:00.000Z,${made[0]!.orderId},10.00,0.30,9.70,paid,'=SUM(1),2026-07-02T09:00:00.000Z,`,
      `2026-07-20T09:00:00.000Z,${made[1]!.orderId},20.00,0.60,19.40,reversed,tr_${made[1]!.orderId},2026-07-20T09:00:00.000Z,2026-07-20T09:00:00.000Z`,
      'total,,30.00,0.90,29.10,,,,',
    ]);
    const { body } = await ledger(headers, business.id, '?month=2026-07');
    expect(body.totals).toEqual({ gross: '30.00', commission: '0.90', net: '29.10' });

    const noMonth = await t.app.inject({
      url: `/api/business/payouts/${business.id}/statement/`,
      headers,
    });
    expect(noMonth.statusCode).toBe(400);
    expect(JSON.stringify(noMonth.json())).toContain(PAYOUT_LEDGER_MESSAGES.month);
  });

  it('is a 404 for a business the caller does not own', async () => {
    const { business } = await seller();
    const stranger = await signedInShopper(t.app);
    const { res } = await ledger(stranger.headers, business.id);
    expect(res.statusCode).toBe(404);
    const statement = await t.app.inject({
      url: `/api/business/payouts/${business.id}/statement/?month=2026-07`,
      headers: stranger.headers,
    });
    expect(statement.statusCode).toBe(404);
  });
});
