/**
 * The cart module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export type { CartLineRow } from './cart.repo';
export { lockCart, removeBoughtLines } from './cart.repo';
export { cartRoutes } from './cart.routes';
export { priceCart, unitPriceCents } from './cart.service';
