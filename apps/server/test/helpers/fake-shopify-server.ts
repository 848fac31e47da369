import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { type FakeProduct, inventoryItemIdOf, numericId } from './fake-shopify-catalog';
import { QUERY_COST_LIMIT, queryCost } from './fake-shopify-cost';

/**
 * A small stand-in for the Shopify Admin GraphQL API (issue 13), reached through the real
 * `@shopify/admin-api-client` with SHOPIFY_ADMIN_ORIGIN set to `url`: requests arrive as
 * `POST /<store>.myshopify.com/admin/api/<version>/graphql.json` with the client's headers.
 *
 * - The store comes from the path prefix; an unknown store is a 404 (as Shopify's).
 * - `X-Shopify-Access-Token` must be the store's token, else 401 `[API] Invalid API key or
 *   access token (unrecognized login or wrong password)`; `currentAppInstallation` lists the
 *   token's access scopes (`setScopes`, FAKE_DEFAULT_SCOPES unless set).
 * - Operations are dispatched by their root field (`shop` here); later slices add theirs with
 *   `handle('products', …)`. An unknown field is a GraphQL error, as Shopify's schema would give;
 *   a handler throws FakeGraphQLError for others (ACCESS_DENIED…).
 * - `failNext(n, …)` answers the next n calls with a status (5xx, 429 with Retry-After) or
 *   makes them hang until the client gives up; `throttle` sets the `extensions.cost` block.
 * - A store's catalogue (`setCatalog`, fake-shopify-catalog.ts) is answered by `products`
 *   (cursor pagination, `query: "status:active"`), `product(id:)`, `productsCount` and
 *   `inventoryItem(id:)` (a variant's stock: tracked, its count, its policy); its
 *   pictures are served as real PNGs at `/cdn/shop/files/<n>.png` (`imageRequests` counts them).
 * - Every query's requested cost is calculated as Shopify does (fake-shopify-cost.ts: objects 1,
 *   a connection 2 + `first` × its node) and sent as `requestedQueryCost`; a query over 1,000
 *   points is refused with `MAX_COST_EXCEEDED` (status 200, no data), as by Shopify.
 * - With `simulateCosts`, each call is charged and the `throttle` bucket drains and refills at `restoreRate` a
 *   second: a call whose requested cost exceeds what is left is answered `THROTTLED`, as by
 *   Shopify's leaky bucket. Off by default (then `throttle` is sent as set).
 * - `GET /_fake/calls` and `GET /_fake/orders?store=` answer what was received, as JSON, for the
 *   browser tests and demos (`apps/server/scripts/fake-shopify.ts`).
 * - A store may take other apps' tokens too (`grantToken`: two brands' custom apps on one
 *   store); `revokeToken` (or `POST /_fake/uninstall?store=&token=`) does what uninstalling an
 *   app does to its token: every later call with it is a 401, as by Shopify.
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
  /** The root fields the call asked for. */
  fields: string[];
  /** Answered THROTTLED (simulated costs: the bucket held less than the query's cost). */
  throttled: boolean;
  /** The query's requested cost as Shopify calculates it (fake-shopify-cost.ts). */
  requestedCost: number;
}

export type FieldHandler = (ctx: {
  store: FakeShopifyStore;
  variables: Record<string, unknown>;
  query: string;
  /** The token the call came with (it works for the store). */
  accessToken: string;
}) => unknown;

/** The access scopes a token has unless `setScopes` says otherwise: all the app uses. */
export const FAKE_DEFAULT_SCOPES = [
  'read_products',
  'write_products',
  'read_orders',
  'write_orders',
  'read_shipping',
  'read_inventory',
];

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
  /** The handler of a root field now (to wrap it). */
  handlerOf(field: string): FieldHandler | undefined;
  /** The next `count` calls fail this way. */
  failNext(count: number, failure: Failure): void;
  /** Forgets the failures not yet used. */
  clearFailures(): void;
  /** Cuts the connections of the calls left hanging (the client sees a network error). */
  dropHanging(): void;
  /** The throttle status sent in `extensions.cost` (Shopify's leaky bucket). */
  throttle: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  /** Charge each call its query cost against `throttle` and refill it over time (see above). */
  simulateCosts: boolean;
  /** The products of a store (answered by products, product, productsCount). */
  catalogs: Map<string, FakeProduct[]>;
  setCatalog(domain: string, products: FakeProduct[]): void;
  /** Picture paths requested from /cdn/, oldest first. */
  imageRequests: string[];
  /** The access scopes `currentAppInstallation` lists for a token (FAKE_DEFAULT_SCOPES else). */
  setScopes(token: string, handles: string[]): void;
  /** Another app's token the store takes (a second custom app installed on it). */
  grantToken(domain: string, token: string): void;
  /** The app of this token was uninstalled: the token is refused from now on. */
  revokeToken(domain: string, token: string): void;
  /** Orders created through `orderCreate` (fake-shopify-orders.ts records them here), by store. */
  orders: Array<{ store: string; id: string; name: string; input: unknown }>;
  close(): Promise<void>;
}

