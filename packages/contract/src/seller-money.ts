import { z } from 'zod';
import { priceString } from './catalog';
import { COMMISSION_PERCENT, ORDER_STATUSES } from './constants';
import { sellerReview } from './reviews';
import { PAYOUT_STATES, sellerOrder, sellerPageQuery } from './seller-orders';

/**
 * The seller's money and live orders (SPEC §1 "real-time purchase updates", payouts "at time of
 * purchase" with the 3 % commission deducted; DESIGN 2.13): the live order stream, the sales
 * overview with the payout totals, and the orders export.
 */

/*
 * Live orders: `GET api/business/orders/{businessId}/events/` (owner only) is a stream of
 * Server-Sent Events (`text/event-stream`). Each event has an `id:` (a growing number: send the
 * last one back as `Last-Event-ID` when reconnecting, and the events after it are sent first),
 * an `event:` name of LIVE_EVENT_TYPES, and `data:` one JSON `orderEvent` (`order.paid`,
 * `order.updated`, `order.message`, `order.return`) or `reviewEvent` (`review.created`, issue 27: a buyer reviewed one of the
 * business's products). A comment line (`: keep-alive`) comes every LIVE_KEEPALIVE_MS so proxies
 * keep the connection open. Clients ignore event names they do not know.
 */

/**
 * `order.paid`: a new order was paid; `order.updated`: its status, tracking or notes changed;
 * `order.message`: its buyer wrote to the brand about it (issue 30 point 7; the thread is read
 * with `GET api/business/orders/{orderId}/messages/`); `order.return`: its buyer asked to
 * return lines of it (issue 30 point 4: the order carries the return in `returns`).
 */
export const ORDER_EVENT_TYPES = [
  'order.paid',
  'order.updated',
  'order.message',
  'order.return',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export const orderEvent = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_EVENT_TYPES),
  business: z.number().int(),
  /** The order as the seller's list shows it, after the change. */
  order: sellerOrder,
});
export type OrderEvent = z.infer<typeof orderEvent>;

/** `review.created`: a buyer reviewed one of the business's products. */
export const REVIEW_EVENT_TYPE = 'review.created';

export const reviewEvent = z.object({
  id: z.number().int(),
  type: z.literal(REVIEW_EVENT_TYPE),
  business: z.number().int(),
  /** The review as the dashboard's Reviews section lists it. */
  review: sellerReview,
});
export type ReviewEvent = z.infer<typeof reviewEvent>;

/** Every event name of the live stream. */
export const LIVE_EVENT_TYPES = [...ORDER_EVENT_TYPES, REVIEW_EVENT_TYPE] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export type LiveEvent = OrderEvent | ReviewEvent;

export const LIVE_KEEPALIVE_MS = 15_000;
/** How long the dashboard waits before reconnecting, doubled each failure up to the last. */
export const LIVE_RECONNECT_MS = [500, 1_000, 2_000, 5_000, 10_000] as const;

export const LIVE_TEXTS = {
  /** The toast when an order is paid. */
  newOrder: (id: number, buyer: string, total: string) =>
    `New order #${id}${buyer ? ` from ${buyer}` : ''}: $${total}`,
  /** The toast when a buyer reviews one of the business's products. */
  newReview: (rating: number, product: string) => `New ${rating}-star review of ${product}`,
  /** The toast when a buyer writes to the brand about an order. */
  newMessage: (id: number, buyer: string) =>
    `New message${buyer ? ` from ${buyer}` : ''} about order #${id}`,
  /** The toast when a buyer asks to return lines of an order. */
  newReturn: (id: number, buyer: string) =>
    `Return requested${buyer ? ` by ${buyer}` : ''} for order #${id}`,
  /** Under the orders heading while the stream is down and being reconnected. */
  reconnecting: 'Live updates paused, reconnecting…',
  live: 'Live: new orders appear here as they are paid.',
  /** When the stream cannot be used here (no access, not a stream): new orders need a reload. */
  off: 'Live updates are off. Reload the page to see new orders.',
} as const;

