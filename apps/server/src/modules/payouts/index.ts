/**
 * The payouts module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export {
  PAYOUT_PARTIAL_REVERSE_QUEUE,
  PAYOUT_QUEUES,
  PAYOUT_REVERSE_QUEUE,
  PAYOUT_TRANSFER_QUEUE,
  queuePayoutReversal,
  queuePayoutTransfers,
} from './payout-jobs';
export { payoutWorkers } from './payout-workers';
export type { NewPayout } from './payouts.repo';
export {
  cancelPayout,
  claimPartialReversal,
  findOrderPayout,
  insertPayoutRows,
  releaseWaitingPayouts,
} from './payouts.repo';
export {
  insertPayouts,
  insertWithheldPayouts,
  MAX_PAYOUT_ATTEMPTS,
  mayHaveLostTransfer,
  payoutsReady,
  reversePartialShare,
  reversePayoutTransfer,
  sendPayoutTransfer,
  transferGroupOf,
} from './payouts.service';
