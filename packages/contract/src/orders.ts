import { z } from 'zod';
import { ACCOUNT_ROUTES as ROUTES } from './account-routes';
import { CARRIERS } from './carriers';
import { priceString } from './catalog';
import { ORDER_STATUSES } from './constants';
import { MESSAGES } from './messages';
import { checkoutPromoCode, PROMO_CODE_MESSAGES } from './promo-codes';
import { orderReturn } from './returns';

/**
 * Buying, part 2 (SPEC §2 Checkout, Order confirmation, Orders; §3 Order; §7 `checkout/`,
 * `api/orders/`; DESIGN 2.5, 2.7): the checkout call, the orders a buyer sees, and the payment
 * webhook. Money is a decimal string ("15.00").
 */

export const CHECKOUT_MESSAGES = {
  noAddress: 'Please save a shipping address before checking out.',
  cartChanged: 'Your cart has changed. Please review it and try again.',
  alreadyPaid: 'This cart has just been paid. See My Orders.',
  paymentUnavailable: 'The payment service is not available right now. Please try again.',
  orderNotFound: 'Order not found',
  checkoutCancelled: 'Payment cancelled.',
  /** 404 of the buyer's cancel: no open checkout of theirs with that id. */
  checkoutNotFound: 'There is no payment waiting with this number.',
  cartEmpty: MESSAGES.cartEmpty,
} as const;

/** The payment webhook (`POST /api/payments/webhook/`): answers to what is not a real event. */
export const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is not valid.',
  badEvent: 'The webhook event is not valid.',
  received: 'Event received.',
} as const;

/**
 * The local provider's hosted payment page (the default without Stripe keys), served by the
 * app: GET `/pay/{sessionId}` shows it, POST `/pay/{sessionId}` pays (form fields below),
 * POST `/pay/{sessionId}/promo` applies `promo_code` (an empty one removes the code). Forms are
 * plain `application/x-www-form-urlencoded`; no script runs on the page.
 */
