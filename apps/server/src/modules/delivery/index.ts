/**
 * The delivery module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export { deliveryRoutes } from './delivery.routes';
export { shopperCountry, transitDaysFor } from './delivery.service';
