/**
 * The shopper's change of mind (issue 30 point 4): a paid order not shipped yet is cancelled by
 * its buyer with `POST api/orders/{orderId}/cancel/` (no body) — refunded in full through the
 * brand's refund path (once, whatever the number of requests), the brand told live and by
 * e-mail. The answer is the order as My Orders shows it.
 */

/** The reason the refund of a shopper's cancel records (the brand's card and e-mails show it). */
export const BUYER_CANCEL_REASON = 'cancelled by the buyer';

export const ORDER_CANCEL_MESSAGES = {
  /** 409: shipped, delivered, or past Paid in any other way. */
  notCancellable:
    'This order can no longer be cancelled: the brand has already sent it or closed it.',
  /** 409: refunded or cancelled already (by the brand, or by an earlier request). */
  alreadyClosed: 'This order has been refunded or cancelled already.',
  /** 409 to the brand: a status change of an order its buyer cancelled (it must not be sent). */
  cancelledByBuyer:
    'The buyer cancelled this order and has been refunded: it must not be sent, and its status can no longer be changed.',
} as const;

/** How My Orders offers and confirms a cancel. */
export const ORDER_CANCEL_TEXTS = {
  button: 'Cancel order',
  title: (orderId: number) => `Cancel order #${orderId}?`,
  body: (total: string, business: string) =>
    `${business} has not sent it yet. You will be refunded $${total} in full to your card.`,
  keep: 'Keep order',
  confirm: 'Yes, cancel order',
  working: 'Cancelling…',
  done: (orderId: number) => `Order #${orderId} is cancelled. Your refund is on its way.`,
  failed: 'The order could not be cancelled. Please try again.',
  /** On the brand's order card, by its status: the status cannot change any more. */
  brandNotice: 'The buyer cancelled this order and has been refunded. Do not send it.',
} as const;