/** The stream's answers to a bad resume point (the `Last-Event-ID` header or `?last_event_id=`). */
export const LIVE_MESSAGES = {
  lastEventId: 'Last-Event-ID must be a whole number.',
  /** 503 from an instance that is shutting down: the dashboard reconnects (to another one). */
  shuttingDown: 'This server is shutting down. Reconnect in a moment.',
} as const;

/** The largest event id there can be (the log's ids are 32-bit). */
const MAX_EVENT_ID = 2_147_483_647;

/** An event id: a whole number, as `Last-Event-ID` or `?last_event_id=` carries it. */
export const liveEventId = z
  .string({ error: LIVE_MESSAGES.lastEventId })
  .regex(/^\d{1,10}$/, LIVE_MESSAGES.lastEventId)
  .transform(Number)
  .refine((n) => n <= MAX_EVENT_ID, LIVE_MESSAGES.lastEventId);

/** `?last_event_id=`, for clients that cannot set the `Last-Event-ID` header ('' = none). */
export const orderEventsQuery = z.object({
  last_event_id: z
    .string({ error: LIVE_MESSAGES.lastEventId })
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(liveEventId.optional()),
});

/*
 * Sales overview: `GET api/business/sales/{businessId}/` (owner only). Days and weeks are UTC
 * (order times are labelled UTC, SPEC §2); a week starts on Monday. Sales are the totals of the
 * orders paid that day that were not refunded or cancelled since; net payouts are the payout
 * records' amounts (after the commission) of those orders.
 */

export const SALES_DAYS = 30;
export const SALES_WEEKS = 12;
export const BEST_SELLERS = 5;

const salesBucket = z.object({
  /** `YYYY-MM-DD`: the day, or the Monday that starts the week. */
  start: z.string(),
  /** Orders paid in the bucket, refunded later or not (gross, as shop analytics count). */
  orders: z.number().int(),
  /** Gross sales: the totals of the orders paid in the bucket, refunded later or not. */
  sales: priceString,
  /** Given back to buyers by the refunds that went through in the bucket (issue 24 point 6). */
  refunds: priceString,
  /** The payouts of the bucket's orders that were not refunded. */
  net_payouts: priceString,
});
export type SalesBucket = z.infer<typeof salesBucket>;

export const salesOverviewResponse = z.object({
  /** SALES_DAYS entries, oldest first, the last one today. */
  daily: z.array(salesBucket),
  /** SALES_WEEKS entries, oldest first, the last one this week. */
  weekly: z.array(salesBucket),
  /** How many of the business's orders are in each status (every status, 0 included). */
  orders_by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  /**
   * The products sold most (by quantity) in the last SALES_DAYS days, refunded later or not;
   * `sales` is their lines' prices × quantities, before the order's discount and shipping;
   * `refunded_quantity` and `refunds` the part of those whose order was refunded since.
   */
  best_sellers: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      name: z.string(),
      quantity: z.number().int(),
      sales: priceString,
      refunded_quantity: z.number().int(),
      refunds: priceString,
    }),
  ),
  /** From the payout records, after the 3 % commission. */
  payouts: z.object({
    /** Transferred since Monday 00:00 UTC. */
    paid_this_week: priceString,
    /** Transferred since the 1st of this month, 00:00 UTC. */
    paid_this_month: priceString,
    paid_total: priceString,
    /** Not transferred yet (waiting for the payout setup, pending or retrying). */
    pending: priceString,
    /** Taken back after a refund. */
    reversed: priceString,
  }),
});
export type SalesOverview = z.infer<typeof salesOverviewResponse>;

