/**
 * The payments module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { paymentPageAssets } from './payment-page';
export { paymentsRoutes, WEBHOOK_PATH } from './payments.routes';
export { runPaymentJobs } from './payments.service';
