import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the Shopify Admin GraphQL API (issue 13), reached through the real
 * `@shopify/admin-api-client` with SHOPIFY_ADMIN_ORIGIN set to `url`: requests arrive as
 * `POST /<store>.myshopify.com/admin/api/<version>/graphql.json` with the client's headers.
 *
 * - The store comes from the path prefix; an unknown store is a 404 (as Shopify's).
 * - `X-Shopify-Access-Token` must be the store's token, else 401 `[API] Invalid API key or
 *   access token (unrecognized login or wrong password)`.
 * - Operations are dispatched by their root field (`shop` here); later slices add theirs with
 *   `handle('products', …)`. An unknown field is a GraphQL error, as Shopify's schema would give;
 *   a handler throws FakeGraphQLError for others (ACCESS_DENIED…).
 * - `failNext(n, …)` answers the next n calls with a status (5xx, 429 with Retry-After) or
 *   makes them hang until the client gives up; `throttle` sets the `extensions.cost` block.
 */

export interface FakeShopifyStore {
  domain: string;
  accessToken: string;
  name: string;
  currencyCode: string;
}

export interface ShopifyCall {
  store: string;
  apiVersion: string;
  accessToken: string | undefined;
  query: string;
  variables: Record<string, unknown>;
  status: number;
}

export type FieldHandler = (ctx: {
  store: FakeShopifyStore;
  variables: Record<string, unknown>;
  query: string;
}) => unknown;

/** Thrown by a field handler: answered as a GraphQL error (`errors[]`, status 200). */
export class FakeGraphQLError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Failure = { kind: 'status'; status: number; retryAfter?: number } | { kind: 'hang' };

export interface FakeShopify {
  /** Origin to put in SHOPIFY_ADMIN_ORIGIN. */
  url: string;
  /** Every call received, oldest first. */
  calls: ShopifyCall[];
  stores: Map<string, FakeShopifyStore>;
  addStore(store: FakeShopifyStore): void;
  /** Answers a root field (`products`, `deliveryProfiles`, `orderCreate`, …). */
  handle(field: string, handler: FieldHandler): void;
  /** The next `count` calls fail this way. */
  failNext(count: number, failure: Failure): void;
  /** The throttle status sent in `extensions.cost` (Shopify's leaky bucket). */
  throttle: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  close(): Promise<void>;
}

export const DEMO_STORE: FakeShopifyStore = {
  domain: 'leafline-demo.myshopify.com',
  accessToken: 'shpat_fake_leafline_demo_0123456789abcdef',
  name: 'Leafline Demo',
  currencyCode: 'USD',
};

const GRAPHQL_PATH =
  /^\/([a-z0-9-]+\.myshopify\.com)\/admin\/api\/([0-9]{4}-[0-9]{2}|unstable)\/graphql\.json$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** The root fields a query selects: the names at depth one of its first selection set. */
export function rootFields(query: string): string[] {
  const text = query.replace(/#[^\n]*/g, '');
  const open = text.indexOf('{');
  if (open < 0) return [];
  const fields: string[] = [];
  let depth = 0;
  let parens = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') parens++;
    else if (ch === ')') parens--;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && parens === 0 && /[A-Za-z_]/.test(ch)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*(\s*:\s*[A-Za-z_][A-Za-z0-9_]*)?/.exec(text.slice(i))!;
      const field = name[0].includes(':') ? name[0].split(':')[1]!.trim() : name[0];
      fields.push(field);
      i += name[0].length - 1;
    }
    if (depth === 0 && i > open) break;
  }
  return fields;
}

export async function startFakeShopify(
  stores: FakeShopifyStore[] = [DEMO_STORE],
): Promise<FakeShopify> {
  const calls: ShopifyCall[] = [];
  const storeMap = new Map(stores.map((s) => [s.domain, s]));
  const failures: Failure[] = [];
  const handlers = new Map<string, FieldHandler>();
  const hanging = new Set<ServerResponse>();
  const throttle = { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 };

  handlers.set('shop', ({ store }) => ({
    name: store.name,
    myshopifyDomain: store.domain,
    currencyCode: store.currencyCode,
  }));

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const match = GRAPHQL_PATH.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const token = req.headers['x-shopify-access-token'];
    const accessToken = typeof token === 'string' ? token : undefined;
    let parsed: { query?: unknown; variables?: unknown } = {};
    try {
      parsed = JSON.parse(body || '{}');
    } catch {
      // Left empty: answered as a bad request below.
    }
    const call: ShopifyCall = {
      store: match?.[1] ?? '',
      apiVersion: match?.[2] ?? '',
      accessToken,
      query: typeof parsed.query === 'string' ? parsed.query : '',
      variables: (parsed.variables as Record<string, unknown>) ?? {},
      status: 0,
    };
    calls.push(call);
    const answer = (status: number, json: unknown, headers = {}) => {
      call.status = status;
      send(res, status, json, headers);
    };

    const failure = failures.shift();
    if (failure?.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (failure) {
      const headers = failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {};
      return answer(
        failure.status,
        { errors: failure.status === 429 ? 'Exceeded 2 calls per second' : 'Internal error' },
        headers,
      );
    }
    if (req.method !== 'POST' || !match) return answer(404, { errors: 'Not Found' });
    const store = storeMap.get(match[1]!);
    if (!store) return answer(404, { errors: 'Not Found' });
    if (accessToken !== store.accessToken) {
      return answer(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    if (!call.query) return answer(400, { errors: { query: 'Required parameter missing' } });

    const data: Record<string, unknown> = {};
    const errors: Array<{ message: string; extensions?: Record<string, unknown> }> = [];
    for (const field of rootFields(call.query)) {
      const handler = handlers.get(field);
      if (!handler) {
        errors.push({
          message: `Field '${field}' doesn't exist on type 'QueryRoot'`,
          extensions: { code: 'undefinedField' },
        });
        continue;
      }
      try {
        data[field] = handler({ store, variables: call.variables, query: call.query });
      } catch (error) {
        if (!(error instanceof FakeGraphQLError)) throw error;
        errors.push({ message: error.message, extensions: { code: error.code } });
      }
    }
    const extensions = {
      cost: {
        requestedQueryCost: 1,
        actualQueryCost: 1,
        throttleStatus: { ...throttle },
      },
    };
    if (errors.length) return answer(200, { errors, extensions });
    return answer(200, { data, extensions });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stores: storeMap,
    addStore: (store) => storeMap.set(store.domain, store),
    handle: (field, handler) => handlers.set(field, handler),
    failNext: (count, failure) => {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    throttle,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
