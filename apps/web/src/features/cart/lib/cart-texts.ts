import { MESSAGES } from '@leafline/contract/messages';
import { STOCK_MESSAGES } from '@leafline/contract/stock-texts';

/** The cart page's texts (SPEC §2 Cart, §8; the spec's own texts come from the contract). */
export const CART_TEXTS = {
  title: 'Your cart',
  mustLogin: MESSAGES.mustLoginCart,
  loadFailed: MESSAGES.cartLoadFailed,
  sessionExpired: MESSAGES.sessionExpired,
  removeFailed: MESSAGES.removeItemFailed,
  quantityFailed: 'Could not change the quantity. Please try again.',
  removed: 'Removed from cart',
  shippingAtCheckout: MESSAGES.shippingCalculatedAtCheckout,
  emptyTitle: 'Your cart is empty',
  emptyText: 'Find something good from our small, sustainable brands.',
  shopNow: 'Shop Now',
  continueShopping: 'Continue Shopping',
  proceedToCheckout: 'Proceed to Checkout',
  /** A line beyond what is left (issue 26): "Only 2 left." / "This item is sold out." */
  left: STOCK_MESSAGES.left,
  changeTo: (n: number) => `Change to ${n}`,
} as const;
