import {
  centsToPrice,
  FREE_SHIPPING_RULE_TEXTS,
  ORDER_EXPORT_COLUMNS,
  type OrderExportQuery,
} from '@leafline/contract';
import { CARRIER_LABELS, trackingUrl } from '@leafline/contract/carriers';
import type { Db } from '../../db/client';
import { CRLF, CSV_BOM, csvField, csvRecord } from '../../lib/csv';
import { commissionCents, payoutCents, readAddress } from '../orders';
import { type ExportOrderRow, listExportOrders, type OrderCursor } from './order-export.repo';
import { findPayoutSetup, type PayoutSetup } from './seller-orders.repo';
import { payoutState } from './seller-orders.service';

/**
 * The seller's orders export (issue 12; route `orderExport`): CSV as RFC 4180 writes it,
 * with a UTF-8 BOM (so spreadsheet programs read it as UTF-8) and CRLF line ends, one row per
 * order line. Written a batch of orders at a time from a keyset walk of the business's orders,
 * so the memory it takes is the same for a day as for five years.
 */

/** Orders read (with their lines and payouts) per batch. */
export const EXPORT_BATCH_ORDERS = 1000;

const text = (v: string) => csvField(v, 'text');

function optionsLabel(options: Record<string, string> | null): string {
  if (!options) return '';
  let label = '';
  for (const name in options) {
    const v = options[name]!;
    if (v.trim() === '') continue;
    label += label ? `; ${name}: ${v}` : `${name}: ${v}`;
  }
  return label;
}

/** The line cells of an order without lines. */
const NO_LINE = ',,,,';

/**
 * The rows of one order, in ORDER_EXPORT_COLUMNS order: one per line, or one with the line
 * cells empty when it has none. Money is as the seller's order list shows it (the payout row's
 * once there is one, else what it would be after the commission; `payoutState` of the list).
 * Ids, times and prices never need quoting: they are written as they are.
 */
export function orderExportRecords(order: ExportOrderRow, setup: PayoutSetup): string {
  const ship = readAddress(order.shippingAddress);
  const { payout, lines } = order;
  const head = `${order.id},${order.createdAt},${text(order.status)},${text(order.userFullName)},${text(order.userEmail)},`;
  const tail =
    `,${centsToPrice(order.subtotalCents)},${centsToPrice(order.shippingFeeCents)}` +
    `,${order.shippingFreeReason ? text(FREE_SHIPPING_RULE_TEXTS.reasons[order.shippingFreeReason]) : ''}` +
    `,${centsToPrice(order.discountCents)},${centsToPrice(order.totalCents)}` +
    `,${centsToPrice(payout?.commissionCents ?? commissionCents(order.totalCents))}` +
    `,${centsToPrice(payout?.amountCents ?? payoutCents(order.totalCents))}` +
    `,${text(payoutState(payout, setup))},${text(order.trackingNumber)}` +
    (ship
      ? `,${text(ship.name)},${text(ship.line1)},${text(ship.line2)},${text(ship.city)},${text(ship.state)},${text(ship.postal_code)},${text(ship.country)}`
      : ',,,,,,,') +
    `,${order.carrier ? text(CARRIER_LABELS[order.carrier]) : ''}` +
    `,${text(trackingUrl(order.carrier, order.trackingNumber) ?? '')}` +
    CRLF;
  if (!lines.length) return head + NO_LINE + tail;
  let records = '';
  for (const line of lines) {
    records +=
      head +
      `${text(line.productName)},${text(optionsLabel(line.variantOptions))},${line.quantity}` +
      `,${centsToPrice(line.productPriceCents)},${centsToPrice(line.totalPriceCents)}` +
      tail;
  }
  return records;
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
 * orders (oldest first) as one string, read only as the client takes them (a Readable made
 * from this pulls). The next batch is read from the database while the current one is written
 * out, so at most two batches are held at once. Once `signal` is aborted (the client left) no
 * further batch is read.
 */
export async function* orderExportCsv(
  db: Db,
  businessId: number,
  query: OrderExportQuery,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): AsyncGenerator<string> {
  const { batchSize = EXPORT_BATCH_ORDERS, signal } = options;
  yield CSV_BOM + csvRecord(ORDER_EXPORT_COLUMNS.map((c) => csvField(c, 'value')));
  const range = exportRange(query);
  const setup = findPayoutSetup(db, businessId);
  setup.catch(() => {});
  const load = async (after: OrderCursor | null) => {
    const batch = await listExportOrders(db, businessId, range, { after, limit: batchSize });
    return { ...batch, full: batch.rows.length === batchSize };
  };
  /** Marks a read ahead as handled: if the client leaves first, its failure is nobody's. */
  const ahead = (after: OrderCursor | null) => {
    const next = load(after);
    next.catch(() => {});
    return next;
  };
  let next = ahead(null);
  for (;;) {
    const { rows, cursor, full } = await next;
    if (signal?.aborted) return;
    if (full) next = ahead(cursor);
    const payouts = await setup;
    let chunk = '';
    for (const order of rows) chunk += orderExportRecords(order, payouts);
    if (chunk) yield chunk;
    if (!full) return;
  }
}