export const PAYMENT_PAGE = {
  pathPrefix: '/pay/',
  fields: {
    cardNumber: 'card_number',
    expiry: 'card_expiry',
    cvc: 'card_cvc',
    name: 'card_name',
    promoCode: 'promo_code',
  },
  testCards: { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' },
} as const;

/** Texts of the local payment page (labels, buttons and every error it can show). */
export const PAYMENT_PAGE_MESSAGES = {
  title: 'Complete your payment',
  testNotice:
    'Test payment page: no real card is charged. Pay with 4242 4242 4242 4242, or try a decline with 4000 0000 0000 0002.',
  summary: 'Order summary',
  shipping: 'Shipping',
  brandTotal: 'Brand total',
  subtotal: 'Subtotal',
  discount: 'Discount',
  totalDue: 'Total due',
  promoLabel: PROMO_CODE_MESSAGES.label,
  apply: 'Apply',
  removePromo: 'Remove code',
  cardDetails: 'Card details',
  cardNumberLabel: 'Card number',
  expiryLabel: 'Expiry (MM / YY)',
  cvcLabel: 'CVC',
  nameLabel: 'Name on card',
  email: 'Receipt to',
  pay: 'Pay',
  cancel: 'Cancel and return to checkout',
  declined: 'Your card was declined.',
  cardIncomplete: 'Your card number is incomplete.',
  cardInvalid: 'Your card number is invalid.',
  cardNotTest: 'This is a test payment page: use the test card 4242 4242 4242 4242.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on the card.',
  promoApplied: PROMO_CODE_MESSAGES.applied,
  promoRemoved: PROMO_CODE_MESSAGES.removed,
  promoInvalid: PROMO_CODE_MESSAGES.invalid,
  promoExpired: PROMO_CODE_MESSAGES.expired,
  promoNoLongerValid: 'The promo code is no longer valid and was removed. Check the new total.',
  sessionNotFound: 'This payment page does not exist.',
  sessionExpired: 'This payment page has expired. Return to checkout to try again.',
  sessionPaid: 'This order is already paid.',
  paymentUnavailable: 'The payment could not be completed right now. Please try again.',
  backToCheckout: 'Return to checkout',
} as const;

/** One line the client sends: only what to buy; prices are always read from the database. */
export const checkoutItem = z.object({
  product_id: z.number().int().positive(),
  variant_id: z.number().int().positive().nullable().optional(),
  quantity: z.number().int().min(1).max(99),
});
export type CheckoutItem = z.infer<typeof checkoutItem>;

/**
 * POST checkout/ (auth). `items` is what the buyer saw in the cart; the server's cart is the
 * truth, and a difference answers 409 `cartChanged`. Any price or total sent is ignored.
 * `promo_code` (docs/decisions/0056): the code chosen in the cart, applied on the payment page;
 * one that no longer works answers 400 PROMO_CODE_MESSAGES.noLongerValid (with `fields.promo_code`)
 * and makes nothing.
 */
export const checkoutBody = z.object({
  items: z.array(checkoutItem).max(200).optional(),
  promo_code: checkoutPromoCode,
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** 200: where to send the browser (the provider's hosted payment page). */
export const checkoutResponse = z.object({
  checkout_url: z.string(),
  /** The brand orders made Pending for this payment, one per business. */
  order_ids: z.array(z.number().int()),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** SPEC §3 order item. */
export const orderItem = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  /** The variant bought (null: none, or gone); its options are in `variant_options`. */
  variant_id: z.number().int().nullable(),
  product_name: z.string(),
  product_price: priceString,
  quantity: z.number().int(),
  total_price: priceString,
  /** Option name → value, e.g. {"Size": "M", "Colour": "Sage"}; {} without options. */
  variant_options: z.record(z.string(), z.string()),
  /** First picture of the product (or its variant) as `/media/…`, or null. */
  image: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderAddress = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddress>;

/**
 * The `notes` of a paid brand order, as a JSON string in `notes` (SPEC §3) and parsed in
 * `notes_data`. Global amounts are of the whole payment (every brand order of the checkout).
 */
export const orderNotes = z.object({
  discount_applied: z.boolean(),
  discount_code: z.string().nullable(),
  global_original_total: priceString,
  global_discount_amount: priceString,
  global_discounted_total: priceString,
  related_orders: z.array(z.number().int()),
});
export type OrderNotes = z.infer<typeof orderNotes>;

/**
 * One change of an order's status, as the buyer's order history shows it (Paid, Shipped with its
 * tracking number, Delivered, Refunded…): when it happened, in UTC ISO form.
 */
export const orderStatusChange = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  /** The tracking number the order had when it became Shipped ('' otherwise). */
  tracking_number: z.string(),
  /** Only on the change a refund made (Refunded or Canceled): the amount given back. */
  refund_amount: priceString.optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChange>;

/**
 * Added to §3 (issue 24 point 5): the buyer's money given back once the brand's refund went
 * through (the order's share of the payment), and when; null before (or without) one.
 */
export const orderRefunded = z.object({
  amount: priceString,
  at: z.string(),
});
export type OrderRefunded = z.infer<typeof orderRefunded>;

/**
 * One refund of an order (issue 29 point 3): `partial` (chosen lines and quantities, or an
 * amount) or `full` (what was left, by a refund or a cancel), with the brand's reason and the
 * lines it named (empty: an amount, or everything).
 */
export const orderRefundEntry = z.object({
  kind: z.enum(['partial', 'full']),
  amount: priceString,
  reason: z.string(),
  created_at: z.string(),
  items: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type OrderRefundEntry = z.infer<typeof orderRefundEntry>;

/** How the buyer's order card, confirmation and history say a refund. */
export const ORDER_REFUND_TEXTS = {
  /** The order card's line: 'Refunded to you: $34.00 on Mar 14, 2026, 9:26 AM UTC'. */
  label: 'Refunded to you',
  on: ' on ',
  /** The confirmation's total row. */
  totalRow: 'Refunded',
  /** After a history entry's date: ' · $34.00 refunded'. */
  history: (amount: string) => ` · $${amount} refunded`,
  /** The order card's list of refunds (issue 29). */
  listLabel: 'Refunds',
  /** 'Partial refund: $12.00 on Mar 14, 2026 — 1 × Linen shirt · Reason: damaged'. */
  partial: 'Partial refund',
  partialList: 'Partial refunds',
  reason: (reason: string) => ` · Reason: ${reason}`,
} as const;

/** How My Orders names an order's status history and each change in it. */
export const STATUS_HISTORY_TEXTS = {
  label: 'Status history',
  /** Between the status and its date. */
  separator: ' — ',
  /** After the date of a change that has a tracking number. */
  tracking: (trackingNumber: string) => ` · Tracking ${trackingNumber}`,
  /** 'Shipped — Mar 14, 2026, 9:26 AM UTC · Tracking 1Z999', the date already formatted. */
  entry: (
    change: Pick<OrderStatusChange, 'status' | 'tracking_number' | 'refund_amount'>,
    date: string,
  ) =>
    `${change.status}${STATUS_HISTORY_TEXTS.separator}${date}${
      change.tracking_number ? STATUS_HISTORY_TEXTS.tracking(change.tracking_number) : ''
    }${change.refund_amount ? ORDER_REFUND_TEXTS.history(change.refund_amount) : ''}`,
} as const;

/** SPEC §3 order, as the buyer sees it (api/orders/ and api/orders/{id}/). */
export const order = z.object({
  id: z.number().int(),
  business: z.number().int(),
  business_name: z.string(),
  user_full_name: z.string(),
  user_email: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  /** Items + shipping − this order's share of the discount. */
  total_price: priceString,
  items_subtotal: priceString,
  order_total_shipping_fees: priceString,
  discount_amount: priceString,
  tracking_number: z.string(),
  /** Added to §3 (issue 29): who carries the parcel, or null before the brand says. */
  carrier: z.enum(CARRIERS).nullable(),
  /** The carrier's tracking page for the number, or null (no number, no or another carrier). */
  tracking_url: z.string().nullable(),
  /** JSON text of `orderNotes` once paid (may be '' before). */
  notes: z.string(),
  notes_data: orderNotes.nullable(),
  card_brand: z.string(),
  billing_address: orderAddress.nullable(),
  shipping_address: orderAddress.nullable(),
  order_items: z.array(orderItem),
  /** Added to §3: the status changes since the order was placed, oldest first. */
  status_history: z.array(orderStatusChange),
  /** Added to §3: the refund given back to the buyer, or null. */
  refunded: orderRefunded.nullable(),
  /** Added to §3 (issue 29): every refund given back to the buyer, partial or full, oldest first. */
  refunds: z.array(orderRefundEntry),
  /** Added to §3 (issue 30, decision 0055): the order's returns, oldest first. */
  returns: z.array(orderReturn),
  /**
   * The last moment its buyer may request a return (Delivered + the brand's returns days), or
   * null: not Delivered, or the brand takes no returns. Past it the request is refused.
   */
  returns_open_until: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

/** GET api/orders/ (auth): the buyer's own orders, newest first. */
export const ordersResponse = z.array(order);
export type OrdersResponse = z.infer<typeof ordersResponse>;

export const orderIdParams = z.object({ orderId: z.string() });

/**
 * A checkout still waiting for its payment (issue 24 point 1): no order of anybody's yet, so
 * not in `api/orders/`; My Orders shows it as one entry (whatever the number of brands) with
 * the way back to its payment page, and nothing once it was paid, replaced or ended.
 */
export const awaitingPayment = z.object({
  checkout_id: z.number().int(),
  created_at: z.string(),
  /** When the payment page stops taking payment (UTC ISO). */
  expires_at: z.string(),
  /** The provider's hosted payment page (a path on this site for the local provider). */
  payment_url: z.string(),
  items_subtotal: priceString,
  shipping_fees: priceString,
  total_price: priceString,
  /** The brands the payment is for, in the order of the cart. */
  business_names: z.array(z.string()),
  order_items: z.array(orderItem),
});
export type AwaitingPayment = z.infer<typeof awaitingPayment>;

/** GET api/orders/awaiting-payment/ (auth): the buyer's open checkout, if any (0 or 1 entry). */
export const AWAITING_PAYMENT_PATH = ROUTES.awaitingPayment.pattern;
export const checkoutIdParams = z.object({ checkoutId: z.string() });
/** The cancel takes no fields: no body, or an empty JSON object. */
export const cancelCheckoutBody = z.object({}).nullish();
export const awaitingPaymentResponse = z.array(awaitingPayment);
export type AwaitingPaymentResponse = z.infer<typeof awaitingPaymentResponse>;

/** How My Orders shows a checkout waiting for its payment. */
export const AWAITING_PAYMENT_TEXTS = {
  status: 'Awaiting payment',
  heading: (brands: readonly string[]) =>
    brands.length === 1 ? `Order from ${brands[0]}` : `Order from ${brands.length} brands`,
  note: 'Not paid yet: no brand has received this order. Complete the payment to place it.',
  /** The date already formatted. */
  expires: (date: string) => `The payment page is open until ${date}.`,
  resume: 'Complete payment',
  cancel: 'Cancel this payment',
  cancelFailed: 'The payment could not be cancelled. Please try again.',
  total: 'Total due',
} as const;
