/**
 * The seller-orders module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { sellerOrdersRoutes } from './seller-orders.routes';
export { listSellerOrders, sellerOrderAfterEdit, toSellerOrders } from './seller-orders.service';
