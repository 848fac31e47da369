import { z } from 'zod';
import { CARRIERS } from './carriers';
import { FREE_SHIPPING_REASONS, type FreeShippingReason } from './cart';
import { priceString } from './catalog';
import { FREE_SHIPPING_THRESHOLD_CENTS, ORDER_STATUSES } from './constants';
import { order, orderRefundEntry } from './orders';
import { stockMovement } from './stock';

/**
 * Selling, the orders (SPEC §2 dashboard orders, §3 Order, §4 Order status, §7, §8): the
 * business's orders and the seller's edit of status, tracking number and notes.
 */

export const SELLER_ORDER_LIMITS = { trackingNumber: 100, notes: 2000 } as const;

export const SELLER_ORDER_MESSAGES = {
  status: `Status must be one of: ${ORDER_STATUSES.join(', ')}.`,
  nothingToChange: 'Send a status, a carrier, a tracking number or notes to change.',
  carrier: `The carrier must be one of: ${CARRIERS.join(', ')}.`,
  trackingNumber: `The tracking number must be at most ${SELLER_ORDER_LIMITS.trackingNumber} characters.`,
  trackingNumberText: 'The tracking number must be text.',
  notes: `Notes must be at most ${SELLER_ORDER_LIMITS.notes} characters.`,
  notesText: 'Notes must be text.',
  saved: 'Order updated.',
} as const;

/** The seller's own notes on an order: labelled as theirs alone (issue 24 point 8). */
export const SELLER_NOTES_TEXTS = {
  label: 'Internal notes',
  hint: 'Only your team sees these notes: the buyer never does.',
} as const;

/**
 * Where the brand's money for an order stands: `not_due` before it is paid (or when it was
 * never paid), `waiting_for_onboarding` while the brand has not finished its payout setup,
 * `pending` until the transfer is made, `retrying` after a failed transfer that will be tried
 * again, `paid`, `failed` (after its last retry), `canceled` (refunded before any transfer was
 * made: nothing to pay), `reversing` (refunded after the transfer, which is being taken back),
 * `reversed` (refunded after the transfer: taken back from the brand).
 */
export const PAYOUT_STATES = [
  'not_due',
  'waiting_for_onboarding',
  'pending',
  'retrying',
  'paid',
  'failed',
  'canceled',
  'reversing',
  'reversed',
] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** How the dashboard names each payout state. */
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  not_due: 'Not due yet (order not paid)',
  waiting_for_onboarding: 'Waiting for your payout setup',
  pending: 'Payout pending',
  retrying: 'Payout failed, retrying',
  paid: 'Paid out',
  failed: 'Payout failed',
  canceled: 'Not paid out (order refunded)',
  reversing: 'Payout being taken back (order refunded)',
  reversed: 'Payout reversed (order refunded)',
};

/**
 * A refund of a paid order (set to Refunded or Canceled by its seller): `pending` while the
 * payment provider is asked, `succeeded`, or `failed` with the provider's reason (the order then
 * kept its status; setting it again tries again).
 */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_MESSAGES = {
  /** 502: the provider could not be reached or refused; `reason` is its own words. */
  refused: (reason: string) =>
    `The payment provider did not refund this order, so its status was not changed: ${reason}`,
  /** 502: the provider's answer left it unknown whether it refunded; the job finishes it. */
  unclear:
    'The payment provider did not answer clearly, so the order keeps its status for now. The refund is finished automatically within a few minutes.',
  /** 409: another request is refunding the same order right now. */
  inProgress: 'A refund of this order is already in progress. Try again in a moment.',
  /** The dashboard's confirmation before a paid order is refunded or cancelled. */
  confirm: (total: string, status: 'Refunded' | 'Canceled') =>
    `Setting this paid order to ${status} refunds $${total} to the buyer and takes the payout back. This cannot be undone.`,
  /** The confirmation's title and its two buttons (Cancel: nothing is sent, nothing changes). */
  confirmTitle: (status: 'Refunded' | 'Canceled') =>
    status === 'Refunded' ? 'Refund this order?' : 'Cancel and refund this order?',
  confirmButton: (total: string) => `Refund $${total}`,
  keepButton: 'Cancel',
} as const;

/** How the dashboard names each refund state (the order card's refund row). */
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Refund in progress',
  succeeded: 'Refunded to the buyer',
  failed: 'Refund failed',
};