export const SALES_TEXTS = {
  failed: 'Something went wrong while fetching sales',
  chartTitle: 'Sales and net payouts',
  daily: `Last ${SALES_DAYS} days`,
  weekly: `Last ${SALES_WEEKS} weeks`,
  bestSellers: 'Best sellers',
  ordersByStatus: 'Orders by status',
  noSales: 'No sales yet.',
  heading: 'Sales',
  loading: 'Loading sales…',
  payoutsHeading: 'Payouts',
  payoutsNote: `After the ${COMMISSION_PERCENT} commission.`,
  paidThisWeek: 'Paid this week',
  paidThisMonth: 'Paid this month',
  paidTotal: 'Paid overall',
  pending: 'Pending',
  reversed: 'Reversed after refunds',
  periodLabel: 'Chart period',
  dailyButton: 'Daily',
  weeklyButton: 'Weekly',
  sales: 'Sales',
  /** Gross sales and refunds apart (issue 24 point 6). */
  refunds: 'Refunds',
  netPayouts: 'Net payouts',
  orders: 'Orders',
  day: 'Day (UTC)',
  week: 'Week from Monday (UTC)',
  showTable: 'Show the figures as a table',
  /** The chart's label of its last point, the current day or week (issue 24). */
  today: 'Today',
  thisWeek: 'This week',
  /** Under the chart: its axis dates are UTC days (SPEC §2). */
  chartUtc: 'Dates in UTC',
  /** The chart's accessible name. */
  chartLabel: (period: string) =>
    `Chart of sales, refunds and net payouts, ${period.toLowerCase()}, dates in UTC. The figures are in the table below.`,
  product: 'Product',
  /** The best sellers' money: their lines' prices, before the order's discount and shipping. */
  itemSales: 'Item sales (before discounts)',
  quantity: 'Sold',
  /** The best sellers' part refunded since: quantity and item money. */
  refundedQuantity: 'Refunded',
  itemRefunds: 'Item refunds',
  status: 'Status',
} as const;

/*
 * Orders export: `GET api/business/orders/{businessId}/export/?from=YYYY-MM-DD&to=YYYY-MM-DD`
 * (owner only; both days included, UTC). `text/csv; charset=utf-8`, RFC 4180, a UTF-8 BOM, one
 * row per order line (an order without lines has one row with the line cells empty).
 */

/** The longest range one export may cover. */
export const EXPORT_MAX_DAYS = 366 * 5;

export const EXPORT_MESSAGES = {
  date: 'Dates must be written YYYY-MM-DD.',
  order: 'The start date must not be after the end date.',
  range: `An export covers at most ${EXPORT_MAX_DAYS} days.`,
  failed: 'Failed to export orders.',
} as const;

/** The dashboard's export form (dates are UTC days, as the server reads them). */
export const EXPORT_TEXTS = {
  title: 'Export orders',
  hint: 'A CSV file of the orders placed between these days (UTC, both included), one row per item.',
  from: 'From',
  to: 'To',
  download: 'Download CSV',
  working: 'Preparing CSV…',
} as const;

const isoDay = z
  .string({ error: EXPORT_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, EXPORT_MESSAGES.date)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, EXPORT_MESSAGES.date);

export const orderExportQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((v) => v.from <= v.to, { message: EXPORT_MESSAGES.order, path: ['to'] })
  .refine(
    (v) =>
      (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 <
      EXPORT_MAX_DAYS,
    { message: EXPORT_MESSAGES.range, path: ['to'] },
  );
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** The export's header row, in order. */
export const ORDER_EXPORT_COLUMNS = [
  'order_id',
  'created_at_utc',
  'status',
  'buyer_name',
  'buyer_email',
  'product',
  'options',
  'quantity',
  'unit_price',
  'line_total',
  'order_items_subtotal',
  'order_shipping',
  /** Why the shipping is 0.00 when a rule waived the brand's fee ('' otherwise). */
  'order_shipping_note',
  'order_discount',
  'order_total',
  'commission',
  'payout',
  'payout_status',
  'tracking_number',
  'ship_to_name',
  'ship_to_line1',
  'ship_to_line2',
  'ship_to_city',
  'ship_to_state',
  'ship_to_postal_code',
  'ship_to_country',
  /** Issue 29 (added at the end, the columns before keep their places). */
  'carrier',
  'tracking_url',
] as const;

/*
 * The payout ledger (issue 29, point 9): `GET api/business/payouts/{businessId}/` (owner only),
 * every payout of the business, newest first, SELLER_PAGE_SIZE a page, narrowed to a UTC month
 * and a payout row status; with the totals of everything narrowed (not of the page alone).
 */

/** A payout row's own states (the `status` filter); a row's `status` is the seller's view. */
export const PAYOUT_ROW_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'reversed'] as const;

