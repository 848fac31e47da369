import { createAdminApiClient } from '@shopify/admin-api-client';
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

/** Why a Shopify call failed: the token or store was refused, or Shopify was not reachable. */
export class ShopifyAdminError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ShopifyAdminError';
  }
}

export interface ShopifyAdmin {
  /** One GraphQL operation; its `data`, or a ShopifyAdminError. */
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export interface ShopifyAdminOptions {
  config: Pick<Config, 'shopifyAdminOrigin' | 'shopifyTimeoutMs'>;
  log: FastifyBaseLogger;
}

/** Statuses that mean "this token or store is not good": the owner can fix them. */
const REFUSED = new Set([401, 402, 403, 404, 423]);
/** GraphQL error codes of a token that may not do this (e.g. a missing access scope). */
const REFUSED_CODES = new Set(['ACCESS_DENIED', 'FORBIDDEN', 'UNAUTHORIZED']);

export function shopifyAdmin(
  { config, log }: ShopifyAdminOptions,
  storeDomain: string,
  accessToken: string,
): ShopifyAdmin {
  const origin = config.shopifyAdminOrigin;
  const client = createAdminApiClient({
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
        signal: AbortSignal.timeout(config.shopifyTimeoutMs),
      });
    },
  });

  return {
    async request<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      const { data, errors } = await client.request<T>(query, variables ? { variables } : {});
      if (errors && !data) {
        const status = errors.networkStatusCode;
        const message = errors.graphQLErrors?.length
          ? errors.graphQLErrors.map((e) => e.message).join('; ')
          : (errors.message ?? 'Shopify did not answer');
        // No answer (refused connection, time limit), Shopify's own trouble or throttling.
        if (status === undefined || status >= 500 || status === 429) {
          throw new ShopifyAdminError('unavailable', message, status);
        }
        // A bad token or unknown store, or a GraphQL refusal such as ACCESS_DENIED.
        const codes = (errors.graphQLErrors ?? []).map((e) => e.extensions?.code);
        if (REFUSED.has(status) || codes.some((c) => c && REFUSED_CODES.has(c))) {
          throw new ShopifyAdminError('refused', message, status);
        }
        // Anything else (a query Shopify does not understand) is not the owner's to fix.
        throw new ShopifyAdminError('unavailable', message, status);
      }
      if (!data) throw new ShopifyAdminError('unavailable', 'Shopify answered no data');
      return data;
    },
  };
}
