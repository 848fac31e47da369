import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { SELLER_ORDER_MESSAGES } from '@leafline/contract/seller-orders';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@leafline/contract/seller-products';

/** Texts of the dashboard's products and orders sections (SPEC §2, §4, §8). */
export const CATALOG_TEXTS = {
  selectBusinessFirst: BUSINESS_MESSAGES.selectBusinessFirst,
  productsFailed: BUSINESS_MESSAGES.productsFailed,
  ordersFailed: BUSINESS_MESSAGES.ordersFailed,
  orderUpdateFailed: BUSINESS_MESSAGES.orderUpdateFailed,
  orderSaved: SELLER_ORDER_MESSAGES.saved,
  productAdded: PRODUCT_MESSAGES.added,
  productSaved: PRODUCT_MESSAGES.saved,
  productDeleted: PRODUCT_MESSAGES.deleted,
  // SPEC §8 only logs these failures; a seller needs to see why the save did not happen.
  saveFailed: 'The product could not be saved. Please try again.',
  deleteFailed: 'The product could not be deleted. Please try again.',
  fixErrors: 'Please correct the highlighted fields.',
  notAnImage: 'Only image files can be added (JPEG, PNG, WebP, GIF, AVIF).',
  tooManyImages: PRODUCT_MESSAGES.tooManyImages,
  imagesLimit: PRODUCT_LIMITS.images,
  noProducts: 'No products yet.',
  noProductsHint: 'Add your first product and it will show up here.',
  noOrders: 'No orders yet.',
  noOrdersHint: 'When shoppers buy your products, their orders will show up here to fulfil.',
  helpPayouts: BUSINESS_MESSAGES.helpPayouts,
} as const;
