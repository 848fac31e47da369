import { MESSAGES } from '@leafline/contract/messages';

/** The order pages' texts (SPEC §2 Orders, Order confirmation, §8). */
export const ORDERS_TEXTS = {
  title: 'My orders',
  mustLogin: MESSAGES.mustLoginOrders,
  loadFailed: MESSAGES.failedLoadOrders,
  empty: MESSAGES.noOrders,
  emptyHint: 'When you buy from our brands, your orders will show up here.',
  confirmationTitle: 'Order confirmation',
  thankYou: 'Thank you for your order!',
  detailsFailed: MESSAGES.orderDetailsFailed,
  confirmationMustLogin: 'You must be logged in to view your order details.',
  noOrderGiven: 'No order was given to show.',
  /** The confirmation's "Order total": the items of every brand order, before shipping. */
  itemsSubtotal: 'Items subtotal',
  pendingNote:
    'Your payment is being confirmed. This page updates by itself; your orders are also in My Orders.',
} as const;
