import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { SELLER_ORDER_MESSAGES } from '@leafline/contract/seller-orders';

/** Texts of the dashboard's orders section (SPEC §2, §4, §8). */
export const SELLER_ORDERS_TEXTS = {
  ordersFailed: BUSINESS_MESSAGES.ordersFailed,
  orderUpdateFailed: BUSINESS_MESSAGES.orderUpdateFailed,
  orderSaved: SELLER_ORDER_MESSAGES.saved,
  noOrders: 'No orders yet.',
  noOrdersHint: 'When shoppers buy your products, their orders will show up here to fulfil.',
  /** SPEC §1: payouts shown are after the commission. */
  helpPayouts: BUSINESS_MESSAGES.helpPayouts,
} as const;
