import {
  centsToPrice,
  SHOPIFY_IMPORT_MESSAGES,
  SHOPIFY_MESSAGES,
  SHOPIFY_STORE_PAGE_SIZE,
  type ShopifyImportSettings,
  type ShopifyStoreProduct,
  type ShopifyStoreProductsResponse,
  type shopifyImportSettingsBody,
  shopifyProductGid,
} from '@leafline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { findShopifyConnection } from '../businesses';
import { importedProductsOf } from '../seller-products';
import { ShopifyAdminError } from './shopify-admin';
import { type ShopifyDeps, shopifyAdminForBusiness } from './shopify-connection';
import {
  findImportSettings,
  listPicks,
  picksAmong,
  replaceImportChoice,
} from './shopify-import.repo';
import { priceToCents } from './shopify-product-import';

/**
 * Shopify: choose what to import (issue 29 point 8). The brand reads its store's active
 * products a page at a time (`GET api/business/shopify-products/{businessId}/`), each marked
 * picked or already on Leafline, and saves its choice (`GET|PUT
 * api/business/shopify-import/{businessId}/`): every active product or only the picked ones,
 * new products active or as drafts. The product sync (shopify-sync.service.ts) and the store's
 * product webhooks (refreshShopifyProduct) then create and update only those.
 */

/**
 * Requested cost (Shopify: object 1, connection 2 + first × its node, scalar 0): products 2 +
 * 50 × (product 1 + variants 2 + 1 × variant 1) = 202, productsCount 1 on the first page.
 */
const STORE_PAGE_COST = 203;
/** The longest the picker waits out Shopify's rate limits: a person waits for the answer. */
const STORE_PAGE_MAX_WAIT_MS = 10_000;

const STORE_PRODUCT_FIELDS = `
      nodes {
        id
        title
        variants(first: 1) {
          nodes {
            price
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }`;

/** A later page: the products after the cursor. */
const STORE_PAGE_QUERY = `#graphql
  query LeaflineStoreProducts($first: Int!, $after: String) {
    products(first: $first, after: $after, query: "status:active", sortKey: ID) {${STORE_PRODUCT_FIELDS}
    }
  }
`;

/** The first page, with the count of the store's active products. */
const FIRST_STORE_PAGE_QUERY = `#graphql
  query LeaflineFirstStoreProducts($first: Int!) {
    productsCount(query: "status:active", limit: null) {
      count
    }
    products(first: $first, query: "status:active", sortKey: ID) {${STORE_PRODUCT_FIELDS}
    }
  }
`;

interface StorePageData {
  products: {
    nodes: Array<{
      id: string;
      title: string | null;
      variants: { nodes: Array<{ price: string | null }> } | null;
    }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  } | null;
  productsCount?: { count: number } | null;
}

/**
 * A Shopify decimal price ("12.5", "12.00") as the contract writes prices ("12.50"), read as
 * the import reads it (`priceToCents`); null when the import could not sell at it (the picker
 * then shows no price).
 */
export function storePrice(price: string | null | undefined): string | null {
  const cents = priceToCents(price);
  return cents === null ? null : centsToPrice(cents);
}

/**
 * Whether Shopify refused the page's cursor: the picker's query is otherwise fixed, so a
 * GraphQL BAD_REQUEST (or an error about the cursor) on a page asked for with `after` is that
 * cursor — one from another store, an old one, or made up — not Shopify's trouble.
 */
const cursorRefused = (error: ShopifyAdminError) =>
  error.kind === 'unavailable' &&
  (error.codes.includes('BAD_REQUEST') || /\bcursor\b/i.test(error.message));

/**
 * What a failed read of the store says to the brand, as the other Shopify routes do: a refused
 * token is theirs to fix (400, reconnect); Shopify away or rate limiting is a 502 to try again.
 */
function storeReadFailure(error: ShopifyAdminError, after: string | undefined): AppError {
  if (after !== undefined && cursorRefused(error))
    return badRequest(SHOPIFY_IMPORT_MESSAGES.cursor);
  if (error.kind === 'refused') return badRequest(SHOPIFY_MESSAGES.tokenRefused);
  if (error.kind === 'invalid') return new AppError(502, SHOPIFY_MESSAGES.somethingWentWrong);
  return new AppError(502, SHOPIFY_MESSAGES.unreachable);
}