export const PAYOUT_LEDGER_MESSAGES = {
  month: 'month must be a month as YYYY-MM.',
  status: `status must be one of ${PAYOUT_ROW_STATUSES.join(', ')}.`,
} as const;

/** A UTC month as `YYYY-MM` (the ledger's filter, the statement's month). */
const monthString = z
  .string({ error: PAYOUT_LEDGER_MESSAGES.month })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: PAYOUT_LEDGER_MESSAGES.month });

export const payoutLedgerQuery = sellerPageQuery.extend({
  month: monthString.optional(),
  status: z.enum(PAYOUT_ROW_STATUSES, { error: PAYOUT_LEDGER_MESSAGES.status }).optional(),
});
export type PayoutLedgerQuery = z.output<typeof payoutLedgerQuery>;

/** `GET api/business/payouts/{businessId}/statement/?month=YYYY-MM`: the month's statement. */
export const payoutStatementQuery = z.object({
  month: monthString,
});
export type PayoutStatementQuery = z.output<typeof payoutStatementQuery>;

/** The statement's header row, in order; its last row is the month's totals (`total`). */
export const PAYOUT_STATEMENT_COLUMNS = [
  'date_utc',
  'order_id',
  'gross',
  'commission',
  'net',
  'status',
  'transfer_id',
  'paid_at_utc',
  'reversed_at_utc',
] as const;

export const payoutLedgerRow = z.object({
  id: z.number().int(),
  /** The order it pays for. */
  order: z.number().int(),
  /** When it was owed (the order's payment), UTC ISO. */
  created_at: z.string(),
  /** The order's total: what the buyer paid for this brand's order. */
  gross: priceString,
  /** The marketplace's COMMISSION_PERCENT of it. */
  commission: priceString,
  /** What the brand receives: gross − commission. */
  net: priceString,
  /** As the order list says it (waiting for setup, paid, reversed…). */
  status: z.enum(PAYOUT_STATES),
  /** The payment provider's transfer, once sent. */
  transfer_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});
export type PayoutLedgerRow = z.infer<typeof payoutLedgerRow>;

export const payoutLedgerResponse = z.object({
  count: z.number().int(),
  results: z.array(payoutLedgerRow),
  /** Over every row narrowed, across all pages. */
  totals: z.object({ gross: priceString, commission: priceString, net: priceString }),
});
export type PayoutLedger = z.infer<typeof payoutLedgerResponse>;

/** How the dashboard's payout ledger reads (issue 29). */
export const LEDGER_TEXTS = {
  heading: 'Payouts',
  monthLabel: 'Month',
  monthHint: 'Dates in UTC. Leave empty for every month.',
  statusLabel: 'Payout status',
  allStatuses: 'All payouts',
  statuses: {
    pending: 'Pending',
    paid: 'Paid out',
    failed: 'Failed',
    canceled: 'Not paid out (refunded)',
    reversed: 'Reversed (refunded)',
  } satisfies Record<(typeof PAYOUT_ROW_STATUSES)[number], string>,
  columns: ['Date (UTC)', 'Order', 'Gross', 'Commission', 'Net', 'Status', 'Transfer'],
  caption: (n: number) => `Payouts: ${n === 1 ? '1 payout' : `${n} payouts`}, newest first`,
  totals: (n: number) => `Total of ${n === 1 ? '1 payout' : `${n} payouts`}`,
  none: 'No payouts yet: each paid order gives one.',
  noMatch: 'No payouts match.',
  loading: 'Loading your payouts…',
  failed: 'Something went wrong while fetching payouts.',
  pagesLabel: 'Payouts pages',
  tableRegion: 'Payouts table',
  statement: 'Download the month’s statement (CSV)',
  statementHint: 'Choose a month first.',
  statementFailed: 'The statement could not be downloaded. Try again.',
  /** Issue 29, point 9: the month's statement as a printed page. */
  print: 'Print the month’s statement',
  printTitle: (month: string) => `Payout statement, ${month}`,
  printDates: 'Dates in UTC.',
} as const;
