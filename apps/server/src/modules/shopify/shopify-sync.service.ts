import {
  SHOPIFY_MESSAGES,
  type ShopifyProductSyncResponse,
  type ShopifySyncRun,
  type ShopifySyncStatusResponse,
} from '@leafline/contract';
import type { Db } from '../../db/client';
import type { JobContext, JobRunner } from '../../jobs/job-runner';
import { AppError } from '../../lib/errors';
import { findShopifyConnection } from '../businesses';
import { ImageBatch } from '../media';
import { deleteProductInTransaction } from '../seller-products';
import { type ShopifyAdmin, ShopifyAdminError } from './shopify-admin';
import { shopifyAdminForBusiness } from './shopify-connection';
import { findImportSettings, listPicks } from './shopify-import.repo';
import { SHOPIFY_PRODUCT_SYNC_QUEUE } from './shopify-jobs';
import {
  type ImportDeps,
  importChoiceFor,
  isMarketplaceCurrency,
  PRODUCT_FIELDS,
  prepareImport,
  type ShopifyProductNode,
  withAllVariants,
} from './shopify-product-import';
import {
  addClearToQueuedRun,
  failIfStale,
  findActiveRun,
  findRun,
  finishRun,
  insertRun,
  latestRun,
  lockRun,
  markRunning,
  productsNotIn,
  type SyncRunRow,
  updateRun,
} from './shopify-sync.repo';

/**
 * The product sync (issue 13 Build 2; SPEC §2 Shopify section, §4, §7
 * `GET api/sync-from-shopify-opt/{businessId}/`): the request queues a run and answers at once;
 * the durable job runner imports the store's active products a page at a time
 * (SHOPIFY_PRODUCT_SYNC_QUEUE). Each page's products, the run's cursor and counts, and the next
 * page's job are written in one transaction: a restart resumes at the stored cursor.
 */

export interface SyncDeps extends ImportDeps {
  jobs: JobRunner;
}

/**
 * Products per page, and variants per product in a page. Shopify refuses a query whose
 * requested cost is over 1,000 points (an object costs 1, a connection 2 + first × (its node and
 * the node's object fields), a scalar 0). One product of LeaflineProduct with 35 variants:
 *   product 1 + options 1
 *   + variants 2 + 35 × (variant 1 + selectedOptions 1 + image 1 + inventoryItem 1) = 142
 *   + media 2 + 10 × (MediaImage 1 + image 1) = 22                                  → 166 points.
 * The first page: shop 1 + productsCount 1 + products 2 + 5 × 166 = 834; the next pages 832.
 * A product with more than 35 variants is read again on its own (withAllVariants: 427).
 */
export const SYNC_PAGE_SIZE = 5;
export const PAGE_VARIANTS = 35;
/** Only the products a shopper may see. */
const ACTIVE = 'status:active';
/** The first page's requested cost (above), what the client waits for in the bucket. */
const PAGE_COST = 834;
/** The longest one Shopify call of a page job waits out Shopify's rate limits. */
export const PAGE_MAX_WAIT_MS = 60_000;
/** An active run whose `updated_at` is older than this is dead (its job died for good). */
export const STALE_RUN_MINUTES = 15;
/** The cursor of a run whose pages are all imported (then only the clear option is left). */
export const PAGES_DONE = '#pages-done';

/** The product fields of a page: fewer variants a product than a product read alone. */
const PAGE_PRODUCT_FIELDS = PRODUCT_FIELDS.replace(
  'variants(first: 100)',
  `variants(first: ${PAGE_VARIANTS})`,
);

const PAGE_QUERY = `#graphql
  query LeaflineProductPage($first: Int!, $after: String) {
    products(first: $first, after: $after, query: "${ACTIVE}", sortKey: ID) {
      nodes {
        ...LeaflineProduct
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${PAGE_PRODUCT_FIELDS}
`;

