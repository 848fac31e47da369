import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema/index';

/**
 * The Shopify columns of a business (SPEC §3 Business; issue 13): the businesses module writes
 * every column of `businesses`; the shopify module connects and disconnects through these.
 */

export interface ShopifyConnection {
  storeUrl: string;
  /** The token as stored: `v1:…` ciphertext, never the plain token. */
  encryptedToken: string;
}

export interface NewShopifyConnection extends ShopifyConnection {
  /** The brand's app secret (webhook signatures), encrypted like the token; null: none. */
  encryptedWebhookSecret: string | null;
}

/** The stored connection, or undefined when the business has none. */
export async function findShopifyConnection(
  db: Db,
  businessId: number,
): Promise<ShopifyConnection | undefined> {
  const [row] = await db
    .select({ storeUrl: businesses.shopifyStoreUrl, token: businesses.shopifyAccessToken })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row?.storeUrl || !row.token) return undefined;
  return { storeUrl: row.storeUrl, encryptedToken: row.token };
}

export async function saveShopifyConnection(
  db: Db,
  businessId: number,
  connection: NewShopifyConnection,
): Promise<void> {
  await db
    .update(businesses)
    .set({
      shopifyStoreUrl: connection.storeUrl,
      shopifyAccessToken: connection.encryptedToken,
      shopifyWebhookSecret: connection.encryptedWebhookSecret,
      updatedAt: new Date(),
    })
    .where(eq(businesses.id, businessId));
}

/** Forgets the token and the store and turns the order sync off; the products stay. */
export async function clearShopifyConnection(db: Db, businessId: number): Promise<void> {
  await db
    .update(businesses)
    .set({
      shopifyStoreUrl: null,
      shopifyAccessToken: null,
      shopifyWebhookSecret: null,
      shopifyOrderSync: false,
      updatedAt: new Date(),
    })
    .where(eq(businesses.id, businessId));
}
