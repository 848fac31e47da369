import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SHOPIFY_MESSAGES,
  SHOPIFY_WEBHOOK_MAX_AGE_MS,
  SHOPIFY_WEBHOOK_PATH,
  SHOPIFY_WEBHOOK_TOPICS,
  type ShopifyWebhookTopic,
  type ShopifyWebhookOutcome as WebhookOutcome,
} from '@leafline/contract';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, badRequest } from '../../lib/errors';
import { clearShopifyConnection, findShopifyConnection } from '../businesses';
import type { SellerProductsDeps } from '../seller-products';
import { type ShopifyAdmin, ShopifyAdminError, shopifyAdmin } from './shopify-admin';
import type { ShopifyDeps } from './shopify-connection';
import { businessesOfStore, connectionsOfStore, recordWebhookDelivery } from './shopify-hooks.repo';
import {
  inventoryRefreshKey,
  productRefreshKey,
  SHOPIFY_INVENTORY_REFRESH_QUEUE,
  SHOPIFY_PRODUCT_REFRESH_QUEUE,
} from './shopify-jobs';
import { inventoryItemGid } from './shopify-stock';
import { normalizeShopifyStoreUrl } from './shopify-store-url';
import { decryptShopifyToken } from './shopify-token';

/**
 * Shopify's webhooks (issue 13, Build 5; Shopify's "verify webhooks" and "handle duplicate
 * events" guidance): one route takes `products/update`, `products/delete`,
 * `inventory_levels/update` (issue 26) and `app/uninstalled`; each delivery is verified with HMAC-SHA256 of its raw body against the
 * secret of the app that subscribed it — the brand's own custom app (its API secret key, given
 * at connect and stored encrypted) for the store the delivery names, or the marketplace's app
 * (`SHOPIFY_API_SECRET`) — then recorded by its webhook id (a delivery seen before does
 * nothing) and turned into work in the same transaction as that record.
 *
 * A delivery acts only for the businesses whose app signed it (issue 24, point 22): a brand's
 * own secret speaks for that brand alone, the marketplace's for the businesses connected
 * through the marketplace's app (no secret of their own). Two brands connected to one store
 * with their own apps cannot act for each other.
 *
 * The signature covers the body, not the headers: nothing destructive is done on a body's word.
 * A delivery must be recent (X-Shopify-Triggered-At, SHOPIFY_WEBHOOK_MAX_AGE_MS), so an old
 * signed body replayed under a fresh webhook id is refused (point 23); since that header is not
 * signed either, an uninstall is also confirmed with Shopify: the connection is cleared only
 * when the business's token is really refused now. An update or a delete sends one refresh of
 * the product, which asks Shopify and removes the product only when the store no longer has it
 * active; a stock update sends one refresh of the variant's count, which asks Shopify for its
 * count over all the store's locations (the body names one location's); an uninstall must name its store in its body. Updates are answered at once (the jobs
 * do the slow part with retries); an uninstall waits for its one `shop` query per business.
 */

/** A clock ahead of ours by this much still passes the age check. */
const WEBHOOK_CLOCK_SKEW_MS = 60_000;

/** Whether X-Shopify-Triggered-At (an ISO time) says the delivery is recent. */
export function recentlyTriggered(value: string | undefined, now = Date.now()): boolean {
  if (!value || value.length > 64) return false;
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return false;
  return at <= now + WEBHOOK_CLOCK_SKEW_MS && now - at <= SHOPIFY_WEBHOOK_MAX_AGE_MS;
}

const SHOP_NAME_QUERY = `#graphql
  query LeaflineUninstallCheck {
    shop {
      name
    }
  }
`;

/**
 * Whether the business's token is refused by Shopify now (the app really was uninstalled).
 * False when the token still works; a ShopifyAdminError when Shopify cannot tell.
 */
async function tokenRevoked(deps: ShopifyDeps, businessId: number): Promise<boolean> {
  const connection = await findShopifyConnection(deps.db, businessId);
  if (!connection) return true;
  const token = decryptShopifyToken(deps.config.tokenSecret, connection.encryptedToken);
  try {
    await shopifyAdmin(deps, connection.storeUrl, token).request(SHOP_NAME_QUERY);
    return false;
  } catch (error) {
    if (error instanceof ShopifyAdminError && error.kind === 'refused') return true;
    throw error;
  }
}

