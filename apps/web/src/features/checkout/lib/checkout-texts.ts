import { MESSAGES } from '@leafline/contract/messages';

/** The checkout page's texts (SPEC §2 Checkout, §5, §8; spec texts come from the contract). */
export const CHECKOUT_TEXTS = {
  title: 'Checkout',
  mustLogin: 'Please log in to check out.',
  loadCartFailed: MESSAGES.checkoutLoadCartFailed,
  loadAddressFailed: 'Could not load your saved address. Please try again.',
  checkoutFailed: MESSAGES.checkoutFailed,
  addressSaved: 'Shipping address saved.',
  emptyTitle: 'Your cart is empty',
  emptyText: 'Add something to your cart, then come back to check out.',
  shopNow: 'Shop Now',
  placeOrder: 'Place order',
  saveAddressFirst: 'Save your shipping address to continue to payment.',
  processingTitle: 'Processing your order…',
  processingText: 'Taking you to our secure payment page. Please do not close or reload this page.',
  freeShippingUnlocked: 'You unlocked free shipping!',
  discountHint: 'Have a promo code? You can enter it on the payment page.',
} as const;

/** '$12.00 away from free shipping' (SPEC §2: the progress bar toward $75). */
export function awayFromFreeShipping(amount: string): string {
  return `${amount} away from free shipping`;
}