export interface FakeShopifyOptions {
  /** Port to listen on (0: any free one). */
  port?: number;
  host?: string;
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

/** The numbers of `name(first: N` in a query (the largest), or `fallback`. */
function firstOf(query: string, name: string, fallback: number): number {
  const match = new RegExp(`\\b${name}\\s*\\(\\s*first\\s*:\\s*(\\d+)`).exec(query);
  return match ? Number(match[1]) : fallback;
}

/** The `query:` search of a root field, from the query text or `$query`. */
function searchOf(query: string, field: string, variables: Record<string, unknown>): string {
  const match = new RegExp(`\\b${field}\\s*\\(([^)]*)\\)`).exec(query);
  const args = match?.[1] ?? '';
  const literal = /\bquery\s*:\s*"([^"]*)"/.exec(args);
  if (literal) return literal[1]!;
  return typeof variables.query === 'string' && /\bquery\s*:\s*\$query/.test(args)
    ? variables.query
    : '';
}

function statusFilter(search: string): ((p: FakeProduct) => boolean) | undefined {
  const match = /\bstatus:(active|draft|archived)\b/i.exec(search);
  if (!match) return undefined;
  const status = match[1]!.toUpperCase();
  return (p) => p.status === status;
}

const encodeCursor = (product: FakeProduct) =>
  Buffer.from(JSON.stringify({ last_id: numericId(product.id) })).toString('base64url');
function decodeCursor(cursor: unknown): number | undefined {
  if (typeof cursor !== 'string' || !cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof parsed.last_id === 'number' ? parsed.last_id : undefined;
  } catch {
    return undefined;
  }
}

/** One product as the Admin API answers it (only what the import selects). */
function productNode(origin: string, product: FakeProduct, query: string) {
  const image = (id: string | null) => {
    const found = id ? product.images.find((i) => i.id === id) : undefined;
    if (!found) return null;
    const url = /^https?:\/\//.test(found.path) ? found.path : `${origin}${found.path}`;
    return { id: found.id, url, altText: found.altText };
  };
  return {
    id: product.id,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    productType: product.productType,
    tags: product.tags,
    status: product.status,
    options: product.options.map((o) => ({ name: o.name, position: o.position, values: o.values })),
    variants: {
      pageInfo: { hasNextPage: product.variants.length > firstOf(query, 'variants', 250) },
      nodes: product.variants.slice(0, firstOf(query, 'variants', 250)).map((v) => ({
        id: v.id,
        title: v.title,
        price: v.price,
        selectedOptions: v.selectedOptions,
        image: image(v.imageId),
        inventoryQuantity: v.inventoryQuantity ?? 0,
        inventoryPolicy: v.inventoryPolicy ?? 'DENY',
        inventoryItem: { id: inventoryItemIdOf(v), tracked: v.tracked ?? false },
      })),
    },
    media: {
      nodes: product.images.slice(0, firstOf(query, 'media', 250)).map((i) => ({
        id: i.id.replace('ProductImage', 'MediaImage'),
        image: image(i.id),
      })),
    },
    images: {
      nodes: product.images.slice(0, firstOf(query, 'images', 250)).map((i) => image(i.id)),
    },
  };
}

/** What the answer actually cost (Shopify refunds the difference). */
function actualCost(data: Record<string, unknown>): number {
  let cost = 0;
  const ofProduct = (p: unknown) => {
    const node = p as { variants?: { nodes: unknown[] }; media?: { nodes: unknown[] } } | null;
    if (!node) return 0;
    return 1 + (node.variants?.nodes.length ?? 0) + (node.media?.nodes.length ?? 0);
  };
  for (const [field, value] of Object.entries(data)) {
    if (field === 'products') {
      const nodes = (value as { nodes?: unknown[] }).nodes ?? [];
      cost += 2 + nodes.reduce<number>((sum, n) => sum + ofProduct(n), 0);
    } else if (field === 'product') cost += ofProduct(value);
    else cost += 1;
  }
  return cost;
}

