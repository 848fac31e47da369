/**
 * The orders module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */
export { commissionCents, payoutCents } from './commission';
export { ORDER_EMAILS_QUEUE, queueOrderEmails } from './order-email-jobs';
export { orderEmailWorkers } from './order-workers';
export type {
  OrderDetailJson,
  OrderDetailRows,
  OrderEventKind,
  OrderNotice,
  OrderRow,
  OrderStockLineRow,
  StockState,
} from './orders.repo';
export {
  type BusinessOrderFilter,
  type BusinessOrderShape,
  brandOrderEmail,
  businessOrderPage,
  businessOrderQuery,
  businessOrderShapeKey,
  cancelPendingOrders,
  countBusinessOrders,
  findBusinessOrder,
  findOrderEmailTargets,
  findOrdersByIds,
  findUserOrder,
  insertOrder,
  isPaidOrLater,
  latestOrderEventId,
  listBoughtQuantities,
  listCheckoutOrders,
  listCheckoutStockLines,
  listOrderDetails,
  listOrderEventsAfter,
  listOrderItems,
  listOrderStockLines,
  lockOrderForRefund,
  markOrderPaid,
  moveStockState,
  ORDERS_CHANNEL,
  orderDetailColumns,
  orderRowJson,
  paidOrLater,
  readOrderDetails,
  readOrderRow,
  recordOrderEvents,
  setOrderTransfer,
  snapshotBuyerOnOrders,
  updateOrderBySeller,
} from './orders.repo';
export { ordersRoutes } from './orders.routes';
export {
  ordersOf,
  partialRefundSource,
  readAddress,
  refundEntriesOf,
  returnsOf,
  returnsOpenUntil,
  withItems,
} from './orders.service';
export { saveShopifyOrderId } from './shopify-push.repo';