/**
 * One page of the store's active products for the picker: one Admin GraphQL call through the
 * business's client (409 without a connected store), each product marked picked (in the
 * business's picks) and imported (a Leafline product of the business has its Shopify id).
 * `after`: the cursor of the page before (`next` of its answer); empty or absent, the first
 * page, which also carries the store's count of active products.
 */
export async function storeProductsPage(
  deps: ShopifyDeps,
  businessId: number,
  afterCursor: string | undefined,
): Promise<ShopifyStoreProductsResponse> {
  const after = afterCursor || undefined;
  const connection = await shopifyAdminForBusiness(deps, businessId, {
    expectedCost: STORE_PAGE_COST,
    maxWaitMs: STORE_PAGE_MAX_WAIT_MS,
  });
  if (!connection) throw conflict(SHOPIFY_MESSAGES.notConnected);
  let data: StorePageData;
  try {
    data = await connection.admin.request<StorePageData>(
      after === undefined ? FIRST_STORE_PAGE_QUERY : STORE_PAGE_QUERY,
      after === undefined
        ? { first: SHOPIFY_STORE_PAGE_SIZE }
        : { first: SHOPIFY_STORE_PAGE_SIZE, after },
    );
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    deps.log.warn(
      {
        businessId,
        store: connection.storeUrl,
        status: error.status,
        kind: error.kind,
        codes: error.codes,
        paged: after !== undefined,
      },
      "Shopify import choice: the store's products could not be read",
    );
    throw storeReadFailure(error, after);
  }
  if (!data.products) {
    // Shopify answered the count but not the list (a partial answer): as if it had refused it.
    throw storeReadFailure(new ShopifyAdminError('unavailable', 'No products answered'), after);
  }
  // Only ids the contract (and the PUT) takes: anything else could never be picked.
  const nodes = data.products.nodes.filter((n) => shopifyProductGid.safeParse(n.id).success);
  const ids = nodes.map((n) => n.id);
  const [picked, imported] = await Promise.all([
    picksAmong(deps.db, businessId, ids),
    importedProductsOf(deps.db, businessId, ids),
  ]);
  const products: ShopifyStoreProduct[] = nodes.map((n) => ({
    id: n.id,
    title: n.title ?? '',
    price: storePrice(n.variants?.nodes[0]?.price),
    picked: picked.has(n.id),
    imported: imported.has(n.id),
  }));
  const { hasNextPage, endCursor } = data.products.pageInfo;
  return {
    products,
    next: hasNextPage && endCursor ? endCursor : null,
    total: after === undefined ? (data.productsCount?.count ?? null) : null,
  };
}

/** The business's choice as the contract answers it: picked ids only in "picked" mode. */
export async function importSettingsOf(db: Db, businessId: number): Promise<ShopifyImportSettings> {
  const { mode, status } = await findImportSettings(db, businessId);
  return { mode, status, product_ids: mode === 'picked' ? await listPicks(db, businessId) : [] };
}

/**
 * Saves the brand's choice (409 without a connected store: there is nothing to pick from). The
 * settings row, the old picks' removal and the new picks (each id once) are one transaction,
 * so the sync's pages and the webhooks read the old choice or the new one, never half of it;
 * two saves at once wait for each other on the settings row. "all" keeps no picks. A sync
 * under way reads the new choice from its next page on. Answers the choice as saved.
 */
export async function saveImportSettings(
  deps: ShopifyDeps,
  businessId: number,
  body: z.output<typeof shopifyImportSettingsBody>,
): Promise<ShopifyImportSettings> {
  if (!(await findShopifyConnection(deps.db, businessId))) {
    throw conflict(SHOPIFY_MESSAGES.notConnected);
  }
  const productIds = body.mode === 'picked' ? [...new Set(body.product_ids)] : [];
  const saved = await deps.db.transaction(async (tx) => {
    await replaceImportChoice(tx, businessId, { mode: body.mode, status: body.status }, productIds);
    return importSettingsOf(tx, businessId);
  });
  deps.log.info(
    { businessId, mode: saved.mode, status: saved.status, picked: saved.product_ids.length },
    'Shopify import choice saved',
  );
  return saved;
}
