/**
 * The checkout module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { insertCheckout } from './checkout.repo';
export { checkoutRoutes } from './checkout.routes';
export { completePayment, moneyPathDeps } from './checkout.service';
export type { EventLedger, MoneyPathDeps } from './checkout.steps';
export { endStrandedCheckouts, endUnpaidCheckout, orderAddressOf } from './checkout.steps';
export { CHECKOUT_EXPIRE_QUEUE } from './checkout-stock';
export { checkoutWorkers } from './checkout-workers';
export { prorateDiscount } from './discount';
export { variantOptions } from './variant-options';
