import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';

/** Texts of the product form (SPEC §4, §5, §8). */
export const PRODUCT_FORM_TEXTS = {
  selectBusinessFirst: BUSINESS_MESSAGES.selectBusinessFirst,
  // SPEC §8 only logs a failed save; a seller needs to see why it did not happen.
  saveFailed: 'The product could not be saved. Please try again.',
  fixErrors: 'Please correct the highlighted fields.',
  tooManyImages: PRODUCT_MESSAGES.tooManyImages,
} as const;
