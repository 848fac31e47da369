import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { CARRIER_LABELS, CARRIERS } from '@leafline/contract/carriers';
import type { OrderStatus } from '@leafline/contract/constants';
import { SELLER_ORDER_MESSAGES, type SellerOrderSort } from '@leafline/contract/seller-orders';
import { STOCK_MOVEMENT_TEXTS } from '@leafline/contract/stock-texts';

/** The order list's statuses in a sentence ("3 orders (to ship)"). */
const SELLER_ORDERS_STATUS_NAMES: Record<OrderStatus, string> = {
  Paid: 'to ship',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Refunded: 'refunded',
  Canceled: 'canceled',
  Pending: 'awaiting payment',
};

/** Texts of the dashboard's orders section (SPEC §2, §4, §8, issue 26). */
export const SELLER_ORDERS_TEXTS = {
  ordersFailed: BUSINESS_MESSAGES.ordersFailed,
  orderUpdateFailed: BUSINESS_MESSAGES.orderUpdateFailed,
  orderSaved: SELLER_ORDER_MESSAGES.saved,
  noOrders: 'No orders yet.',
  noOrdersHint: 'When shoppers buy your products, their orders will show up here to fulfil.',
  // ---- working through the list (issue 29) ----
  filtersLabel: 'Find orders',
  statusLabel: 'Show',
  /** The status filter's choices: every status, then each of §9's by what it means to a brand. */
  statuses: {
    '': 'All orders',
    Paid: 'To ship',
    Shipped: 'Shipped',
    Delivered: 'Delivered',
    Refunded: 'Refunded',
    Canceled: 'Canceled',
    Pending: 'Awaiting payment',
  } satisfies Record<OrderStatus | '', string>,
  searchLabel: 'Search',
  searchHint: 'Order number, or the buyer’s name or e-mail',
  sortLabel: 'Order',
  /** Issue 29: compact rows that open the full card, or the cards themselves. */
  layoutLabel: 'Layout',
  layouts: {
    auto: 'Rows when more than 5',
    rows: 'Compact rows',
    cards: 'Full cards',
  },
  open: (id: number) => `Open order #${id}`,
  close: (id: number) => `Show order #${id} as a row`,
  lines: (n: number) => `${n} item${n === 1 ? '' : 's'}`,
  sorts: { newest: 'Newest first', oldest: 'Oldest first' } satisfies Record<
    SellerOrderSort,
    string
  >,
  /** "3 orders to ship, newest first." */
  count: (total: number, status: OrderStatus | '', sort: SellerOrderSort, searched: boolean) => {
    const what = total === 1 ? '1 order' : `${total} orders`;
    const which = status === '' ? '' : ` (${SELLER_ORDERS_STATUS_NAMES[status]})`;
    const matching = searched ? ' matching your search' : '';
    return `${what}${which}${matching}, ${sort === 'newest' ? 'newest' : 'oldest'} first.`;
  },
  noMatch: 'No orders match.',
  noMatchHint: 'Try another status, or search for less.',
  showAll: 'Show all orders',
  // ---- bulk "Mark shipped" (issue 29) ----
  orderNumber: (id: number) => `Order #${id}`,
  select: (id: number) => `Select order #${id}`,
  selectPage: 'Select every order on this page',
  selected: (n: number) => (n === 1 ? '1 order selected' : `${n} orders selected`),
  markShipped: 'Mark shipped…',
  clearSelection: 'Clear selection',
  bulkTitle: (n: number) => (n === 1 ? 'Mark 1 order shipped' : `Mark ${n} orders shipped`),
  bulkDescription:
    'Add each parcel’s carrier and tracking number. Every buyer gets one e-mail with a link to follow their parcel.',
  bulkCarrierLabel: (id: number) => `Carrier for order #${id}`,
  bulkTrackingLabel: (id: number) => `Tracking number for order #${id}`,
  bulkConfirm: (n: number) => (n === 1 ? 'Mark shipped' : `Mark ${n} shipped`),
  bulkDone: (n: number) => (n === 1 ? '1 order marked shipped.' : `${n} orders marked shipped.`),
  bulkFailed: (id: number, reason: string) => `Order #${id}: ${reason}`,
  cancel: 'Cancel',
  // ---- packing slips (issue 29) ----
  printSlips: 'Print packing slips',
  printSlip: (id: number) => `Print the packing slip of order #${id}`,
  slipLabel: (id: number) => `Packing slip, order #${id}`,
  slipTitle: 'Packing slip',
  slipShipTo: 'Ship to',
  slipItem: 'Item',
  slipOptions: 'Options',
  slipQuantity: 'Quantity',
  slipThanks: (brand: string) => `Thank you for shopping small with ${brand}.`,
  /** SPEC §1: payouts shown are after the commission. */
  helpPayouts: BUSINESS_MESSAGES.helpPayouts,
  // ---- stock (issue 26) ----
  /** The order card's part listing what its sale and any restock did to the counts. */
  stockHeading: STOCK_MOVEMENT_TEXTS.heading,
  /** A product of the order no longer in its lines (a name is all the card can give). */
  unknownProduct: (id: number) => `Product #${id}`,
  /** Refunding or cancelling a paid order: its items go back in stock once the money is back. */
  restock: 'Put the items back in stock',
  restockHint: 'Once the money is back with the buyer, the units of this order count again.',
} as const;

/** The carrier field's choices (the order form, the bulk "Mark shipped" dialog; issue 29). */
export const CARRIER_OPTIONS = CARRIERS.map((carrier) => ({
  value: carrier,
  label: CARRIER_LABELS[carrier],
}));
