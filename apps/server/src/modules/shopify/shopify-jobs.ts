import { defineQueue } from '../../jobs/job-runner';

/**
 * The Shopify queues of the durable job runner (decision 0018; issue 13). Their handlers are
 * idempotent by a key of their own: a job may run twice.
 */

/**
 * One page of a product sync (`shopify_sync_runs.id`): imports the page after the run's
 * stored cursor, records the new cursor and the counts with the products in one transaction,
 * then sends the next page's job in that same transaction. A crash loses at most the page in
 * hand, which is given again after the expiry: the sync resumes, it never starts over.
 *
 * The expiry is above a page's worst case (SHOPIFY_TIMEOUT_MS 15 s by default): the page
 * query and up to 5 products re-read alone (SYNC_PAGE_SIZE; withAllVariants), each waiting at
 * most 60 s for Shopify's rate limits (PAGE_MAX_WAIT_MS) plus its own 15 s time limit:
 * 6 × 75 s = 450 s; then the pictures, downloaded 4 at a time (PICTURE_CONCURRENCY) until 120 s
 * have passed (PICTURE_BUDGET_MS), the last ones finishing within their 15 s: 135 s; then one
 * transaction. About 590 s → 720 s. It stays below the 15 minutes after which a run with no
 * sign of life counts as dead (STALE_RUN_MINUTES; each job writes `updated_at` when it starts),
 * so an expired page is given again before that. (The clear option's last step also reads the
 * store's product ids, 250 a call: a few seconds a call in practice, 20 calls for 5,000 products.)
 */
export const SHOPIFY_PRODUCT_SYNC_QUEUE = defineQueue<{ runId: number }>({
  name: 'shopify.product-sync',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 720,
});

/**
 * One product brought up to date from the store, by its Shopify id: imported again when it is
 * active there, removed from the shop when it is gone or no longer active. The `products/update`
 * and `products/delete` webhooks both send it (Shopify is asked, a webhook body is not trusted
 * to delete). `short`: one waiting job per product (key `<businessId>:<gid>`), so a burst of
 * updates to one product costs one or two reads.
 */
export const SHOPIFY_PRODUCT_REFRESH_QUEUE = defineQueue<{
  businessId: number;
  shopifyProductId: string;
}>({
  name: 'shopify.product-refresh',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
  policy: 'short',
});
export const productRefreshKey = (businessId: number, shopifyProductId: string) =>
  `${businessId}:${shopifyProductId}`;

/**
 * One variant's count brought up to date from the store, by its inventory item
 * (`inventory_levels/update`, shopify-stock.ts): the store is asked for the item's count over
 * all its locations. One waiting job per item (`short`, key `<businessId>:<gid>`).
 */
export const SHOPIFY_INVENTORY_REFRESH_QUEUE = defineQueue<{
  businessId: number;
  inventoryItemId: string;
}>({
  name: 'shopify.inventory-refresh',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
  policy: 'short',
});
export const inventoryRefreshKey = (businessId: number, inventoryItemId: string) =>
  `${businessId}:${inventoryItemId}`;

/**
 * One paid order created in its brand's Shopify store with `orderCreate`, exactly once: the
 * Shopify order id is stored with our order, and a retry first looks for an order it may
 * already have created (by the order's source identifier) before creating one.
 */
export const SHOPIFY_ORDER_PUSH_QUEUE = defineQueue<{ orderId: number }>({
  name: 'shopify.order-push',
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  // An attempt (a search and up to three creates, each waiting up to 20 s for the rate limit
  // and 15 s for its answer) takes at most about 140 s; it is told to end at 270 s.
  expireInSeconds: 300,
});
