import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  ACCOUNT_MESSAGES,
  BUSINESS_MESSAGES,
  type CheckoutResponse,
  EXPORT_MAX_DAYS,
  EXPORT_MESSAGES,
  ORDER_EXPORT_COLUMNS,
  type SellerOrder,
} from '@leafline/contract';
import { CARRIER_LABELS } from '@leafline/contract/carriers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addToCart, checkout, type Headers, payLocal, shopper } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { businesses, orderItems, orders, payouts, refunds } from '../../db/schema/index';
import { CSV_BOM, csvField, csvRecord } from '../../lib/csv';
import { EXPORT_BATCH_ORDERS } from './order-export';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_JOB_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('CSV fields (RFC 4180, formula injection)', () => {
  it('prefixes a text cell that starts like a formula with a quote', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tindented')).toBe("'\tindented");
    expect(csvField('\rcarriage')).toBe(`"'\rcarriage"`);
    // Not at the start, or not a text cell: left as it is.
    expect(csvField('a=b+c-d@e')).toBe('a=b+c-d@e');
    expect(csvField('-2.50', 'value')).toBe('-2.50');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('Portland, OR')).toBe('"Portland, OR"');
    expect(csvField('The "good" soap')).toBe('"The ""good"" soap"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('')).toBe('');
  });

  it('keeps Unicode and emoji as they are', () => {
    expect(csvField('Crème brûlée 🍮')).toBe('Crème brûlée 🍮');
    expect(csvField('Zoë, 東京 🌿')).toBe('"Zoë, 東京 🌿"');
    expect(csvRecord(['a', csvField('b,c'), 'd'])).toBe('a,"b,c",d\r\n');
  });
});

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), to check what was written. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error(`the last record has no CRLF: ${JSON.stringify(row)}`);
  return rows;
}

/** The records as objects by column name (after the header row, which is checked). */
function records(body: string): Record<string, string>[] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(CSV_BOM.length));
  expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
  return rows.map((r) => {
    expect(r).toHaveLength(ORDER_EXPORT_COLUMNS.length);
    return Object.fromEntries(ORDER_EXPORT_COLUMNS.map((c, i) => [c, r[i]!]));
  });
}

let accounts = 0;
async function seller() {
  const owner = await signedInShopper(t.app);
  accounts += 1;
  const business = await addBusiness(t.db, {
    ownerId: owner.shopper.id,
    name: `Export Goods ${accounts}`,
    stripeAccountId: `acct_export_${accounts}`,
    stripeStatus: 'active',
  });
  return { ...owner, business };
}

const exportUrl = (businessId: number | string, query: string) =>
  `/api/business/orders/${businessId}/export/${query}`;
const download = (headers: Headers, businessId: number | string, query: string) =>
  t.app.inject({ url: exportUrl(businessId, query), headers });

/** Orders written straight to the database at given times, each with the given lines. */
async function insertOrder(
  businessId: number,
  createdAt: string,
  values: Partial<typeof orders.$inferInsert> = {},
  lines: Array<{
    name: string;
    quantity?: number;
    options?: Record<string, string>;
    priceCents?: number;
  }> = [{ name: 'Wool Socks' }],
): Promise<number> {
  const [row] = await t.db
    .insert(orders)
    .values({
      businessId,
      userFullName: 'Rowan Ash',
      userEmail: 'rowan@example.com',
      status: 'Paid',
      subtotalCents: 1000 * lines.length,
      totalCents: 1000 * lines.length,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
      ...values,
    })
    .returning({ id: orders.id });
  if (lines.length) {
    await t.db.insert(orderItems).values(
      lines.map((l) => ({
        orderId: row!.id,
        productName: l.name,
        productPriceCents: l.priceCents ?? 1000,
        quantity: l.quantity ?? 1,
        totalPriceCents: (l.priceCents ?? 1000) * (l.quantity ?? 1),
        variantOptions: l.options ?? {},
      })),
    );
  }
  return row!.id;
}

