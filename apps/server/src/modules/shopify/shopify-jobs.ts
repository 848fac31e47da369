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
 */
export const SHOPIFY_PRODUCT_SYNC_QUEUE = defineQueue<{ runId: number }>({
  name: 'shopify.product-sync',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});

/** One product refreshed from the store (a `products/update` webhook), by its Shopify id. */
export const SHOPIFY_PRODUCT_REFRESH_QUEUE = defineQueue<{
  businessId: number;
  shopifyProductId: string;
}>({
  name: 'shopify.product-refresh',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * One product removed from the shop because it was deleted in the store (`products/delete`),
 * by its Shopify id: a product already gone is nothing to do (idempotent).
 */
export const SHOPIFY_PRODUCT_REMOVE_QUEUE = defineQueue<{
  businessId: number;
  shopifyProductId: string;
}>({
  name: 'shopify.product-remove',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
});

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
  expireInSeconds: 120,
});
