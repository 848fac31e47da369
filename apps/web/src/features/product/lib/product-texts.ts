import { MESSAGES } from '@leafline/contract/messages';
import { STOCK_MESSAGES } from '@leafline/contract/stock-texts';

/** The product page's texts (SPEC §4 and §8; the spec's own texts come from the contract). */
export const PRODUCT_TEXTS = {
  notFound: MESSAGES.productNotFound,
  mustLogin: MESSAGES.mustLoginToAddToCart,
  loginNow: 'Login Now',
  added: 'Added to your cart!',
  viewCart: 'View cart',
  addFailed: 'Could not add this item to your cart. Please try again.',
  pickVariant: 'Please choose an option first.',
  soldOut: STOCK_MESSAGES.soldOut,
  fewLeft: STOCK_MESSAGES.fewLeft,
  /** After a sold-out value in the options' dropdown and for screen readers beside a pill. */
  soldOutSuffix: ' (sold out)',
  /** Issue 27: the section below the product, and its link beside the name. */
  reviews: 'Reviews',
  reviewsLoading: 'Loading reviews…',
  /** Issue 29, point 6: read before the struck-through former price. */
  compareAt: 'Was ',
} as const;
