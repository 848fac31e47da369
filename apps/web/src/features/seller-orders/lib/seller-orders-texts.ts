import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { SELLER_ORDER_MESSAGES } from '@leafline/contract/seller-orders';
import { STOCK_MOVEMENT_TEXTS } from '@leafline/contract/stock-texts';

/** Texts of the dashboard's orders section (SPEC §2, §4, §8, issue 26). */
export const SELLER_ORDERS_TEXTS = {
  ordersFailed: BUSINESS_MESSAGES.ordersFailed,
  orderUpdateFailed: BUSINESS_MESSAGES.orderUpdateFailed,
  orderSaved: SELLER_ORDER_MESSAGES.saved,
  noOrders: 'No orders yet.',
  noOrdersHint: 'When shoppers buy your products, their orders will show up here to fulfil.',
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
