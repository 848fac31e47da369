import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, shopifyWebhookDeliveries } from '../../db/schema/index';

/** Drizzle queries of Shopify's webhooks (issue 13, Build 5). */

/**
 * Records a delivery by its webhook id; false when that id was already received (a replay or
 * Shopify's retry of a delivery that was handled): the caller then does nothing.
 */
export async function recordWebhookDelivery(
  db: Db,
  delivery: { webhookId: string; shopDomain: string; topic: string },
): Promise<boolean> {
  // Shopify retries a delivery for 48 hours at most: ids older than a week are forgotten (now
  // and then, so the table stays small without a job of its own).
  if (Math.random() < 0.02) {
    await db
      .delete(shopifyWebhookDeliveries)
      .where(lt(shopifyWebhookDeliveries.receivedAt, sql`now() - interval '7 days'`));
  }
  const rows = await db
    .insert(shopifyWebhookDeliveries)
    .values(delivery)
    .onConflictDoNothing({ target: shopifyWebhookDeliveries.webhookId })
    .returning({ webhookId: shopifyWebhookDeliveries.webhookId });
  return rows.length > 0;
}

/** The businesses connected to a store (by its `name.myshopify.com` address). */
export async function businessesOfStore(db: Db, storeUrl: string): Promise<number[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.shopifyStoreUrl, storeUrl), isNotNull(businesses.shopifyAccessToken)));
  return rows.map((r) => r.id);
}

/**
 * The businesses connected to a store, each with its stored (encrypted) webhook secret, null
 * when it connected through the marketplace's app.
 */
export async function connectionsOfStore(
  db: Db,
  storeUrl: string,
): Promise<Array<{ businessId: number; encryptedSecret: string | null }>> {
  const rows = await db
    .select({ businessId: businesses.id, encryptedSecret: businesses.shopifyWebhookSecret })
    .from(businesses)
    .where(and(eq(businesses.shopifyStoreUrl, storeUrl), isNotNull(businesses.shopifyAccessToken)));
  return rows;
}
