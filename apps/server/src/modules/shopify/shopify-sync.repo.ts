import { SHOPIFY_MESSAGES } from '@leafline/contract';
import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, shopifySyncRuns } from '../../db/schema/index';

/** Drizzle queries of the product sync runs (`shopify_sync_runs`; issue 13). */

export type SyncRunRow = typeof shopifySyncRuns.$inferSelect;

/** The business's product sync that is queued or running, if any. */
export async function findActiveRun(db: Db, businessId: number): Promise<SyncRunRow | undefined> {
  const [row] = await db
    .select()
    .from(shopifySyncRuns)
    .where(
      and(
        eq(shopifySyncRuns.businessId, businessId),
        eq(shopifySyncRuns.kind, 'products'),
        inArray(shopifySyncRuns.status, ['queued', 'running']),
      ),
    );
  return row;
}

/** A new queued run; undefined when another one is queued or running (the partial unique index). */
export async function insertRun(
  db: Db,
  businessId: number,
  clear: boolean,
): Promise<SyncRunRow | undefined> {
  const [row] = await db
    .insert(shopifySyncRuns)
    .values({ businessId, kind: 'products', clear })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function latestRun(db: Db, businessId: number): Promise<SyncRunRow | undefined> {
  const [row] = await db
    .select()
    .from(shopifySyncRuns)
    .where(and(eq(shopifySyncRuns.businessId, businessId), eq(shopifySyncRuns.kind, 'products')))
    .orderBy(desc(shopifySyncRuns.id))
    .limit(1);
  return row;
}

export async function findRun(db: Db, runId: number): Promise<SyncRunRow | undefined> {
  const [row] = await db.select().from(shopifySyncRuns).where(eq(shopifySyncRuns.id, runId));
  return row;
}

/** The run, locked for the rest of the transaction (one page is recorded at a time). */
export async function lockRun(db: Db, runId: number): Promise<SyncRunRow | undefined> {
  const [row] = await db
    .select()
    .from(shopifySyncRuns)
    .where(eq(shopifySyncRuns.id, runId))
    .for('update');
  return row;
}

/** A page job starts: the run is running, and alive now (`updated_at`; see failIfStale). */
export async function markRunning(db: Db, runId: number): Promise<void> {
  await db
    .update(shopifySyncRuns)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${shopifySyncRuns.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(shopifySyncRuns.id, runId), inArray(shopifySyncRuns.status, ['queued', 'running'])),
    );
}

/**
 * Fails a queued or running run that shows no sign of life for `minutes` (each page job
 * writes `updated_at` when it starts and when its page is recorded): its job died for good.
 * true when it was failed here.
 */
export async function failIfStale(db: Db, runId: number, minutes: number): Promise<boolean> {
  const rows = await db
    .update(shopifySyncRuns)
    .set({
      status: 'failed',
      error: SHOPIFY_MESSAGES.syncStalled,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(shopifySyncRuns.id, runId),
        inArray(shopifySyncRuns.status, ['queued', 'running']),
        sql`${shopifySyncRuns.updatedAt} < now() - make_interval(mins => ${minutes})`,
      ),
    )
    .returning({ id: shopifySyncRuns.id });
  return rows.length > 0;
}

/** The clear option added to a run that is still queued; undefined when it is not queued. */
export async function addClearToQueuedRun(db: Db, runId: number): Promise<SyncRunRow | undefined> {
  const [row] = await db
    .update(shopifySyncRuns)
    .set({ clear: true, updatedAt: sql`now()` })
    .where(and(eq(shopifySyncRuns.id, runId), eq(shopifySyncRuns.status, 'queued')))
    .returning();
  return row;
}

export async function updateRun(
  db: Db,
  runId: number,
  values: Partial<
    Pick<
      SyncRunRow,
      'total' | 'done' | 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped' | 'cursor'
    >
  >,
): Promise<void> {
  await db
    .update(shopifySyncRuns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shopifySyncRuns.id, runId));
}

export async function finishRun(
  db: Db,
  runId: number,
  status: 'succeeded' | 'failed',
  error: string | null = null,
): Promise<void> {
  await db
    .update(shopifySyncRuns)
    .set({ status, error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(eq(shopifySyncRuns.id, runId), inArray(shopifySyncRuns.status, ['queued', 'running'])),
    );
}

/** The business's products that are not among these Shopify product ids (or have none). */
export async function productsNotIn(
  db: Db,
  businessId: number,
  shopifyIds: readonly string[],
): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        shopifyIds.length
          ? or(
              isNull(products.shopifyProductId),
              notInArray(products.shopifyProductId, [...shopifyIds]),
            )
          : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
