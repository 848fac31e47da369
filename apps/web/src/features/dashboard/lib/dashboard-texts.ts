import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { SELLER_ORDER_MESSAGES } from '@leafline/contract/seller-orders';
import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';

/** Texts of the dashboard's products and orders sections (SPEC §2, §4, §8). */
export const CATALOG_TEXTS = {
  productsFailed: BUSINESS_MESSAGES.productsFailed,
  ordersFailed: BUSINESS_MESSAGES.ordersFailed,
  orderUpdateFailed: BUSINESS_MESSAGES.orderUpdateFailed,
  orderSaved: SELLER_ORDER_MESSAGES.saved,
  productAdded: PRODUCT_MESSAGES.added,
  productSaved: PRODUCT_MESSAGES.saved,
  productDeleted: PRODUCT_MESSAGES.deleted,
  // SPEC §8 only logs a failed delete; a seller needs to see that it did not happen.
  deleteFailed: 'The product could not be deleted. Please try again.',
  noProducts: 'No products yet.',
  noProductsHint: 'Add your first product and it will show up here.',
  noOrders: 'No orders yet.',
  noOrdersHint: 'When shoppers buy your products, their orders will show up here to fulfil.',
  selectBusinessOrders: 'Select a business to see its orders.',
  selectBusinessProducts: 'Select a business to see its products.',
  helpPayouts: BUSINESS_MESSAGES.helpPayouts,
} as const;