const FIRST_PAGE_QUERY = `#graphql
  query LeaflineFirstProductPage($first: Int!) {
    shop {
      currencyCode
    }
    productsCount(query: "${ACTIVE}", limit: null) {
      count
    }
    products(first: $first, query: "${ACTIVE}", sortKey: ID) {
      nodes {
        ...LeaflineProduct
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${PAGE_PRODUCT_FIELDS}
`;

/** Requested cost: products 2 + 250 × 1 = 252. */
const IDS_QUERY = `#graphql
  query LeaflineProductIds($after: String) {
    products(first: 250, after: $after, query: "${ACTIVE}", sortKey: ID) {
      nodes {
        id
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

interface PageData {
  products: {
    nodes: ShopifyProductNode[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
  productsCount?: { count: number } | null;
  /** The first page only. */
  shop?: { currencyCode: string } | null;
}

export function toSyncRun(row: SyncRunRow): ShopifySyncRun {
  return {
    id: row.id,
    status: row.status,
    clear_with_shopify_sync: row.clear,
    done: row.done,
    total: row.total,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    removed: row.removed,
    skipped: row.skipped,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts a product sync: 409 without a connected store; the run already queued or running
 * (`created: false`), or a new queued run whose first job commits with it. The clear option
 * asked for while a plain run is still queued is added to it; while one is running, 409. A run
 * left active with no progress for STALE_RUN_MINUTES (its job died for good) is failed and a
 * new one started.
 */
export async function startProductSync(
  deps: SyncDeps,
  businessId: number,
  clear: boolean,
): Promise<{ created: boolean; body: ShopifyProductSyncResponse }> {
  if (!(await findShopifyConnection(deps.db, businessId))) {
    throw new AppError(409, SHOPIFY_MESSAGES.notConnected);
  }
  for (let attempt = 0; attempt < 4; attempt++) {
    const active = await findActiveRun(deps.db, businessId);
    if (active && (await failIfStale(deps.db, active.id, STALE_RUN_MINUTES))) {
      deps.log.warn(
        { businessId, runId: active.id, status: active.status },
        'Shopify product sync: a run with no progress for too long was failed',
      );
      continue;
    }
    if (active && clear && !active.clear) {
      const upgraded = await addClearToQueuedRun(deps.db, active.id);
      if (upgraded) return { created: false, body: { sync: toSyncRun(upgraded) } };
      throw new AppError(409, SHOPIFY_MESSAGES.syncRunningWithoutClear);
    }
    if (active) return { created: false, body: { sync: toSyncRun(active) } };
    const run = await deps.db.transaction(async (tx) => {
      const row = await insertRun(tx, businessId, clear);
      if (row) await deps.jobs.send(tx, SHOPIFY_PRODUCT_SYNC_QUEUE, { runId: row.id });
      return row;
    });
    if (run) {
      deps.jobs.wake(SHOPIFY_PRODUCT_SYNC_QUEUE);
      deps.log.info({ businessId, runId: run.id, clear }, 'Shopify product sync queued');
      return { created: true, body: { sync: toSyncRun(run) } };
    }
    // Another request queued one between the look and the insert: answer that one.
  }
  throw new AppError(409, SHOPIFY_MESSAGES.productSyncFailed);
}

export async function productSyncStatus(
  db: Db,
  businessId: number,
): Promise<ShopifySyncStatusResponse> {
  const row = await latestRun(db, businessId);
  return { sync: row ? toSyncRun(row) : null };
}

/** The Shopify product ids of every active product of the store (for the clear option). */
async function storeProductIds(admin: ShopifyAdmin): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const data: PageData = await admin.request<PageData>(IDS_QUERY, { after });
    ids.push(...data.products.nodes.map((n) => n.id));
    if (!data.products.pageInfo.hasNextPage || !data.products.pageInfo.endCursor) return ids;
    after = data.products.pageInfo.endCursor;
  }
}

/**
 * The store's active product ids the business keeps with the clear option: all of them, or in
 * "picked" mode only the picked ones (an un-picked product leaves the shop like one gone from
 * the store: the brand chose not to sell it here). The picks (SHOPIFY_MAX_PICKS at most) are
 * read whole and matched here: the store's ids may be far more than one query's parameters.
 */
async function productIdsToKeep(
  deps: SyncDeps,
  businessId: number,
  admin: ShopifyAdmin,
): Promise<string[]> {
  const storeIds = await storeProductIds(admin);
  const { mode } = await findImportSettings(deps.db, businessId);
  if (mode === 'all') return storeIds;
  const picked = new Set(await listPicks(deps.db, businessId));
  return storeIds.filter((id) => picked.has(id));
}

/**
 * The last step of a run whose pages are imported: with the clear option, the business's
 * products that are not in the store (or, in "picked" mode, not picked) leave the shop through
 * the seller's delete path; the run succeeds in the same transaction.
 */
async function finishPages(deps: SyncDeps, run: SyncRunRow, admin: ShopifyAdmin): Promise<void> {
  const keep = run.clear ? await productIdsToKeep(deps, run.businessId, admin) : [];
  const batch = new ImageBatch(deps.storage);
  const removed = await batch.commit(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockRun(tx, run.id);
      if (locked?.status !== 'running' || locked.cursor !== PAGES_DONE) return 0;
      let count = 0;
      if (locked.clear) {
        for (const id of await productsNotIn(tx, locked.businessId, keep)) {
          if (await deleteProductInTransaction(tx, batch, locked.businessId, id)) count++;
        }
        await updateRun(tx, run.id, { removed: locked.removed + count });
      }
      await finishRun(tx, run.id, 'succeeded');
      return count;
    }),
  );
  if (removed) deps.catalogCache.clear();
  deps.log.info({ runId: run.id, removed }, 'Shopify product sync finished');
}

/**
 * Imports the page after the run's cursor and sends the next page's job (or finishes). The
 * brand's choice (issue 29 point 8) is read once for the page: in "picked" mode only the page's
 * picked products are created or updated — the others are passed over, neither written nor
 * counted as skipped, though counted in `done` (the run went past them) — and the products it
 * creates get the choice's status (active, or drafts).
 */
async function importPage(deps: SyncDeps, run: SyncRunRow, admin: ShopifyAdmin): Promise<void> {
  const first = run.cursor === null;
  const data = await admin.request<PageData>(first ? FIRST_PAGE_QUERY : PAGE_QUERY, {
    first: SYNC_PAGE_SIZE,
    ...(first ? {} : { after: run.cursor }),
  });
  if (first && !isMarketplaceCurrency(data.shop?.currencyCode)) {
    const code = data.shop?.currencyCode ?? '?';
    deps.log.warn(
      { runId: run.id, currencyCode: code },
      'Shopify product sync: the store sells in another currency',
    );
    await finishRun(deps.db, run.id, 'failed', SHOPIFY_MESSAGES.currencyMismatch(code));
    return;
  }
  const active = data.products.nodes.filter((n) => n.status === 'ACTIVE');
  const choice = await importChoiceFor(
    deps.db,
    run.businessId,
    active.map((n) => n.id),
  );
  // Only the wanted products are read again for their other variants.
  const nodes = await withAllVariants(
    admin,
    active.filter((n) => choice.wanted(n.id)),
  );
  const prepared = await prepareImport(deps, run.businessId, nodes, choice.status);
  const { hasNextPage, endCursor } = data.products.pageInfo;
  const more = hasNextPage && !!endCursor;
  const { counts } = prepared;
  const recorded = await prepared.batch.commit(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockRun(tx, run.id);
      // Another attempt of this page got here first (a job given twice): nothing to do.
      if (locked?.status !== 'running' || locked.cursor !== run.cursor) return false;
      await prepared.write(tx);
      // The products Shopify gave that are not active are skipped; un-picked ones are not.
      const skippedHere = counts.skipped + (data.products.nodes.length - active.length);
      const done = locked.done + data.products.nodes.length;
      const total = first ? (data.productsCount?.count ?? null) : locked.total;
      await updateRun(tx, run.id, {
        // On the last page the count is exact (products may come and go while it runs).
        total: more ? total : done,
        done,
        created: locked.created + counts.created,
        updated: locked.updated + counts.updated,
        unchanged: locked.unchanged + counts.unchanged,
        skipped: locked.skipped + skippedHere,
        cursor: more ? endCursor : PAGES_DONE,
      });
      if (more) await deps.jobs.send(tx, SHOPIFY_PRODUCT_SYNC_QUEUE, { runId: run.id });
      return true;
    }),
  );
  if (!recorded) {
    // The pictures this attempt stored belong to nothing: the other attempt wrote the page.
    await prepared.batch.discard();
    return;
  }
  if (counts.created || counts.updated || counts.counted) deps.catalogCache.clear();
  if (more) {
    deps.jobs.wake(SHOPIFY_PRODUCT_SYNC_QUEUE);
    return;
  }
  const finished = await findRun(deps.db, run.id);
  if (finished) await finishPages(deps, finished, admin);
}

/**
 * The page job (SHOPIFY_PRODUCT_SYNC_QUEUE). A finished run is left alone; a refused token fails
 * the run at once; an unreachable Shopify is retried with backoff and fails the run on the last
 * try.
 */
export async function runProductSyncJob(
  deps: SyncDeps,
  runId: number,
  job: Pick<JobContext, 'retryCount'> & { signal?: AbortSignal },
): Promise<void> {
  const run = await findRun(deps.db, runId);
  if (!run || run.status === 'succeeded' || run.status === 'failed') return;
  await markRunning(deps.db, runId);
  const lastTry = job.retryCount >= SHOPIFY_PRODUCT_SYNC_QUEUE.retryLimit;
  try {
    const client = await shopifyAdminForBusiness(deps, run.businessId, {
      expectedCost: PAGE_COST,
      maxWaitMs: PAGE_MAX_WAIT_MS,
      ...(job.signal ? { signal: job.signal } : {}),
    });
    if (!client) {
      await finishRun(deps.db, runId, 'failed', SHOPIFY_MESSAGES.notConnected);
      return;
    }
    const current = { ...run, status: 'running' as const };
    if (run.cursor === PAGES_DONE) await finishPages(deps, current, client.admin);
    else await importPage(deps, current, client.admin);
  } catch (error) {
    // The instance is stopping: the page is given again later (no verdict on the run).
    if (job.signal?.aborted) throw error;
    if (error instanceof ShopifyAdminError && error.kind === 'refused') {
      deps.log.warn({ runId, status: error.status }, 'Shopify product sync: token refused');
      await finishRun(deps.db, runId, 'failed', SHOPIFY_MESSAGES.tokenRefused);
      return;
    }
    if (error instanceof ShopifyAdminError && error.kind === 'invalid') {
      // Shopify will never run this query (e.g. over its cost limit): a retry cannot help.
      deps.log.error(
        { runId, status: error.status, err: error.message },
        'Shopify product sync: Shopify refused the query',
      );
      await finishRun(deps.db, runId, 'failed', SHOPIFY_MESSAGES.productSyncFailed);
      return;
    }
    const unavailable = error instanceof ShopifyAdminError;
    deps.log.warn(
      {
        runId,
        retry: job.retryCount,
        status: unavailable ? error.status : undefined,
        err: unavailable ? error.message : String(error),
      },
      'Shopify product sync: page failed',
    );
    if (lastTry) {
      await finishRun(
        deps.db,
        runId,
        'failed',
        unavailable ? SHOPIFY_MESSAGES.unreachable : SHOPIFY_MESSAGES.productSyncFailed,
      );
      return;
    }
    throw error;
  }
}
