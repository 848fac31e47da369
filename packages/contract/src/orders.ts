import { z } from 'zod';
import { priceString } from './catalog';
import { ORDER_STATUSES } from './constants';

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
 */
export const checkoutBody = z.object({
  items: z.array(checkoutItem).max(200).optional(),
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
  /** JSON text of `orderNotes` once paid (may be '' before). */
  notes: z.string(),
  notes_data: orderNotes.nullable(),
  card_brand: z.string(),
  billing_address: orderAddress.nullable(),
  shipping_address: orderAddress.nullable(),
  order_items: z.array(orderItem),
});
export type Order = z.infer<typeof order>;

/** GET api/orders/ (auth): the buyer's own orders, newest first. */
export const ordersResponse = z.array(order);
export type OrdersResponse = z.infer<typeof ordersResponse>;

export const orderIdParams = z.object({ orderId: z.string() });
