/**
 * The refunds module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { PARTIAL_REFUND_QUEUE } from './partial-refund-jobs';
export { refundPartOfOrder } from './partial-refunds.service';
export { REFUND_SETTLE_QUEUE } from './refund-jobs';
export { refundWorkers } from './refund-workers';
export type { RefundDeps } from './refunds.service';
export { claimSoldOutRefund, refundOrderIfPaid, statusChangeRefusal } from './refunds.service';
