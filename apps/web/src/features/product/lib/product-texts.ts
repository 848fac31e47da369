/** The product page's texts of SPEC §4 and §8 (the contract has no catalogue texts yet). */
export const PRODUCT_TEXTS = {
  notFound: 'Product not found',
  mustLogin: 'You must be logged in to add items to your cart',
  loginNow: 'Login Now',
  added: 'Added to your cart!',
  addFailed: 'Could not add this item to your cart. Please try again.',
  pickVariant: 'Please choose an option first.',
} as const;
