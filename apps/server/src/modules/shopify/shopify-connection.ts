import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findShopifyConnection } from '../businesses';
import { type PatienceOptions, type ShopifyAdmin, shopifyAdmin } from './shopify-admin';
import { decryptShopifyToken } from './shopify-token';

/** What every Shopify step needs: the database, the config (its token secret) and a log. */
export interface ShopifyDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The Admin API client of a business's connected store (its token decrypted here, in memory
 * only), or undefined when the business has no store connected. `patience` for jobs: they wait
 * out Shopify's rate limits (shopify-admin.ts).
 */
export async function shopifyAdminForBusiness(
  deps: ShopifyDeps,
  businessId: number,
  patience?: PatienceOptions,
): Promise<{ admin: ShopifyAdmin; storeUrl: string } | undefined> {
  const connection = await findShopifyConnection(deps.db, businessId);
  if (!connection) return undefined;
  const token = decryptShopifyToken(deps.config.tokenSecret, connection.encryptedToken);
  return {
    admin: shopifyAdmin(deps, connection.storeUrl, token, patience),
    storeUrl: connection.storeUrl,
  };
}
