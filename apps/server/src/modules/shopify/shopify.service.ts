import {
  BUSINESS_MESSAGES,
  type ShopifyConnectResponse,
  type ShopifyDisconnectResponse,
  type shopifyManualConnectBody,
} from '@leafline/contract/business';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors';
import { clearShopifyConnection, saveShopifyConnection } from '../businesses';
import { ShopifyAdminError, shopifyAdmin } from './shopify-admin';
import type { ShopifyDeps } from './shopify-connection';
import { normalizeShopifyStoreUrl } from './shopify-store-url';
import { encryptShopifyToken } from './shopify-token';
import { subscribeShopifyWebhooks } from './shopify-webhooks';

/**
 * Connecting a brand's Shopify store (SPEC §4, §7 `api/shopifymanualconnect/{businessId}/`;
 * issue 13): the address is normalised, the token is tried with a `shop` query before
 * anything is saved, and only then stored, encrypted. The token is never answered or logged.
 */

const SHOP_QUERY = `#graphql
  query LeaflineConnectShop {
    shop {
      name
      myshopifyDomain
      currencyCode
    }
    currentAppInstallation {
      accessScopes {
        handle
      }
    }
  }
`;

interface ShopQueryData {
  shop: { name: string; myshopifyDomain: string; currencyCode: string } | null;
  /** Null when Shopify would not say (the connect then goes on without the check). */
  currentAppInstallation?: { accessScopes: { handle: string }[] } | null;
}

/**
 * The access scopes a connection needs, each with the scopes that include it: the product sync
 * and the product webhooks read products (a write scope includes its read scope at Shopify).
 * The shipping-fee sync and the order push say so themselves when their scope is missing.
 */
const REQUIRED_SCOPES: ReadonlyArray<readonly [string, ...string[]]> = [
  ['read_products', 'write_products'],
];

/** The required scopes the token lacks, or [] (also when Shopify did not list them). */
function missingScopes(data: ShopQueryData): string[] {
  const granted = data.currentAppInstallation?.accessScopes?.map((s) => s.handle);
  if (!granted) return [];
  return REQUIRED_SCOPES.filter((names) => !names.some((n) => granted.includes(n))).map(
    ([scope]) => scope,
  );
}

/**
 * What a failed `shop` query says to the seller (issue 24, point 16): the token refused, no
 * such store, the store closed, or Shopify away (503); §8's 'Failed to connect.' when Shopify
 * refused without saying why.
 */
function connectFailure(error: ShopifyAdminError, storeUrl: string): AppError {
  if (error.kind === 'unavailable') return new AppError(503, BUSINESS_MESSAGES.shopifyUnreachable);
  if (error.kind === 'refused') {
    if (error.status === 401) {
      return fieldError('access_token', BUSINESS_MESSAGES.shopifyTokenRefused);
    }
    if (error.status === 404) {
      return fieldError('shopify_store_url', BUSINESS_MESSAGES.shopifyStoreNotFound(storeUrl));
    }
    if (error.status === 402 || error.status === 423) {
      return new AppError(400, BUSINESS_MESSAGES.shopifyStoreUnavailable);
    }
  }
  return new AppError(400, BUSINESS_MESSAGES.shopifyConnectFailed);
}

export async function connectShopify(
  deps: ShopifyDeps,
  businessId: number,
  body: z.output<typeof shopifyManualConnectBody>,
): Promise<ShopifyConnectResponse> {
  const storeUrl = normalizeShopifyStoreUrl(body.shopify_store_url);
  if (!storeUrl) {
    throw fieldError('shopify_store_url', BUSINESS_MESSAGES.shopifyStoreUrlInvalid);
  }
  const admin = shopifyAdmin(deps, storeUrl, body.access_token);
  let shop: NonNullable<ShopQueryData['shop']>;
  let missing: string[];
  try {
    const data = await admin.request<ShopQueryData>(SHOP_QUERY);
    if (!data.shop) throw new ShopifyAdminError('refused', 'Shopify answered no shop');
    shop = data.shop;
    missing = missingScopes(data);
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    deps.log.warn(
      { businessId, store: storeUrl, status: error.status, kind: error.kind },
      'Shopify connect: the shop query failed',
    );
    throw connectFailure(error, storeUrl);
  }
  if (missing.length) {
    deps.log.warn({ businessId, store: storeUrl, missing }, 'Shopify connect: scopes missing');
    throw fieldError('access_token', BUSINESS_MESSAGES.shopifyScopeMissing(missing));
  }
  await saveShopifyConnection(deps.db, businessId, {
    storeUrl,
    encryptedToken: encryptShopifyToken(deps.config.tokenSecret, body.access_token),
    encryptedWebhookSecret: body.shopify_api_secret
      ? encryptShopifyToken(deps.config.tokenSecret, body.shopify_api_secret)
      : null,
  });
  deps.log.info({ businessId, store: storeUrl }, 'Shopify store connected');
  // products/update, products/delete, app/uninstalled (best effort: the connect stands) — only
  // when their signature can be checked: the brand's app secret, or the marketplace's.
  if (body.shopify_api_secret || deps.config.shopifyApiSecret) {
    await subscribeShopifyWebhooks(deps, admin, { businessId, storeUrl });
  }
  return { shopify_store_url: storeUrl, shop_name: shop.name };
}

export async function disconnectShopify(
  deps: ShopifyDeps,
  businessId: number,
): Promise<ShopifyDisconnectResponse> {
  await clearShopifyConnection(deps.db, businessId);
  deps.log.info({ businessId }, 'Shopify store disconnected');
  return { shopify_connected: false };
}