export interface ShopifyHooksDeps extends ShopifyDeps, SellerProductsDeps {
  jobs: JobRunner;
}

/** Whether `hmacHeader` is base64(HMAC-SHA256(raw, secret)), compared in constant time. */
export function validShopifyHmac(
  raw: Buffer,
  hmacHeader: string | undefined,
  secret: string | undefined,
): boolean {
  if (!secret || !hmacHeader) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(hmacHeader.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const header = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * A product's id as the Admin GraphQL API writes it, from a webhook body: its
 * `admin_graphql_api_id`, else its numeric `id` (all a `products/delete` body holds), read from
 * the raw text when it is past what a JSON number keeps exactly.
 */
function productGid(body: unknown, raw: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const gid = record.admin_graphql_api_id;
  if (typeof gid === 'string' && /^gid:\/\/shopify\/Product\/\d+$/.test(gid)) return gid;
  const id = record.id;
  if (typeof id === 'string' && /^\d{1,20}$/.test(id)) return `gid://shopify/Product/${id}`;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return undefined;
  if (Number.isSafeInteger(id)) return `gid://shopify/Product/${id}`;
  const exact = /^\s*\{\s*"id"\s*:\s*(\d{1,20})\s*[,}]/.exec(raw)?.[1];
  return exact ? `gid://shopify/Product/${exact}` : undefined;
}

/**
 * The inventory item's gid of an `inventory_levels/update` body: from its
 * `admin_graphql_api_id` (`gid://shopify/InventoryLevel/<location>?inventory_item_id=<n>`),
 * else its numeric `inventory_item_id`, read from the raw text when past what a JSON number
 * keeps exactly.
 */
function inventoryItemOf(body: unknown, raw: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const level = record.admin_graphql_api_id;
  const fromLevel =
    typeof level === 'string'
      ? /^gid:\/\/shopify\/InventoryLevel\/\d+\?inventory_item_id=(\d{1,20})$/.exec(level)?.[1]
      : undefined;
  if (fromLevel) return inventoryItemGid(fromLevel);
  const id = record.inventory_item_id;
  if (typeof id === 'string' && /^\d{1,20}$/.test(id)) return inventoryItemGid(id);
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return undefined;
  if (Number.isSafeInteger(id)) return inventoryItemGid(id);
  const exact = /"inventory_item_id"\s*:\s*(\d{1,20})\s*[,}]/.exec(raw)?.[1];
  return exact ? inventoryItemGid(exact) : undefined;
}

/** Whether the body names (`myshopify_domain`, as Shopify's shop payload does) the header's shop. */
function namesShop(body: unknown, storeUrl: string | null): boolean {
  const named =
    body && typeof body === 'object' ? (body as Record<string, unknown>).myshopify_domain : null;
  return (
    typeof named === 'string' && storeUrl !== null && normalizeShopifyStoreUrl(named) === storeUrl
  );
}

/**
 * A delivery as the route received it. Throws 401 (signature) or 400 (headers, body); answers
 * what was done otherwise, for the log and the tests.
 */
export async function receiveShopifyWebhook(
  deps: ShopifyHooksDeps,
  delivery: { raw: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<WebhookOutcome> {
  const { raw, headers } = delivery;
  const shopDomain = header(headers['x-shopify-shop-domain']);
  const storeUrl =
    shopDomain && shopDomain.length <= 255 ? normalizeShopifyStoreUrl(shopDomain) : null;
  // The secrets that may have signed it: the brands' apps connected to the store it names, and
  // the marketplace's app. The header only chooses which secrets to try; the businesses it acts
  // for are those whose app's secret signed it.
  const hmac = header(headers['x-shopify-hmac-sha256']);
  const connections = storeUrl ? await connectionsOfStore(deps.db, storeUrl) : [];
  const marketplaceSigned = validShopifyHmac(raw, hmac, deps.config.shopifyApiSecret);
  const signedFor = new Set<number>();
  for (const { businessId, encryptedSecret } of connections) {
    const own = encryptedSecret
      ? validShopifyHmac(raw, hmac, decryptShopifyToken(deps.config.tokenSecret, encryptedSecret))
      : marketplaceSigned;
    if (own) signedFor.add(businessId);
  }
  if (!marketplaceSigned && signedFor.size === 0) {
    throw new AppError(401, SHOPIFY_MESSAGES.webhookSignatureInvalid);
  }
  const webhookId = header(headers['x-shopify-webhook-id']);
  const topic = header(headers['x-shopify-topic']);
  if (!webhookId || !topic || !shopDomain || webhookId.length > 200 || topic.length > 100) {
    throw badRequest(SHOPIFY_MESSAGES.webhookHeadersMissing);
  }
  if (!recentlyTriggered(header(headers['x-shopify-triggered-at']))) {
    throw badRequest(SHOPIFY_MESSAGES.webhookStale);
  }
  const text = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const known = (SHOPIFY_WEBHOOK_TOPICS as readonly string[]).includes(topic);
  const gid =
    topic === 'products/update' || topic === 'products/delete' ? productGid(body, text) : undefined;
  if (known && (topic === 'products/update' || topic === 'products/delete') && !gid) {
    throw badRequest('The webhook body has no product id.');
  }
  const inventoryItem =
    topic === 'inventory_levels/update' ? inventoryItemOf(body, text) : undefined;
  if (known && topic === 'inventory_levels/update' && !inventoryItem) {
    throw badRequest('The webhook body has no inventory item id.');
  }
  // The signature covers the body, not the headers: an uninstall must name its store in its
  // body (Shopify's does), so no other signed body can pass for one, nor one store's for another.
  if (topic === 'app/uninstalled' && !namesShop(body, storeUrl)) {
    throw badRequest('The webhook body is for another store.');
  }

  // An uninstall is believed only when Shopify refuses the business's token now (outside the
  // transaction: a provider call). Shopify unreachable: a 503, nothing recorded, so that
  // Shopify's own retry comes back to it.
  const uninstalled = new Set<number>();
  if (known && topic === 'app/uninstalled') {
    for (const businessId of signedFor) {
      try {
        if (await tokenRevoked(deps, businessId)) uninstalled.add(businessId);
      } catch (error) {
        if (!(error instanceof ShopifyAdminError)) throw error;
        deps.log.warn(
          { businessId, store: storeUrl, kind: error.kind, status: error.status },
          'Shopify uninstall could not be confirmed',
        );
        throw new AppError(503, SHOPIFY_MESSAGES.uninstallUnconfirmed);
      }
    }
  }

  const queued = new Set<
    typeof SHOPIFY_PRODUCT_REFRESH_QUEUE | typeof SHOPIFY_INVENTORY_REFRESH_QUEUE
  >();
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const fresh = await recordWebhookDelivery(tx, {
      webhookId,
      shopDomain: storeUrl ?? shopDomain.slice(0, 255),
      topic,
    });
    if (!fresh) return 'duplicate';
    if (!known || !storeUrl) return 'ignored';
    const businessIds = (await businessesOfStore(tx, storeUrl)).filter((id) => signedFor.has(id));
    if (businessIds.length === 0) return 'ignored';
    if (topic === 'app/uninstalled' && !businessIds.some((id) => uninstalled.has(id))) {
      return 'unconfirmed';
    }
    for (const businessId of businessIds) {
      switch (topic as ShopifyWebhookTopic) {
        case 'products/update':
        case 'products/delete':
          // One refresh: Shopify says whether the product is still there (null while one waits).
          await deps.jobs.send(
            tx,
            SHOPIFY_PRODUCT_REFRESH_QUEUE,
            { businessId, shopifyProductId: gid! },
            { singletonKey: productRefreshKey(businessId, gid!) },
          );
          queued.add(SHOPIFY_PRODUCT_REFRESH_QUEUE);
          break;
        case 'inventory_levels/update':
          // One count refresh: Shopify says the item's count over all its locations.
          await deps.jobs.send(
            tx,
            SHOPIFY_INVENTORY_REFRESH_QUEUE,
            { businessId, inventoryItemId: inventoryItem! },
            { singletonKey: inventoryRefreshKey(businessId, inventoryItem!) },
          );
          queued.add(SHOPIFY_INVENTORY_REFRESH_QUEUE);
          break;
        case 'app/uninstalled':
          // The token no longer works (Shopify said so above): forget it; the imported products
          // stay (Build 6). A business whose token still works keeps its connection.
          if (uninstalled.has(businessId)) await clearShopifyConnection(tx, businessId);
          break;
      }
    }
    return 'handled';
  });
  for (const queue of queued) deps.jobs.wake(queue);
  deps.log.info({ topic, store: storeUrl, webhookId, outcome }, 'Shopify webhook received');
  return outcome;
}

// ---- subscribing at connect ----

const SUBSCRIPTION_TOPICS = {
  'products/update': 'PRODUCTS_UPDATE',
  'products/delete': 'PRODUCTS_DELETE',
  'inventory_levels/update': 'INVENTORY_LEVELS_UPDATE',
  'app/uninstalled': 'APP_UNINSTALLED',
} as const satisfies Record<ShopifyWebhookTopic, string>;

export const WEBHOOK_SUBSCRIPTIONS_QUERY = `#graphql
  query LeaflineWebhookSubscriptions {
    webhookSubscriptions(first: 100) {
      nodes {
        id
        topic
        uri
      }
    }
  }
`;

export const WEBHOOK_SUBSCRIPTION_CREATE = `#graphql
  mutation LeaflineWebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $uri: String!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
      webhookSubscription {
        id
        topic
        uri
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface SubscriptionsData {
  webhookSubscriptions: { nodes: { id: string; topic: string; uri: string | null }[] } | null;
}
interface SubscriptionCreateData {
  webhookSubscriptionCreate: {
    webhookSubscription: { id: string } | null;
    userErrors: { field: string[] | null; message: string }[];
  } | null;
}

/** Where Shopify is to send webhooks, or undefined when it cannot reach this app. */
export function webhookCallbackUrl(config: ShopifyDeps['config']): string | undefined {
  const base = config.publicUrl.replace(/\/+$/, '');
  // Shopify only delivers to https addresses; the local stand-in takes any.
  if (!base.startsWith('https://') && !config.shopifyAdminOrigin) return undefined;
  return `${base}${SHOPIFY_WEBHOOK_PATH}`;
}

/**
 * Subscribes the store to the four topics (the stock one needs `read_inventory`), skipping those already subscribed to this
 * address. Best effort: a failure is logged and the connect stands (the seller can reconnect).
 * Answers the topics it created.
 */
export async function subscribeShopifyWebhooks(
  deps: ShopifyDeps,
  admin: ShopifyAdmin,
  context: { businessId: number; storeUrl: string },
): Promise<string[]> {
  const uri = webhookCallbackUrl(deps.config);
  if (!uri) return [];
  const created: string[] = [];
  try {
    const data = await admin.request<SubscriptionsData>(WEBHOOK_SUBSCRIPTIONS_QUERY);
    const existing = new Set(
      (data.webhookSubscriptions?.nodes ?? []).filter((s) => s.uri === uri).map((s) => s.topic),
    );
    for (const topic of Object.values(SUBSCRIPTION_TOPICS)) {
      if (existing.has(topic)) continue;
      const result = await admin.request<SubscriptionCreateData>(WEBHOOK_SUBSCRIPTION_CREATE, {
        topic,
        uri,
      });
      const errors = result.webhookSubscriptionCreate?.userErrors ?? [];
      if (errors.length || !result.webhookSubscriptionCreate?.webhookSubscription) {
        deps.log.warn(
          { ...context, topic, errors: errors.map((e) => e.message) },
          'Shopify webhook subscription refused',
        );
        continue;
      }
      created.push(topic);
    }
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    deps.log.warn(
      { ...context, kind: error.kind, status: error.status },
      'Shopify webhook subscriptions could not be made',
    );
  }
  if (created.length) deps.log.info({ ...context, topics: created }, 'Shopify webhooks subscribed');
  return created;
}