const pngCache = new Map<string, Buffer>();
/** A small real PNG for a picture number (its colour from the number), made once. */
async function pictureBytes(n: number): Promise<Buffer> {
  const key = String(n);
  const cached = pngCache.get(key);
  if (cached) return cached;
  const png = await sharp({
    create: {
      width: 48,
      height: 48,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 },
    },
  })
    .png()
    .toBuffer();
  pngCache.set(key, png);
  return png;
}

export async function startFakeShopify(
  stores: FakeShopifyStore[] = [DEMO_STORE],
  options: FakeShopifyOptions = {},
): Promise<FakeShopify> {
  const calls: ShopifyCall[] = [];
  const storeMap = new Map(stores.map((s) => [s.domain, s]));
  const failures: Failure[] = [];
  const handlers = new Map<string, FieldHandler>();
  const hanging = new Set<ServerResponse>();
  const throttle = { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 };
  const catalogs = new Map<string, FakeProduct[]>();
  const imageRequests: string[] = [];
  const orders: FakeShopify['orders'] = [];
  /** Tokens by store: granted beyond the store's own, and revoked (uninstalled apps). */
  const granted = new Map<string, Set<string>>();
  const revoked = new Map<string, Set<string>>();
  const tokenWorks = (store: FakeShopifyStore, token: string | undefined) =>
    token !== undefined &&
    (token === store.accessToken || granted.get(store.domain)?.has(token) === true) &&
    revoked.get(store.domain)?.has(token) !== true;
  const revokeToken = (domain: string, token: string) => {
    let set = revoked.get(domain);
    if (!set) {
      set = new Set();
      revoked.set(domain, set);
    }
    set.add(token);
  };
  let origin = '';
  let refilledAt = Date.now();
  const fake = { simulateCosts: false };

  const catalogOf = (store: FakeShopifyStore) => catalogs.get(store.domain) ?? [];
  handlers.set('products', ({ store, variables, query }) => {
    const filter = statusFilter(searchOf(query, 'products', variables));
    const first = Math.min(250, Number(variables.first ?? firstOf(query, 'products', 50)) || 50);
    if (variables.after !== undefined && variables.after !== null) {
      if (decodeCursor(variables.after) === undefined) {
        throw new FakeGraphQLError('Invalid cursor for current pagination', 'BAD_REQUEST');
      }
    }
    const after = decodeCursor(variables.after) ?? -1;
    const list = catalogOf(store)
      .filter((p) => (!filter || filter(p)) && numericId(p.id) > after)
      .sort((a, b) => numericId(a.id) - numericId(b.id));
    const page = list.slice(0, first);
    return {
      nodes: page.map((p) => productNode(origin, p, query)),
      pageInfo: {
        hasNextPage: list.length > first,
        hasPreviousPage: after >= 0,
        startCursor: page[0] ? encodeCursor(page[0]) : null,
        endCursor: page.length ? encodeCursor(page.at(-1)!) : null,
      },
    };
  });
  handlers.set('product', ({ store, variables, query }) => {
    const product = catalogOf(store).find((p) => p.id === variables.id);
    return product ? productNode(origin, product, query) : null;
  });
  handlers.set('inventoryItem', ({ store, variables }) => {
    for (const product of catalogOf(store)) {
      const v = product.variants.find((x) => inventoryItemIdOf(x) === variables.id);
      if (v) {
        return {
          id: inventoryItemIdOf(v),
          tracked: v.tracked ?? false,
          variant: {
            id: v.id,
            inventoryQuantity: v.inventoryQuantity ?? 0,
            inventoryPolicy: v.inventoryPolicy ?? 'DENY',
          },
        };
      }
    }
    return null;
  });
  handlers.set('productsCount', ({ store, variables, query }) => {
    const filter = statusFilter(searchOf(query, 'productsCount', variables));
    return {
      count: catalogOf(store).filter((p) => !filter || filter(p)).length,
      precision: 'EXACT',
    };
  });
  const scopes = new Map<string, string[]>();
  handlers.set('currentAppInstallation', ({ accessToken }) => ({
    accessScopes: (scopes.get(accessToken) ?? FAKE_DEFAULT_SCOPES).map((handle) => ({ handle })),
  }));
  handlers.set('shop', ({ store }) => ({
    name: store.name,
    myshopifyDomain: store.domain,
    currencyCode: store.currencyCode,
  }));

  /** Shopify's `extensions.cost` of an answer (the bucket as it is now, in whole points). */
  const costExtensions = (requested: number, actual: number | null) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { ...throttle, currentlyAvailable: Math.floor(throttle.currentlyAvailable) },
    },
  });

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const picture = /^\/cdn\/shop\/files\/([0-9]{1,12})\.png$/.exec(pathname);
    if (req.method === 'GET' && picture) {
      imageRequests.push(pathname);
      const png = await pictureBytes(Number(picture[1]));
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
      return;
    }
    if (req.method === 'GET' && pathname === '/_fake/calls') {
      return send(
        res,
        200,
        calls.map(({ accessToken: _token, ...call }) => call),
      );
    }
    if (req.method === 'GET' && pathname === '/_fake/orders') {
      const store = new URL(req.url ?? '/', 'http://x').searchParams.get('store');
      return send(
        res,
        200,
        orders.filter((o) => !store || o.store === store),
      );
    }
    if (req.method === 'POST' && pathname === '/_fake/uninstall') {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      const store = storeMap.get(params.get('store') ?? '');
      if (!store) return send(res, 404, { errors: 'Not Found' });
      revokeToken(store.domain, params.get('token') || store.accessToken);
      return send(res, 200, { uninstalled: true });
    }
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
      fields: [],
      throttled: false,
      requestedCost: 0,
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
    if (!tokenWorks(store, accessToken)) {
      return answer(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    if (!call.query) return answer(400, { errors: { query: 'Required parameter missing' } });

    const data: Record<string, unknown> = {};
    const errors: Array<{ message: string; extensions?: Record<string, unknown> }> = [];
    call.fields = rootFields(call.query);
    const requested = queryCost(call.query, call.variables);
    call.requestedCost = requested;
    if (requested > QUERY_COST_LIMIT) {
      // Shopify refuses the whole query before running it.
      return answer(200, {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${QUERY_COST_LIMIT}).`,
            extensions: {
              code: 'MAX_COST_EXCEEDED',
              cost: requested,
              maxCost: QUERY_COST_LIMIT,
              documentation: 'https://shopify.dev/api/usage/rate-limits',
            },
          },
        ],
        extensions: costExtensions(requested, null),
      });
    }
    if (fake.simulateCosts) {
      // Shopify's leaky bucket: refilled at restoreRate a second; the requested cost must fit.
      const now = Date.now();
      throttle.currentlyAvailable = Math.min(
        throttle.maximumAvailable,
        throttle.currentlyAvailable + ((now - refilledAt) / 1000) * throttle.restoreRate,
      );
      refilledAt = now;
      if (requested > throttle.currentlyAvailable) {
        call.throttled = true;
        return answer(200, {
          errors: [
            {
              message: 'Throttled',
              extensions: {
                code: 'THROTTLED',
                documentation: 'https://shopify.dev/api/usage/rate-limits',
              },
            },
          ],
          extensions: costExtensions(requested, null),
        });
      }
    }
    for (const field of call.fields) {
      const handler = handlers.get(field);
      if (!handler) {
        errors.push({
          message: `Field '${field}' doesn't exist on type 'QueryRoot'`,
          extensions: { code: 'undefinedField' },
        });
        continue;
      }
      try {
        data[field] = handler({
          store,
          variables: call.variables,
          query: call.query,
          accessToken: accessToken ?? '',
        });
      } catch (error) {
        if (!(error instanceof FakeGraphQLError)) throw error;
        errors.push({ message: error.message, extensions: { code: error.code } });
      }
    }
    const actual = fake.simulateCosts ? Math.min(requested, actualCost(data)) : 1;
    if (fake.simulateCosts) throttle.currentlyAvailable -= actual;
    const extensions = costExtensions(requested, actual);
    if (errors.length) return answer(200, { errors, extensions });
    return answer(200, { data, extensions });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;

  return {
    url: origin,
    calls,
    stores: storeMap,
    addStore: (store) => storeMap.set(store.domain, store),
    handle: (field, handler) => handlers.set(field, handler),
    handlerOf: (field) => handlers.get(field),
    failNext: (count, failure) => {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    clearFailures: () => {
      failures.length = 0;
    },
    dropHanging: () => {
      for (const res of hanging) res.destroy();
    },
    throttle,
    get simulateCosts() {
      return fake.simulateCosts;
    },
    set simulateCosts(on: boolean) {
      fake.simulateCosts = on;
      refilledAt = Date.now();
    },
    catalogs,
    setCatalog: (domain, products) => catalogs.set(domain, products),
    imageRequests,
    setScopes: (token, handles) => scopes.set(token, handles),
    grantToken: (domain, token) => {
      let set = granted.get(domain);
      if (!set) {
        set = new Set();
        granted.set(domain, set);
      }
      set.add(token);
    },
    revokeToken,
    orders,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
