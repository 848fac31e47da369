import type { FastifyInstance } from 'fastify';
import type { ShopifyDeps } from './shopify-connection';
import {
  SHOPIFY_INVENTORY_REFRESH_QUEUE,
  SHOPIFY_ORDER_PUSH_QUEUE,
  SHOPIFY_PRODUCT_REFRESH_QUEUE,
  SHOPIFY_PRODUCT_SYNC_QUEUE,
} from './shopify-jobs';
import { pushOrderToShopify } from './shopify-order-push';
import { refreshShopifyProduct } from './shopify-product-import';
import { refreshShopifyInventory } from './shopify-stock';
import { shopifyJobDeps } from './shopify-sync.routes';
import { runProductSyncJob } from './shopify-sync.service';

/**
 * The Shopify workers (shopify-jobs.ts). No route: the jobs are sent by the changes that cause
 * them — the order push by the payment and the seller's order edit (shopify-order-push.ts), a
 * product sync's pages by its start and by each page before them, a product's refresh and a
 * variant's count by the store's webhooks.
 */
export async function shopifyWorkers(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  const pushDeps: ShopifyDeps = { db: app.deps.db, config: app.deps.config, log: app.log };
  const syncDeps = shopifyJobDeps(app);
  jobs.work(SHOPIFY_ORDER_PUSH_QUEUE, async ({ orderId }, job) => {
    await pushOrderToShopify(pushDeps, orderId, job);
  });
  // Two at a time: one brand's long first sync does not hold up another's. The pages of one
  // run never overlap (each page's job is sent when the one before it is recorded).
  jobs.work(
    SHOPIFY_PRODUCT_SYNC_QUEUE,
    (data, job) => runProductSyncJob(syncDeps, data.runId, job),
    { concurrency: 2 },
  );
  jobs.work(SHOPIFY_PRODUCT_REFRESH_QUEUE, async (data, job) => {
    const outcome = await refreshShopifyProduct(
      syncDeps,
      data.businessId,
      data.shopifyProductId,
      undefined,
      job.signal,
    );
    app.log.info({ businessId: data.businessId, outcome }, 'Shopify product refreshed');
  });
  jobs.work(SHOPIFY_INVENTORY_REFRESH_QUEUE, async (data, job) => {
    const outcome = await refreshShopifyInventory(
      syncDeps,
      data.businessId,
      data.inventoryItemId,
      undefined,
      job.signal,
    );
    app.log.info({ businessId: data.businessId, outcome }, 'Shopify stock refreshed');
  });
}
