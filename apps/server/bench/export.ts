import { ROUTES } from '@leafline/contract/routes';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { ensureBenchBusiness, rowsOf } from './seller';

/**
 * `BENCH_ONLY=export npm run bench` (issue 12): the orders export of the bench seller's
 * business (5,000 orders) and of a second business of the same owner with EXPORT_ORDERS orders,
 * read over HTTP as a browser downloads it: rows/s, MB/s and the process's peak RSS while it
 * streams. Beside it, a baseline measured in the same run: a plain select of the same orders
 * and lines (one query, every row in memory at once, no CSV).
 */

export const EXPORT_ORDERS = 50_000;
const BUSINESS_NAME = 'Bench Export Co';
/** The export's range: the last five years, as far as one export may reach. */
const DAYS = 1_800;

/** The second bench business, filled to EXPORT_ORDERS paid orders (one line and a payout each). */
export async function ensureExportBusiness(db: Db, ownerId: number): Promise<number> {
  const businessId = await ensureBenchBusiness(db, ownerId, {
    name: BUSINESS_NAME,
    description: 'A brand with a year of orders to export.',
    email: 'bench-export@example.com',
    accountId: 'acct_bench_export',
  });
  const [have] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where business_id = ${businessId}`,
  );
  if (have!.n < EXPORT_ORDERS) {
    // An order every 10 minutes back from now (about a year), with text that needs quoting.
    await db.execute(sql`
      with made as (
        insert into orders (business_id, user_full_name, user_email, status, subtotal_cents,
          shipping_fee_cents, total_cents, payout_cents, tracking_number, card_brand,
          shipping_address, created_at)
        select ${businessId}, 'Buyer ' || g, 'buyer' || g || '@example.com',
          (array['Paid','Shipped','Delivered','Paid'])[1 + g % 4],
          4000, 500, 4500, 4500 - 135, case when g % 4 in (1, 2) then '1Z999AA1' || g else '' end,
          'visa',
          jsonb_build_object('name', 'Buyer ' || g, 'line1', g || ' Main St, Apt 2', 'line2', '',
            'city', 'Portland', 'state', 'OR', 'postal_code', '97201', 'country', 'US',
            'phone', '503-555-0100'),
          now() - (g * 10 || ' minutes')::interval
        from generate_series(${have!.n + 1}::int, ${EXPORT_ORDERS}::int) g
        returning id
      ), lines as (
        insert into order_items (order_id, product_name, product_price_cents, quantity,
          total_price_cents, variant_options)
        select id, 'Organic cotton tee, "classic"', 2000, 2, 4000, '{"Size":"M"}'::jsonb
        from made
        returning order_id
      )
      insert into payouts (order_id, business_id, amount_cents, commission_cents,
        transfer_group, transfer_id, status, paid_at)
      select id, ${businessId}, 4500 - 135, 135, 'checkout_bench_' || id, 'tr_bench_' || id,
        'paid', now()
      from made`);
    await db.execute(sql`analyze orders, order_items, payouts`);
  }
  return businessId;
}

export interface ExportFigures {
  name: string;
  rows: number;
  bytes: number;
  seconds: number;
  /** The process's RSS growth over what it was just before (the server and client share it). */
  peakRssGrowth: number;
  peakRss: number;
}

/** Runs `work` timed, sampling the RSS every 20 ms: its rows and bytes, time and memory. */
async function measured(
  name: string,
  work: () => Promise<{ rows: number; bytes: number }>,
): Promise<ExportFigures> {
  const before = process.memoryUsage().rss;
  const started = performance.now();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      name,
      ...value,
      seconds: (performance.now() - started) / 1000,
      peakRssGrowth: peak - before,
      peakRss: peak,
    };
  } finally {
    clearInterval(timer);
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** One download of the business's export over HTTP, read as it arrives. */
export async function measureExport(
  base: string,
  auth: Record<string, string>,
  businessId: number,
  name: string,
): Promise<ExportFigures> {
  const to = new Date();
  const from = new Date(to.getTime() - (DAYS - 1) * 86_400_000);
  const url = `${base}${ROUTES.orderExport.path({ businessId })}?from=${day(from)}&to=${day(to)}`;
  return measured(name, async () => {
    const res = await fetch(url, { headers: auth });
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
    let bytes = 0;
    let rows = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      // No field of these orders holds a line break: each LF ends one record.
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows += 1;
    }
    return { bytes, rows: rows - 1 };
  });
}

/** The baseline: the same orders with their lines, one plain select, every row at once. */
export async function measurePlainSelect(
  db: Db,
  businessId: number,
  name: string,
): Promise<ExportFigures> {
  return measured(name, async () => {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select o.*, i.product_name, i.variant_options, i.quantity, i.product_price_cents,
          i.total_price_cents, p.amount_cents, p.commission_cents, p.status as payout_status
        from orders o
        left join order_items i on i.order_id = o.id
        left join payouts p on p.order_id = o.id
        where o.business_id = ${businessId}
          and o.created_at >= now() - ${`${DAYS} days`}::interval
        order by o.created_at, o.id, i.id`,
    );
    return { rows: rows.length, bytes: Buffer.byteLength(JSON.stringify(rows)) };
  });
}

const mib = (bytes: number) => bytes / 2 ** 20;

export function printExportTable(results: readonly ExportFigures[]): void {
  console.log(
    `\n${'orders export'.padEnd(58)} ${'rows'.padStart(7)} ${'rows/s'.padStart(8)} ${'MB/s'.padStart(6)} ${'s'.padStart(6)} ${'RSS +MiB'.padStart(9)} ${'peak RSS MiB'.padStart(13)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(58)} ${String(r.rows).padStart(7)} ${(r.rows / r.seconds).toFixed(0).padStart(8)} ${(mib(r.bytes) / r.seconds).toFixed(1).padStart(6)} ${r.seconds.toFixed(2).padStart(6)} ${mib(r.peakRssGrowth).toFixed(0).padStart(9)} ${mib(r.peakRss).toFixed(0).padStart(13)}`,
    );
  }
  console.log(
    '  (MB/s of the baseline: its rows as JSON; RSS is the whole process, server and client)',
  );
}
