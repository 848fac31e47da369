import { FakeGraphQLError, type FakeShopify } from './fake-shopify-server';

/**
 * The stand-in store's orders (issue 13 Build 4): `orderCreate` and `orders(query:)` in the
 * documented Admin GraphQL shapes, added to a fake with `fakeShopifyOrders(shopify)`.
 *
 * - `orderCreate(order:, options:)` checks the input as Shopify's schema would (line items with
 *   a `variantId` or a `title`, a `priceSet.shopMoney`, a positive quantity) and records the
 *   order in its store's list; a `variantId` the store does not have (when the store's variants
 *   are known, `knownVariants`) is a `userErrors` answer, no order.
 * - With `options.inventoryBehaviour` `DECREMENT_IGNORING_POLICY` (or `DECREMENT_OBEYING_POLICY`),
 *   each line's tracked variant in the store's catalogue loses the line's quantity, as Shopify's
 *   order does (`BYPASS`: nothing changes).
 * - `createThenFail(n)`: the next n orders are created, then answered with an
 *   INTERNAL_SERVER_ERROR (the order exists; its answer is lost to the caller).
 * - `orders(first:, query:)` finds a store's orders by `tag:` (quoted or not), newest first.
 */

export interface FakeShopifyOrder {
  id: string;
  name: string;
  /** The `OrderCreateOrderInput` as received. */
  input: Record<string, unknown> & {
    lineItems: Array<Record<string, unknown>>;
    tags?: string[];
    sourceIdentifier?: string;
  };
  options: Record<string, unknown> | undefined;
}

export interface FakeShopifyOrders {
  /** The orders created, per store domain, oldest first. */
  byStore: Map<string, FakeShopifyOrder[]>;
  of(store: string): FakeShopifyOrder[];
  /** The variant ids each store has; a store not here takes any variant id. */
  knownVariants: Map<string, Set<string>>;
  createThenFail(count: number): void;
}

let nextOrder = 5001;

export function fakeShopifyOrders(shopify: FakeShopify): FakeShopifyOrders {
  const byStore = new Map<string, FakeShopifyOrder[]>();
  const knownVariants = new Map<string, Set<string>>();
  let failAfterCreate = 0;
  const of = (store: string) => {
    const list = byStore.get(store) ?? [];
    byStore.set(store, list);
    return list;
  };

  shopify.handle('orderCreate', ({ store, variables }) => {
    const input = variables.order as FakeShopifyOrder['input'] | undefined;
    if (!input || !Array.isArray(input.lineItems)) {
      throw new FakeGraphQLError(
        'Variable $order of type OrderCreateOrderInput! was provided invalid value for lineItems (Expected value to not be null)',
        'INVALID_VARIABLE',
      );
    }
    const userErrors: Array<{ field: string[]; message: string; code: string }> = [];
    const known = knownVariants.get(store.domain);
    input.lineItems.forEach((line, i) => {
      const field = ['order', 'lineItems', String(i)];
      const amount = (line.priceSet as { shopMoney?: { amount?: unknown } } | undefined)?.shopMoney
        ?.amount;
      if (!line.variantId && !line.title) {
        userErrors.push({
          field: [...field, 'title'],
          message: 'Title is required for a custom line item',
          code: 'INVALID',
        });
      }
      if (typeof line.quantity !== 'number' || line.quantity < 1) {
        userErrors.push({
          field: [...field, 'quantity'],
          message: 'Quantity must be at least 1',
          code: 'INVALID',
        });
      }
      if (amount !== undefined && Number.isNaN(Number(amount))) {
        userErrors.push({
          field: [...field, 'priceSet'],
          message: 'Price is invalid',
          code: 'INVALID',
        });
      }
      if (line.variantId && known && !known.has(String(line.variantId))) {
        userErrors.push({
          field: [...field, 'variantId'],
          message: 'Product variant does not exist',
          code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
        });
      }
    });
    if (userErrors.length) return { order: null, userErrors };
    const number = nextOrder++;
    const order: FakeShopifyOrder = {
      id: `gid://shopify/Order/${number}`,
      name: `#${number}`,
      input,
      options: variables.options as Record<string, unknown> | undefined,
    };
    of(store.domain).push(order);
    const behaviour = String(order.options?.inventoryBehaviour ?? 'BYPASS');
    if (behaviour.startsWith('DECREMENT')) {
      const catalog = shopify.catalogs.get(store.domain) ?? [];
      for (const line of input.lineItems) {
        for (const product of catalog) {
          const variant = product.variants.find((v) => v.id === line.variantId);
          if (variant?.tracked) {
            variant.inventoryQuantity = (variant.inventoryQuantity ?? 0) - Number(line.quantity);
          }
        }
      }
    }
    // Also where `GET /_fake/orders` reads (the browser tests ask the stand-in over HTTP).
    shopify.orders.push({
      store: store.domain,
      id: order.id,
      name: order.name,
      input: order.input,
    });
    if (failAfterCreate > 0) {
      failAfterCreate--;
      throw new FakeGraphQLError(
        'Internal error. Looks like something went wrong on our end.',
        'INTERNAL_SERVER_ERROR',
      );
    }
    return { order: { id: order.id, name: order.name }, userErrors: [] };
  });

  shopify.handle('orders', ({ store, variables, query }) => {
    const search = String(variables.query ?? /query:\s*"([^"]*)"/.exec(query)?.[1] ?? '');
    const tag = /tag:\s*(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(search);
    const wanted = tag ? (tag[1] ?? tag[2] ?? tag[3]) : undefined;
    const nodes = of(store.domain)
      .filter((o) => wanted === undefined || (o.input.tags ?? []).includes(wanted))
      .reverse()
      .map((o) => ({ id: o.id, name: o.name, sourceIdentifier: o.input.sourceIdentifier ?? null }));
    return { nodes, pageInfo: { hasNextPage: false, endCursor: null } };
  });

  return {
    byStore,
    of,
    knownVariants,
    createThenFail: (count) => {
      failAfterCreate += count;
    },
  };
}
