import { type AdminApiClient, createAdminApiClient } from '@shopify/admin-api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/**
 * The Shopify Admin GraphQL API through the official client (`@shopify/admin-api-client`,
 * decision 0017). With SHOPIFY_ADMIN_ORIGIN set, every call goes to that origin instead of
 * https://<store>, as `<origin>/<store>/admin/api/<version>/graphql.json` with the same
 * headers (the local stand-in store of the tests). Each call has a time limit.
 *
 * The access token travels only in the client's X-Shopify-Access-Token header: nothing here
 * logs a request, a header or the client's own log records (they carry the headers).
 */

/** The Admin API version the app is written against. */
export const SHOPIFY_API_VERSION = '2026-07';

/**
 * Why a Shopify call failed: the token or store was refused, Shopify was not reachable, or
 * Shopify refused the query itself (`invalid`: e.g. MAX_COST_EXCEEDED, a query over the
 * 1,000-point limit), which no retry can fix. `codes`: the `extensions.code` of each GraphQL
 * error Shopify answered (e.g. BAD_REQUEST for a pagination cursor it does not know), so that
 * a caller may tell its own bad argument from Shopify's trouble; empty without GraphQL errors.
 */
export class ShopifyAdminError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'invalid',
    message: string,
    readonly status?: number,
    readonly codes: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ShopifyAdminError';
  }
}

export interface ShopifyAdmin {
  /**
   * One GraphQL operation; its `data`, or a ShopifyAdminError. With `patient` (background
   * jobs), Shopify's rate limits are respected instead of failing: the call waits while the
   * store's cost bucket (from the last answer's `extensions.cost.throttleStatus`) is too low,
   * and a `THROTTLED` error or a 429 is retried after the time Shopify asks (Retry-After, or
   * what the bucket needs to refill), up to `maxWaitMs` in all.
   */
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export interface ShopifyAdminOptions {
  config: Pick<Config, 'shopifyAdminOrigin' | 'shopifyTimeoutMs'>;
  log: FastifyBaseLogger;
}

export interface PatienceOptions {
  /** What one call is expected to cost (Shopify's query cost points); 50 when unset. */
  expectedCost?: number;
  /** The most a call may wait for the rate limits in all before it counts as unavailable. */
  maxWaitMs?: number;
  /** Aborted when the job must stop (the instance shuts down): waits and calls end at once. */
  signal?: AbortSignal;
}

/** Shopify's leaky bucket of a store as last seen (per process; Shopify counts per app and store). */
interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  seenAt: number;
}
const buckets = new Map<string, Bucket>();

/** Waits `ms`, or rejects as soon as `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

/** Points the bucket holds now: what was left plus what refilled since. */
function availableNow(bucket: Bucket, now: number): number {
  return Math.min(
    bucket.maximum,
    bucket.available + ((now - bucket.seenAt) / 1000) * bucket.restoreRate,
  );
}

/** How long to wait before a call of `cost` points fits in the bucket (0: at once). */
export function throttleWaitMs(bucket: Bucket | undefined, cost: number, now = Date.now()): number {
  if (!bucket || bucket.restoreRate <= 0) return 0;
  const missing = Math.min(cost, bucket.maximum) - availableNow(bucket, now);
  return missing <= 0 ? 0 : Math.ceil((missing / bucket.restoreRate) * 1000);
}

/** Statuses that mean "this token or store is not good": the owner can fix them. */
const REFUSED = new Set([401, 402, 403, 404, 423]);
/** GraphQL error codes of a token that may not do this (e.g. a missing access scope). */
const REFUSED_CODES = new Set(['ACCESS_DENIED', 'FORBIDDEN', 'UNAUTHORIZED']);
/** GraphQL error codes of a query Shopify will never run as it is (a retry cannot help). */
const INVALID_CODES = new Set(['MAX_COST_EXCEEDED']);

/** One answer of the client: its data, errors and extensions (the cost and throttle status). */
type AdminAnswer = Awaited<ReturnType<AdminApiClient['request']>>;

/**
 * The official client of one store: with SHOPIFY_ADMIN_ORIGIN set, its calls go to that
 * origin; each has the configured time limit (and ends when `signal` aborts).
 */
function adminClient(
  { config, log }: ShopifyAdminOptions,
  storeDomain: string,
  accessToken: string,
  signal: AbortSignal | undefined,
): AdminApiClient {
  const origin = config.shopifyAdminOrigin;
  return createAdminApiClient({
    storeDomain,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken,
    // Only what carries no headers is logged (the others hold the token).
    logger: (entry) => {
      if (entry.type === 'Unsupported_Api_Version') {
        log.warn({ apiVersion: entry.content.apiVersion }, 'Shopify API version not supported');
      }
    },
    customFetchApi: (url, init) => {
      const target = origin
        ? (() => {
            const u = new URL(String(url));
            return `${origin}/${u.host}${u.pathname}${u.search}`;
          })()
        : String(url);
      return fetch(target, {
        ...(init as RequestInit),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(config.shopifyTimeoutMs)])
          : AbortSignal.timeout(config.shopifyTimeoutMs),
      });
    },
  });
}

