import type { FastifyInstance } from 'fastify';
import type { ShopifyDeps } from './shopify-connection';
import { SHOPIFY_ORDER_PUSH_QUEUE } from './shopify-jobs';
import { pushOrderToShopify } from './shopify-order-push';

/**
 * The order push's worker (issue 13 Build 4): paid orders of a business with order sync on are
 * created in its Shopify store by the durable job runner (shopify-order-push.ts). No route: the
 * jobs are sent by the payment and by the seller's order edit.
 */
export async function shopifyOrderPushWorker(app: FastifyInstance): Promise<void> {
  const deps: ShopifyDeps = { db: app.deps.db, config: app.deps.config, log: app.log };
  app.deps.jobs.work(SHOPIFY_ORDER_PUSH_QUEUE, async ({ orderId }, job) => {
    await pushOrderToShopify(deps, orderId, job);
  });
}
