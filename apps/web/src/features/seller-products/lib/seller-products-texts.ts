import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { PRODUCT_MESSAGES } from '@leafline/contract/seller-products';

/** Texts of the dashboard's add-product and products sections (SPEC §2, §4, §8). */
export const SELLER_PRODUCTS_TEXTS = {
  productsFailed: BUSINESS_MESSAGES.productsFailed,
  productAdded: PRODUCT_MESSAGES.added,
  /** Over the links to a product just added (issue 24). */
  productAddedNamed: (name: string) => `“${name}” is in your shop now.`,
  viewAddedProduct: 'View its page',
  editAddedProduct: 'Edit it',
  productSaved: PRODUCT_MESSAGES.saved,
  productDeleted: PRODUCT_MESSAGES.deleted,
  // SPEC §8 only logs a failed delete; a seller needs to see that it did not happen.
  deleteFailed: 'The product could not be deleted. Please try again.',
  noProducts: 'No products yet.',
  noProductsHint: 'Add your first product and it will show up here.',
} as const;