describe('GET /api/business/orders/{businessId}/export/', () => {
  it('needs a session: 401', async () => {
    const res = await t.app.inject({ url: exportUrl(1, '?from=2026-01-01&to=2026-01-31') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });

  it('is 404 for a business the caller does not own, and for one that does not exist', async () => {
    const { business } = await seller();
    const other = await seller();
    for (const id of [business.id, 999_999, 'abc']) {
      const res = await download(other.headers, id, '?from=2026-01-01&to=2026-01-31');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    }
  });

  it('refuses bad dates with the contract’s texts (400)', async () => {
    const { headers, business } = await seller();
    const cases: Array<[string, string]> = [
      ['', EXPORT_MESSAGES.date],
      ['?from=2026-01-01', EXPORT_MESSAGES.date],
      ['?from=2026-1-1&to=2026-01-31', EXPORT_MESSAGES.date],
      ['?from=2026-02-30&to=2026-03-01', EXPORT_MESSAGES.date],
      ['?from=yesterday&to=today', EXPORT_MESSAGES.date],
      ['?from=2026-02-01&to=2026-01-31', EXPORT_MESSAGES.order],
      [`?from=2020-01-01&to=2026-01-01`, EXPORT_MESSAGES.range],
    ];
    for (const [query, message] of cases) {
      const res = await download(headers, business.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(message);
    }
    // The longest allowed range is fine.
    const last = new Date(Date.parse('2020-01-01T00:00:00Z') + (EXPORT_MAX_DAYS - 1) * 86_400_000);
    const ok = await download(
      headers,
      business.id,
      `?from=2020-01-01&to=${last.toISOString().slice(0, 10)}`,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('sends a CSV attachment: BOM, header row, CRLF, one row per line, both days included', async () => {
    const { headers, business } = await seller();
    const other = await seller();
    const before = await insertOrder(business.id, '2026-02-28T23:59:59.999Z');
    const first = await insertOrder(business.id, '2026-03-01T00:00:00.000Z', {}, [
      { name: 'Soy Candle', quantity: 2, options: { Scent: 'Cedar', Size: 'Large' } },
      { name: 'Oat Soap' },
    ]);
    const noLines = await insertOrder(business.id, '2026-03-02T10:00:00.000Z', {}, []);
    const last = await insertOrder(business.id, '2026-03-03T23:59:59.999Z', {
      status: 'Shipped',
      trackingNumber: '1Z999AA10123456784',
    });
    const after = await insertOrder(business.id, '2026-03-04T00:00:00.000Z');
    const theirs = await insertOrder(other.business.id, '2026-03-02T00:00:00.000Z');

    const res = await download(headers, business.id, '?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="leafline-orders-${business.id}-2026-03-01-2026-03-03.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith(`${CSV_BOM}order_id,created_at_utc,status,`)).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.replaceAll('\r\n', '').includes('\n')).toBe(false);

    const rows = records(res.body);
    expect(rows.map((r) => Number(r.order_id))).toEqual([first, first, noLines, last]);
    for (const id of [before, after, theirs]) {
      expect(rows.some((r) => Number(r.order_id) === id)).toBe(false);
    }
    expect(rows[0]).toMatchObject({
      created_at_utc: '2026-03-01T00:00:00.000Z',
      status: 'Paid',
      buyer_name: 'Rowan Ash',
      buyer_email: 'rowan@example.com',
      product: 'Soy Candle',
      // jsonb keeps its keys shorter first.
      options: 'Size: Large; Scent: Cedar',
      quantity: '2',
      unit_price: '10.00',
      line_total: '20.00',
      order_items_subtotal: '20.00',
      order_total: '20.00',
      commission: '0.60',
      payout: '19.40',
      payout_status: 'not_due',
    });
    expect(rows[1]).toMatchObject({ order_id: String(first), product: 'Oat Soap', quantity: '1' });
    expect(rows[2]).toMatchObject({
      order_id: String(noLines),
      product: '',
      options: '',
      quantity: '',
      unit_price: '',
      line_total: '',
    });
    expect(rows[3]).toMatchObject({
      created_at_utc: '2026-03-03T23:59:59.999Z',
      status: 'Shipped',
      tracking_number: '1Z999AA10123456784',
    });

    // A range without orders: the header row alone.
    const empty = await download(headers, business.id, '?from=2025-01-01&to=2025-01-31');
    expect(empty.statusCode).toBe(200);
    expect(records(empty.body)).toEqual([]);
  });

  it('neutralises formulas and quotes what needs it in the data people typed', async () => {
    const { headers, business } = await seller();
    const address = {
      name: '=HYPERLINK("http://evil.example","Click")',
      line1: '12 Alder Street, Apt 3',
      line2: 'Ring twice\nthen wait',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      country: 'US',
      phone: '',
    };
    await insertOrder(
      business.id,
      '2026-04-10T12:00:00.000Z',
      { userFullName: '@SUM(A1)', userEmail: '+1@example.com', shippingAddress: address },
      [{ name: 'The "best" soap 🧼', options: { Size: '-2' } }],
    );
    const res = await download(headers, business.id, '?from=2026-04-10&to=2026-04-10');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain('"12 Alder Street, Apt 3","Ring twice\nthen wait"');
    const [row] = records(res.body);
    expect(row).toMatchObject({
      buyer_name: "'@SUM(A1)",
      buyer_email: "'+1@example.com",
      product: 'The "best" soap 🧼',
      options: 'Size: -2',
      ship_to_name: `'${address.name}`,
      ship_to_line1: address.line1,
      ship_to_line2: address.line2,
      ship_to_country: 'US',
    });
  });

  it('shows commission, payout and payout status exactly as the seller’s order list does', async () => {
    const { headers, business } = await seller();
    const candle = await addProduct(t.db, business.id, { name: 'Soy Candle', priceCents: 1799 });
    const { headers: buyer } = await shopper(t.app);
    await addToCart(t.app, buyer, candle.id, { quantity: 3 });
    const checkoutRes = await checkout(t.app, buyer);
    const body: CheckoutResponse = checkoutRes.json();
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();

    const listed: SellerOrder[] = (
      await t.app.inject({ url: `/api/business/orders/${business.id}/`, headers })
    ).json();
    expect(listed).toHaveLength(1);
    const order = listed[0]!;
    const day = order.created_at.slice(0, 10);
    const res = await download(headers, business.id, `?from=${day}&to=${day}`);
    const [row] = records(res.body);
    expect(row).toMatchObject({
      order_id: String(order.id),
      created_at_utc: order.created_at,
      status: 'Paid',
      product: 'Soy Candle',
      quantity: '3',
      unit_price: '17.99',
      line_total: '53.97',
      order_total: order.total_price,
      commission: order.commission,
      payout: order.payout,
      payout_status: order.payout_status,
      ship_to_name: 'Fern Moss',
      ship_to_line1: '12 Alder Street',
      ship_to_city: 'Portland',
    });
    expect(['pending', 'paid']).toContain(row!.payout_status);
  });

  it('leaves out abandoned payments', async () => {
    const { headers, business } = await seller();
    const { headers: buyer } = await shopper(t.app);
    const soap = await addProduct(t.db, business.id, { name: 'Oat Soap', priceCents: 700 });
    await addToCart(t.app, buyer, soap.id);
    const body: CheckoutResponse = (await checkout(t.app, buyer)).json();
    // The checkout fails before anything was paid: its order is Canceled and abandoned.
    await t.db.execute(sql`update checkouts set status = 'failed' where id in
      (select checkout_id from orders where id = ${body.order_ids[0]!})`);
    await t.db.execute(sql`update orders set status = 'Canceled' where id = ${body.order_ids[0]!}`);
    const kept = await insertOrder(business.id, new Date().toISOString(), { status: 'Canceled' });
    const today = new Date().toISOString().slice(0, 10);
    const rows = records((await download(headers, business.id, `?from=${today}&to=${today}`)).body);
    expect(rows.map((r) => Number(r.order_id))).toEqual([kept]);
  });

  it('leaves out the orders of a checkout still waiting for payment, until it is paid', async () => {
    const { headers, business } = await seller();
    const { headers: buyer } = await shopper(t.app);
    const soap = await addProduct(t.db, business.id, { name: 'Oat Soap', priceCents: 700 });
    await addToCart(t.app, buyer, soap.id);
    const body: CheckoutResponse = (await checkout(t.app, buyer)).json();
    const today = new Date().toISOString().slice(0, 10);
    const csv = async () =>
      records((await download(headers, business.id, `?from=${today}&to=${today}`)).body).map(
        (r) => [Number(r.order_id), r.status],
      );
    // The buyer is on the payment page (or left it): no order of the brand's yet.
    expect(await csv()).toEqual([]);
    expect((await payLocal(t.app, body.checkout_url)).statusCode).toBe(303);
    await t.app.deps.tasks.idle();
    expect(await csv()).toEqual([[body.order_ids[0], 'Paid']]);
  });
});

describe('the export beside the seller’s order list', () => {
  /** A cell as the CSV shows a text: a leading quote before what starts like a formula. */
  const shown = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

  it('says what the list says of every order, cell by cell: money, payout, lines, text', async () => {
    const { headers, business } = await seller();
    // Not onboarded yet: a pending payout waits for it.
    await t.db
      .update(businesses)
      .set({ stripeAccountId: null, stripeStatus: 'pending' })
      .where(sql`${businesses.id} = ${business.id}`);
    const at = (minute: number) =>
      `2026-05-0${1 + (minute % 3)}T${String(10 + (minute % 12)).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.${String(minute * 7).padStart(3, '0')}Z`;
    const address = (name: string) => ({
      name,
      line1: '1 Alder St, Apt "B"',
      line2: 'Ring\nthen wait',
      city: 'Zürich',
      state: '',
      postal_code: '8001',
      country: 'CH',
      phone: '',
    });
    type Money = {
      status: 'pending' | 'paid' | 'failed' | 'canceled' | 'reversed';
      lastError?: string;
      amountCents?: number;
      commissionCents?: number;
    };
    const cases: Array<{
      values: Partial<typeof orders.$inferInsert>;
      lines?: Parameters<typeof insertOrder>[3];
      payout?: Money;
      refund?: 'succeeded' | 'failed';
    }> = [
      // Not paid: no payout row, the money is what it would be after the commission.
      { values: { status: 'Pending', totalCents: 1999, subtotalCents: 1999 } },
      // Paid, with a discount and shipping, several lines, options; payout pending.
      {
        values: {
          subtotalCents: 5997,
          shippingFeeCents: 650,
          discountCents: 1200,
          totalCents: 5447,
          userFullName: 'Ana, "the" buyer',
          shippingAddress: address('=SUM(A1:A9)'),
        },
        lines: [
          { name: 'Soy Candle', quantity: 2, priceCents: 1999, options: { Scent: 'Fig, Cedar' } },
          { name: '+Oat Soap', priceCents: 1999, options: { Size: ' ', Colour: '-red' } },
        ],
        payout: { status: 'pending' },
      },
      // Paid out.
      {
        values: { status: 'Delivered', totalCents: 3333, subtotalCents: 3333 },
        payout: { status: 'paid', amountCents: 3233, commissionCents: 100 },
      },
      // A failing transfer being tried again.
      {
        values: { status: 'Shipped', trackingNumber: '@1Z 999', totalCents: 1001 },
        payout: { status: 'pending', lastError: 'account restricted' },
      },
      // Given up on.
      { values: { totalCents: 77 }, payout: { status: 'failed', lastError: 'no' } },
      // Refunded after the transfer (reversed), and before any (canceled).
      {
        values: { status: 'Refunded', totalCents: 12_345, discountCents: 55 },
        payout: { status: 'reversed', amountCents: 11_975, commissionCents: 370 },
        refund: 'succeeded',
      },
      {
        values: { status: 'Canceled', totalCents: 500 },
        payout: { status: 'canceled' },
        refund: 'succeeded',
      },
      // A refund the provider refused: the order keeps its status and payout.
      {
        values: { status: 'Shipped', totalCents: 2500, userEmail: '-x@example.com' },
        payout: { status: 'paid' },
        refund: 'failed',
      },
      // No lines at all, odd text everywhere.
      {
        values: { userFullName: 'Zoë 🌿\r\nNewline', totalCents: 0, subtotalCents: 0 },
        lines: [],
      },
    ];
    const ids: number[] = [];
    for (const [i, c] of cases.entries()) {
      const id = await insertOrder(business.id, at(i), c.values, c.lines);
      ids.push(id);
      const total = c.values.totalCents ?? 1000;
      if (c.payout) {
        await t.db.insert(payouts).values({
          orderId: id,
          businessId: business.id,
          amountCents: c.payout.amountCents ?? total - Math.round(total * 0.03),
          commissionCents: c.payout.commissionCents ?? Math.round(total * 0.03),
          transferGroup: `checkout_${id}`,
          status: c.payout.status,
          lastError: c.payout.lastError ?? null,
        });
      }
      if (c.refund) {
        await t.db.insert(refunds).values({
          orderId: id,
          businessId: business.id,
          amountCents: total,
          targetStatus: 'Refunded',
          status: c.refund,
          lastError: c.refund === 'failed' ? 'charge already disputed' : null,
        });
      }
    }

    const compare = async (states: string[]) => {
      const listRes = await t.app.inject({ url: `/api/business/orders/${business.id}/`, headers });
      expect(listRes.statusCode).toBe(200);
      const listed = new Map(
        (listRes.json() as SellerOrder[]).map((o) => [o.id, o] as [number, SellerOrder]),
      );
      expect([...listed.keys()].sort()).toEqual([...ids].sort());
      const res = await download(headers, business.id, '?from=2026-05-01&to=2026-05-03');
      expect(res.statusCode).toBe(200);
      const rows = records(res.body);
      // Oldest first; one row per line, one for an order without lines.
      const expectedIds = [...listed.values()]
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
        .flatMap((o) => Array(Math.max(1, o.order_items.length)).fill(String(o.id)));
      expect(rows.map((r) => r.order_id)).toEqual(expectedIds);
      const seen = new Map<number, number>();
      for (const row of rows) {
        const order = listed.get(Number(row.order_id))!;
        const n = seen.get(order.id) ?? 0;
        seen.set(order.id, n + 1);
        const item = order.order_items[n];
        const ship = order.shipping_address;
        expect(row, `order ${order.id}`).toEqual({
          order_id: String(order.id),
          created_at_utc: order.created_at,
          status: order.status,
          buyer_name: shown(order.user_full_name),
          buyer_email: shown(order.user_email),
          product: item ? shown(item.product_name) : '',
          options: item
            ? shown(
                Object.entries(item.variant_options)
                  .filter(([, v]) => v.trim() !== '')
                  .map(([k, v]) => `${k}: ${v}`)
                  .join('; '),
              )
            : '',
          quantity: item ? String(item.quantity) : '',
          unit_price: item?.product_price ?? '',
          line_total: item?.total_price ?? '',
          order_items_subtotal: order.items_subtotal,
          order_shipping: order.order_total_shipping_fees,
          order_shipping_note: '',
          order_discount: order.discount_amount,
          order_total: order.total_price,
          commission: order.commission,
          payout: order.payout,
          payout_status: order.payout_status,
          tracking_number: shown(order.tracking_number),
          ship_to_name: shown(ship?.name ?? ''),
          ship_to_line1: ship?.line1 ?? '',
          ship_to_line2: ship?.line2 ?? '',
          ship_to_city: ship?.city ?? '',
          ship_to_state: ship?.state ?? '',
          ship_to_postal_code: ship?.postal_code ?? '',
          ship_to_country: ship?.country ?? '',
          carrier: order.carrier ? CARRIER_LABELS[order.carrier] : '',
          tracking_url: order.tracking_url ?? '',
        });
      }
      // What the list shows, in the order the orders were made.
      expect(
        ids.map((id) => listed.get(id)!.payout_status),
        'payout states',
      ).toEqual(states);
      return rows;
    };

    const before = await compare([
      'not_due',
      'waiting_for_onboarding',
      'paid',
      'waiting_for_onboarding',
      'failed',
      'reversed',
      'canceled',
      'paid',
      'not_due',
    ]);
    // The discount, the options and the money of the order with two lines, as written.
    expect(before.filter((r) => r.order_id === String(ids[1]))).toMatchObject([
      {
        product: 'Soy Candle',
        options: 'Scent: Fig, Cedar',
        quantity: '2',
        unit_price: '19.99',
        line_total: '39.98',
        order_discount: '12.00',
        order_shipping: '6.50',
        order_total: '54.47',
        commission: '1.63',
        payout: '52.84',
        buyer_name: 'Ana, "the" buyer',
        ship_to_name: "'=SUM(A1:A9)",
        ship_to_line2: 'Ring\nthen wait',
      },
      { product: "'+Oat Soap", options: 'Colour: -red', quantity: '1', line_total: '19.99' },
    ]);
    // Not paid yet: the commission and payout it would have.
    expect(before[0]).toMatchObject({ order_total: '19.99', commission: '0.60', payout: '19.39' });

    // Once onboarded, the pending payouts are pending, the failing one retrying.
    await t.db
      .update(businesses)
      .set({ stripeAccountId: 'acct_export_onboarded', stripeStatus: 'active' })
      .where(sql`${businesses.id} = ${business.id}`);
    await compare([
      'not_due',
      'pending',
      'paid',
      'retrying',
      'failed',
      'reversed',
      'canceled',
      'paid',
      'not_due',
    ]);
  });
});

describe('a client that leaves mid-download', () => {
  it('stops the export: no further batch is read', async () => {
    const { headers, business } = await seller();
    const batches = 8;
    await t.db.execute(sql`
      with made as (
        insert into orders (business_id, user_full_name, user_email, status, subtotal_cents,
          total_cents, created_at, updated_at)
        select ${business.id}, 'Buyer ' || g, 'b' || g || '@example.com', 'Paid', 1000, 1000,
          timestamptz '2025-06-01 00:00:00+00' + (g || ' seconds')::interval, now()
        from generate_series(1, ${batches * EXPORT_BATCH_ORDERS}) g
        returning id
      )
      insert into order_items (order_id, product_name, product_price_cents, quantity,
        total_price_cents, variant_options)
      select id, 'Leaf ' || id, 1000, 1, 1000, '{}'::jsonb from made`);
    const reads = vi.spyOn(t.app.deps.db, 'execute');
    try {
      const left = new AbortController();
      const res = await t.app.inject({
        url: exportUrl(business.id, '?from=2025-06-01&to=2025-06-01'),
        headers,
        payloadAsStream: true,
        signal: left.signal,
      });
      expect(res.statusCode).toBe(200);
      const body = res.stream();
      body.on('error', () => {});
      // Take the header row and the first batch's rows, then leave.
      let received = '';
      for await (const chunk of body) {
        received += String(chunk);
        if (received.split('\r\n').length > EXPORT_BATCH_ORDERS / 2) break;
      }
      const readBeforeLeaving = reads.mock.calls.length;
      left.abort();
      // Long enough for several more batches to be read, were the export still running.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(readBeforeLeaving).toBeGreaterThanOrEqual(1);
      expect(readBeforeLeaving).toBeLessThan(batches);
      expect(reads.mock.calls.length).toBe(readBeforeLeaving);
    } finally {
      reads.mockRestore();
    }
    // The app is still fine: the whole export, from the start, for someone who stays.
    const whole = await download(headers, business.id, '?from=2025-06-01&to=2025-06-01');
    expect(whole.statusCode).toBe(200);
    expect(records(whole.body)).toHaveLength(batches * EXPORT_BATCH_ORDERS);
  }, 60_000);
});

describe('a large export', () => {
  it('streams 50,000 orders in batches, oldest first, with a bounded heap', async () => {
    const { headers, business } = await seller();
    const total = 50_000;
    // Orders a minute apart from 2025-01-01 (about 35 days), each with one line; a few in the
    // same millisecond, microseconds apart, across the end of a batch (the keyset must neither
    // repeat nor skip them).
    const sameMs = [EXPORT_BATCH_ORDERS * 49 - 3, EXPORT_BATCH_ORDERS * 49 + 3];
    await t.db.execute(sql`
      with made as (
        insert into orders (business_id, user_full_name, user_email, status, subtotal_cents,
          total_cents, tracking_number, shipping_address, created_at, updated_at)
        select ${business.id}, 'Buyer ' || g, 'buyer' || g || '@example.com', 'Paid', 4000, 4000,
          '1Z' || g,
          jsonb_build_object('name', 'Buyer ' || g, 'line1', g || ' Main St, Apt ' || g,
            'line2', '', 'city', 'Portland', 'state', 'OR', 'postal_code', '97201',
            'country', 'US', 'phone', ''),
          timestamptz '2025-01-01 00:00:00+00'
            + (case when g between ${sameMs[0]} and ${sameMs[1]}
                then (${sameMs[0]} || ' minutes ' || (g - ${sameMs[0]}) || ' microseconds')
                else g || ' minutes' end)::interval,
          now()
        from generate_series(1, ${total}) g
        returning id
      )
      insert into order_items (order_id, product_name, product_price_cents, quantity,
        total_price_cents, variant_options)
      select id, 'Bench product ' || id, 2000, 2, 4000, '{"Size":"M"}'::jsonb from made`);

    // What the heap holds (garbage collected first) while the body streams: it must not grow
    // with the number of orders sent so far.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const start = live();
    const samples: number[] = [];
    let chunks = 0;
    const res = await t.app.inject({
      url: exportUrl(business.id, '?from=2025-01-01&to=2025-03-31'),
      headers,
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    let bytes = 0;
    let newlines = 0;
    let previousId = 0;
    let tail = '';
    let ordered = true;
    let first = true;
    for await (const chunk of res.stream()) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      // Count records by their CRLF (no field here holds a line break) and check the order ids
      // grow (the orders were made oldest first, so ids follow created_at).
      const lines = (tail + text).split('\r\n');
      tail = lines.pop()!;
      for (const line of lines) {
        newlines += 1;
        if (first) {
          first = false;
          continue;
        }
        const id = Number(line.slice(0, line.indexOf(',')));
        if (!(id > previousId)) ordered = false;
        previousId = id;
      }
      chunks += 1;
      if (chunks % 5 === 0) samples.push(live() - start);
    }
    expect(tail).toBe('');
    expect(newlines).toBe(total + 1);
    expect(ordered).toBe(true);
    // The body is over 10 MB. Holding it would take at least its size; what the heap holds
    // while it streams (a batch of orders) is well under that, and no more at the end than at
    // the start (measured about 4 MB throughout).
    expect(bytes).toBeGreaterThan(10 * 2 ** 20);
    expect(samples.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...samples)).toBeLessThan(bytes * 0.75);
    const third = Math.floor(samples.length / 3);
    expect(Math.max(...samples.slice(-third))).toBeLessThan(
      Math.max(...samples.slice(0, third)) + 2 * 2 ** 20,
    );
  }, 120_000);
});

describe('OpenAPI', () => {
  it('documents the export with its dates under the seller’s orders tag', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths['/api/business/orders/{businessId}/export/']?.get;
    expect(op.tags).toEqual(['seller orders']);
    expect(op.summary).toContain('CSV');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['businessId', 'from', 'to']),
    );
  });
});
