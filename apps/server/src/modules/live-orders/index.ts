/**
 * The live-orders module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export type { LiveOrdersHub } from './live-orders.hub';
export { createLiveOrdersHub } from './live-orders.hub';
export { liveOrdersRoutes } from './live-orders.routes';
