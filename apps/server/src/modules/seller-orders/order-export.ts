import { ORDER_EXPORT_COLUMNS, type OrderExportQuery, type SellerOrder } from '@leafline/contract';
import type { Db } from '../../db/client';
import { listBusinessOrdersBetween, type OrderCursor } from '../orders/orders.repo';
import { toSellerOrders } from './seller-orders.service';

/**
 * The seller's orders export (issue 12; contract `orderExportPath`): CSV as RFC 4180 writes it,
 * with a UTF-8 BOM (so spreadsheet programs read it as UTF-8) and CRLF line ends, one row per
 * order line. Written a batch of orders at a time from a keyset walk of the business's orders,
 * so the memory it takes is the same for a day as for five years.
 */

/** Orders read (with their lines and payouts) per batch. */
export const EXPORT_BATCH_ORDERS = 1000;

export const CSV_BOM = '\uFEFF';
const CRLF = '\r\n';

/** First characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field holding any of these is quoted (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field. A text cell (anything a person typed: names, products, addresses, tracking) that
 * starts like a formula gets a leading `'`, so `=HYPERLINK(…)` is shown, never run. Then a field
 * holding a comma, quote, CR or LF is quoted, its quotes doubled.
 */
export function csvField(value: string, kind: 'text' | 'value' = 'text'): string {
  const safe = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated. */
export function csvRecord(fields: readonly string[]): string {
  return fields.join(',') + CRLF;
}

const value = (v: string | number) => csvField(String(v), 'value');
const text = (v: string) => csvField(v, 'text');

function optionsLabel(options: Record<string, string>): string {
  return Object.entries(options)
    .filter(([, v]) => v.trim() !== '')
    .map(([name, v]) => `${name}: ${v}`)
    .join('; ');
}

/**
 * The rows of one order, in ORDER_EXPORT_COLUMNS order: one per line, or one with the line
 * cells empty when it has none. Money is as the seller's order list shows it.
 */
export function orderExportRecords(order: SellerOrder): string {
  const ship = order.shipping_address;
  const head = [value(order.id), value(order.created_at), text(order.status)];
  const buyer = [text(order.user_full_name), text(order.user_email)];
  const tail = [
    value(order.items_subtotal),
    value(order.order_total_shipping_fees),
    value(order.discount_amount),
    value(order.total_price),
    value(order.commission),
    value(order.payout),
    text(order.payout_status),
    text(order.tracking_number),
    text(ship?.name ?? ''),
    text(ship?.line1 ?? ''),
    text(ship?.line2 ?? ''),
    text(ship?.city ?? ''),
    text(ship?.state ?? ''),
    text(ship?.postal_code ?? ''),
    text(ship?.country ?? ''),
  ];
  const lines = order.order_items.length
    ? order.order_items.map((item) => [
        text(item.product_name),
        text(optionsLabel(item.variant_options)),
        value(item.quantity),
        value(item.product_price),
        value(item.total_price),
      ])
    : [['', '', '', '', '']];
  return lines.map((line) => csvRecord([...head, ...buyer, ...line, ...tail])).join('');
}

/** The orders' UTC range: from `from` 00:00Z up to (not including) the day after `to`. */
export function exportRange(query: OrderExportQuery): { from: Date; to: Date } {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(`${query.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return { from, to };
}

export const exportFileName = (businessId: number, query: OrderExportQuery) =>
  `leafline-orders-${businessId}-${query.from}-${query.to}.csv`;

/**
 * The whole file, a piece at a time: the BOM and header row, then the rows of each batch of
 * orders (oldest first), read only as the client takes them (a Readable made from this pulls).
 * The next batch is read from the database while the current one is written out, so at most
 * two batches are held at once.
 */
export async function* orderExportCsv(
  db: Db,
  businessId: number,
  query: OrderExportQuery,
  batchSize = EXPORT_BATCH_ORDERS,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(ORDER_EXPORT_COLUMNS.map((c) => value(c)));
  const range = exportRange(query);
  const load = async (after: OrderCursor | null) => {
    const batch = await listBusinessOrdersBetween(db, businessId, range, {
      after,
      limit: batchSize,
    });
    const orders = batch.rows.length ? await toSellerOrders(db, businessId, batch.rows) : [];
    return { orders, cursor: batch.cursor, full: batch.rows.length === batchSize };
  };
  /** Marks a read ahead as handled: if the client leaves first, its failure is nobody's. */
  const ahead = (after: OrderCursor | null) => {
    const next = load(after);
    next.catch(() => {});
    return next;
  };
  let next = ahead(null);
  for (;;) {
    const { orders, cursor, full } = await next;
    if (full) next = ahead(cursor);
    let chunk = '';
    for (const order of orders) chunk += orderExportRecords(order);
    if (chunk) yield chunk;
    if (!full) return;
  }
}
