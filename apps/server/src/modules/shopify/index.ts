/**
 * The shopify module's face: what other modules, the app and the tests may use (DESIGN §5,
 * decision 0035). Nothing else in this folder is imported from outside it.
 */

export { shopifyRoutes } from './shopify.routes';
export { shopifyHooksRoutes } from './shopify-hooks.routes';
export { shopifyImportRoutes } from './shopify-import.routes';
export { SHOPIFY_ORDER_PUSH_QUEUE, SHOPIFY_PRODUCT_SYNC_QUEUE } from './shopify-jobs';
export { queueShopifyOrderPushes } from './shopify-order-push';
export { htmlToText, priceToCents } from './shopify-product-import';
export { shopifySyncRoutes } from './shopify-sync.routes';
export { shopifyWorkers } from './shopify-workers';
