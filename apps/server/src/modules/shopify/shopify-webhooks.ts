import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SHOPIFY_MESSAGES,
  SHOPIFY_WEBHOOK_PATH,
  SHOPIFY_WEBHOOK_TOPICS,
  type ShopifyWebhookTopic,
  type ShopifyWebhookOutcome as WebhookOutcome,
} from '@leafline/contract';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, badRequest } from '../../lib/errors';
import type { SellerProductsDeps } from '../seller-products/seller-products.service';
import { clearShopifyConnection } from './shopify.repo';
import type { ShopifyDeps } from './shopify.service';
import type { ShopifyAdmin } from './shopify-admin';
import { ShopifyAdminError } from './shopify-admin';
import {
  businessesOfStore,
  recordWebhookDelivery,
  webhookSecretsOfStore,
} from './shopify-hooks.repo';
import { productRefreshKey, SHOPIFY_PRODUCT_REFRESH_QUEUE } from './shopify-jobs';
import { normalizeShopifyStoreUrl } from './shopify-store-url';
import { decryptShopifyToken } from './shopify-token';

/**
 * Shopify's webhooks (issue 13, Build 5; Shopify's "verify webhooks" and "handle duplicate
 * events" guidance): one route takes `products/update`, `products/delete` and
 * `app/uninstalled`; each delivery is verified with HMAC-SHA256 of its raw body against the
 * secret of the app that subscribed it — the brand's own custom app (its API secret key, given
 * at connect and stored encrypted) for the store the delivery names, or the marketplace's app
 * (`SHOPIFY_API_SECRET`) — then recorded by its webhook id (a delivery seen before does
 * nothing) and turned into work in the same transaction as that record.
 *
 * The signature covers the body, not the headers: nothing destructive is done on a body's word.
 * An update or a delete sends one refresh of the product, which asks Shopify and removes the
 * product only when the store no longer has it active; an uninstall must name its store in its
 * body. The answer comes at once; the jobs do the slow part with retries.
 */

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
  // the marketplace's app. The header only chooses which secrets to try.
  const secrets = [
    ...(storeUrl ? await webhookSecretsOfStore(deps.db, storeUrl) : []).map((stored) =>
      decryptShopifyToken(deps.config.tokenSecret, stored),
    ),
    ...(deps.config.shopifyApiSecret ? [deps.config.shopifyApiSecret] : []),
  ];
  const hmac = header(headers['x-shopify-hmac-sha256']);
  if (!secrets.some((secret) => validShopifyHmac(raw, hmac, secret))) {
    throw new AppError(401, SHOPIFY_MESSAGES.webhookSignatureInvalid);
  }
  const webhookId = header(headers['x-shopify-webhook-id']);
  const topic = header(headers['x-shopify-topic']);
  if (!webhookId || !topic || !shopDomain || webhookId.length > 200 || topic.length > 100) {
    throw badRequest(SHOPIFY_MESSAGES.webhookHeadersMissing);
  }
  const text = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const known = (SHOPIFY_WEBHOOK_TOPICS as readonly string[]).includes(topic);
  const gid = topic === 'app/uninstalled' ? undefined : productGid(body, text);
  if (known && topic !== 'app/uninstalled' && !gid) {
    throw badRequest('The webhook body has no product id.');
  }
  // The signature covers the body, not the headers: an uninstall must name its store in its
  // body (Shopify's does), so no other signed body can pass for one, nor one store's for another.
  if (topic === 'app/uninstalled' && !namesShop(body, storeUrl)) {
    throw badRequest('The webhook body is for another store.');
  }

  const queued = new Set<typeof SHOPIFY_PRODUCT_REFRESH_QUEUE>();
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const fresh = await recordWebhookDelivery(tx, {
      webhookId,
      shopDomain: storeUrl ?? shopDomain.slice(0, 255),
      topic,
    });
    if (!fresh) return 'duplicate';
    if (!known || !storeUrl) return 'ignored';
    const businessIds = await businessesOfStore(tx, storeUrl);
    if (businessIds.length === 0) return 'ignored';
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
        case 'app/uninstalled':
          // The token no longer works: forget it; the imported products stay (Build 6).
          await clearShopifyConnection(tx, businessId);
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
 * Subscribes the store to the three topics, skipping those already subscribed to this
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