/** Keeps the store's cost bucket as the answer reports it. */
function rememberBucket(storeDomain: string, extensions: AdminAnswer['extensions']): void {
  const status = extensions?.cost?.throttleStatus;
  if (status && typeof status.currentlyAvailable === 'number') {
    buckets.set(storeDomain, {
      available: status.currentlyAvailable,
      maximum: status.maximumAvailable ?? status.currentlyAvailable,
      restoreRate: status.restoreRate ?? 50,
      seenAt: Date.now(),
    });
  }
}

/** What a failed answer stands for: a throttle to wait out, or a ShopifyAdminError. */
function answerError(
  storeDomain: string,
  { errors, extensions }: AdminAnswer,
  expectedCost: number | undefined,
): ShopifyThrottled | ShopifyAdminError {
  if (!errors) return new ShopifyAdminError('unavailable', 'Shopify answered no data');
  if (errors.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED')) {
    return new ShopifyThrottled(
      throttleWaitMs(
        buckets.get(storeDomain),
        extensions?.cost?.requestedQueryCost ?? expectedCost ?? 50,
      ) || 1000,
    );
  }
  if (errors.networkStatusCode === 429) {
    const after = Number(errors.response?.headers.get('retry-after'));
    return new ShopifyThrottled(Number.isFinite(after) && after > 0 ? after * 1000 : 2000);
  }
  const status = errors.networkStatusCode;
  const message = errors.graphQLErrors?.length
    ? errors.graphQLErrors.map((e) => e.message).join('; ')
    : (errors.message ?? 'Shopify did not answer');
  const codes = (errors.graphQLErrors ?? []).flatMap((e) =>
    e.extensions?.code === undefined ? [] : [String(e.extensions.code)],
  );
  if (codes.some((c) => INVALID_CODES.has(c))) {
    return new ShopifyAdminError('invalid', message, status, codes);
  }
  // No answer (refused connection, time limit), Shopify's own trouble or throttling.
  if (status === undefined || status >= 500 || status === 429) {
    return new ShopifyAdminError('unavailable', message, status, codes);
  }
  // A bad token or unknown store, or a GraphQL refusal such as ACCESS_DENIED.
  if (REFUSED.has(status) || codes.some((c) => REFUSED_CODES.has(c))) {
    return new ShopifyAdminError('refused', message, status, codes);
  }
  // Anything else (a query Shopify does not understand) is not the owner's to fix.
  return new ShopifyAdminError('unavailable', message, status, codes);
}

/** One call, no waiting: its data, or a ShopifyThrottled or ShopifyAdminError thrown. */
async function requestOnce<T>(
  client: AdminApiClient,
  storeDomain: string,
  expectedCost: number | undefined,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const answer = await client.request<T>(query, variables ? { variables } : {});
  rememberBucket(storeDomain, answer.extensions);
  if (!answer.data) throw answerError(storeDomain, answer, expectedCost);
  return answer.data;
}

/** A call that waits for the store's rate limits, up to `patience.maxWaitMs` in all. */
async function requestPatiently<T>(
  call: () => Promise<T>,
  storeDomain: string,
  patience: PatienceOptions,
  log: FastifyBaseLogger,
): Promise<T> {
  const maxWaitMs = patience.maxWaitMs ?? 120_000;
  let waited = 0;
  for (;;) {
    const wait = throttleWaitMs(buckets.get(storeDomain), patience.expectedCost ?? 50);
    if (wait > 0) {
      if (waited + wait > maxWaitMs) {
        throw new ShopifyAdminError('unavailable', 'Shopify is rate limiting', 429);
      }
      waited += wait;
      await sleep(wait, patience.signal);
    }
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ShopifyThrottled)) throw error;
      if (waited + error.waitMs > maxWaitMs) {
        throw new ShopifyAdminError('unavailable', 'Shopify is rate limiting', 429);
      }
      log.info({ store: storeDomain, waitMs: error.waitMs }, 'Shopify rate limit: waiting');
      waited += error.waitMs;
      await sleep(error.waitMs, patience.signal);
    }
  }
}

export function shopifyAdmin(
  options: ShopifyAdminOptions,
  storeDomain: string,
  accessToken: string,
  patience?: PatienceOptions,
): ShopifyAdmin {
  const client = adminClient(options, storeDomain, accessToken, patience?.signal);
  return {
    async request<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      const call = () =>
        requestOnce<T>(client, storeDomain, patience?.expectedCost, query, variables);
      if (patience) return requestPatiently(call, storeDomain, patience, options.log);
      try {
        return await call();
      } catch (error) {
        if (error instanceof ShopifyThrottled) {
          throw new ShopifyAdminError('unavailable', 'Shopify is rate limiting', 429);
        }
        throw error;
      }
    },
  };
}

/** A throttled answer (THROTTLED, 429): try again after `waitMs`. */
class ShopifyThrottled extends Error {
  constructor(readonly waitMs: number) {
    super('throttled');
  }
}
