/**
 * The businesses module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export {
  requireOwnedBusiness,
  requireOwnedOrder,
  requireOwnedProduct,
  requireOwnedReview,
  sellerScope,
} from './business-access';
export { findOwnedBusinessId } from './business-access.repo';
export { closeOwnedBusinesses, markBusinessVerified } from './businesses.repo';
export { businessesRoutes } from './businesses.routes';
export { applyAccountUpdate } from './businesses.service';
export {
  clearShopifyConnection,
  findShopifyConnection,
  saveShopifyConnection,
} from './shopify-connection.repo';