export const orderRefund = z.object({
  status: z.enum(REFUND_STATES),
  /** The order's share of the payment that is (being) given back. */
  amount: priceString,
  created_at: z.string(),
  /** The provider's reason when it failed. */
  error: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/**
 * An order as its seller sees it (`GET api/business/orders/{businessId}/`, the PATCH answer):
 * the buyer's order, with `notes` being the seller's own notes (the discount details stay in
 * `notes_data`), and the money of the brand.
 */
/** The marketplace's free-shipping subtotal as people read it: '$75' (SPEC §9). */
export const FREE_SHIPPING_THRESHOLD_TEXT = `$${(FREE_SHIPPING_THRESHOLD_CENTS / 100).toFixed(
  FREE_SHIPPING_THRESHOLD_CENTS % 100 === 0 ? 0 : 2,
)}`;

/**
 * What the brand is told about the marketplace's free-shipping rule (DESIGN 2.6: a cart of
 * FREE_SHIPPING_THRESHOLD_CENTS or more ships free from every brand in it), where it sets its
 * fees, in the dashboard help, and on each order card and CSV row.
 */
export const FREE_SHIPPING_RULE_TEXTS = {
  /** The dashboard's shipping-fees section and its help. */
  rule: `Leafline's free-shipping rule: a cart of ${FREE_SHIPPING_THRESHOLD_TEXT} or more (counted over all its brands) ships free from every brand in it, so your fee is not charged on those orders, whatever it is.`,
  /** Why an order's shipping is 0.00 although the brand has a fee for its country. */
  reasons: {
    marketplace_threshold: `free under the ${FREE_SHIPPING_THRESHOLD_TEXT} rule`,
    business_threshold: 'free over your own free-shipping threshold',
  } satisfies Record<FreeShippingReason, string>,
  /** The order card's label of the shipping the buyer paid. */
  shippingPaid: 'Shipping paid by the buyer',
} as const;

export const sellerOrder = order.extend({
  /**
   * Why the brand's shipping fee was not charged on this order (recorded at checkout), or
   * null: the fee was charged, or there was none.
   */
  free_shipping_reason: z.enum(FREE_SHIPPING_REASONS).nullable(),
  /** What the brand receives: total − round(3 % × total). */
  payout: priceString,
  commission: priceString,
  payout_status: z.enum(PAYOUT_STATES),
  /** The refund of this order's payment, once one was asked for. */
  refund: orderRefund.nullable(),
  /**
   * Issue 29: every refund of the order, partial or full, oldest first, with where each stands
   * (the buyer's `refunds` lists only those that went through).
   */
  refunds: z.array(
    orderRefundEntry.extend({ status: z.enum(REFUND_STATES), error: z.string().nullable() }),
  ),
  /** What its sale and any restock did to the brand's stock counts (issue 26), oldest first. */
  stock_movements: z.array(stockMovement),
  updated_at: z.string(),
});
export type SellerOrder = z.infer<typeof sellerOrder>;

/** Newest first, a page at a time (`?page=`); the total in the `X-Total-Count` header. */
export const sellerOrdersResponse = z.array(sellerOrder);

/** `PATCH api/business/orders/edit/{orderId}/`: any of the three; no transition limits (§4). */
export const sellerOrderUpdateBody = z
  .object(
    {
      status: z.enum(ORDER_STATUSES, { error: SELLER_ORDER_MESSAGES.status }).optional(),
      /** Issue 29: who carries the parcel; null clears it. */
      carrier: z
        .preprocess(
          // '' (the form's "Not set") clears it as null does.
          (v) => (v === '' ? null : v),
          z.enum(CARRIERS, { error: SELLER_ORDER_MESSAGES.carrier }).nullable(),
        )
        .optional(),
      tracking_number: z
        .string({ error: SELLER_ORDER_MESSAGES.trackingNumberText })
        .nullish()
        .transform((v) => (v ?? '').trim())
        .pipe(
          z.string().max(SELLER_ORDER_LIMITS.trackingNumber, SELLER_ORDER_MESSAGES.trackingNumber),
        )
        .optional(),
      notes: z
        .string({ error: SELLER_ORDER_MESSAGES.notesText })
        .nullish()
        .transform((v) => v ?? '')
        .pipe(z.string().max(SELLER_ORDER_LIMITS.notes, SELLER_ORDER_MESSAGES.notes))
        .optional(),
      /**
       * With status Refunded or Canceled of a paid order: put its items back in stock once the
       * money is back (issue 26); default true. Ignored otherwise.
       */
      restock: z.boolean({ error: 'restock must be true or false.' }).optional(),
    },
    // A body that is not an object (none, a list, a bare string) has nothing to change either.
    { error: SELLER_ORDER_MESSAGES.nothingToChange },
  )
  .refine(
    (v) =>
      v.status !== undefined ||
      v.carrier !== undefined ||
      v.tracking_number !== undefined ||
      v.notes !== undefined,
    SELLER_ORDER_MESSAGES.nothingToChange,
  );
export type SellerOrderUpdateBody = z.input<typeof sellerOrderUpdateBody>;

export const sellerPageQuery = z.object({
  page: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,9}$/.test(v) && Number(v) >= 1 ? Number(v) : 1)),
});

/** The seller's order list's orders (issue 29): newest first (the default) or oldest first. */
export const SELLER_ORDER_SORTS = ['newest', 'oldest'] as const;
export type SellerOrderSort = (typeof SELLER_ORDER_SORTS)[number];

/** The longest text the order list's search takes. */
export const SELLER_ORDER_SEARCH_MAX = 100;

/**
 * The seller's order list's query (issue 29): `page`; `status`, one of §9's six (Paid is "to
 * ship", Pending "awaiting payment"); `q`, an order number (`123` or `#123`) or part of the
 * buyer's name or e-mail (any case); `sort`, newest (default) or oldest first. Without them the
 * list is §7's as before.
 */
export const sellerOrdersQuery = sellerPageQuery.extend({
  status: z
    .enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` })
    .optional(),
  q: z
    .string()
    .max(SELLER_ORDER_SEARCH_MAX, {
      error: `Search for at most ${SELLER_ORDER_SEARCH_MAX} characters.`,
    })
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: z
    .enum(SELLER_ORDER_SORTS, { error: 'sort must be newest or oldest.' })
    .optional()
    .transform((v) => v ?? 'newest'),
});
export type SellerOrdersQuery = z.output<typeof sellerOrdersQuery>;
