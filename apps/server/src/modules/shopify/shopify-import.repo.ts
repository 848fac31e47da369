import type { ShopifyImportMode, ShopifyImportStatus } from '@leafline/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopifyImportPicks, shopifyImportSettings } from '../../db/schema/index';

/**
 * Drizzle queries of a business's Shopify import choice (issue 29 point 8):
 * `shopify_import_settings` (all or picked, new products active or as drafts) and
 * `shopify_import_picks` (the picked Shopify product ids). Written only here, by the brand's
 * PUT (shopify-import.service.ts); read by the picker, the product sync and the webhooks.
 */

export interface ImportSettingsRow {
  mode: ShopifyImportMode;
  status: ShopifyImportStatus;
}

/** No row yet: every active product, created active — the sync as it was before the choice. */
export const DEFAULT_IMPORT_SETTINGS: ImportSettingsRow = { mode: 'all', status: 'active' };

/** Inserted a thousand at a time (two parameters a row, far below PostgreSQL's 65,535). */
const PICKS_PER_INSERT = 1000;

/** The business's mode and new-product status (the defaults without a row). */
export async function findImportSettings(db: Db, businessId: number): Promise<ImportSettingsRow> {
  const [row] = await db
    .select({ mode: shopifyImportSettings.mode, status: shopifyImportSettings.status })
    .from(shopifyImportSettings)
    .where(eq(shopifyImportSettings.businessId, businessId));
  return row ?? DEFAULT_IMPORT_SETTINGS;
}

/**
 * Every picked id of the business, in the store's own order (Shopify's `sortKey: ID`: the
 * numeric part, so `…/Product/9` before `…/Product/10`).
 */
export async function listPicks(db: Db, businessId: number): Promise<string[]> {
  const rows = await db
    .select({ id: shopifyImportPicks.shopifyProductId })
    .from(shopifyImportPicks)
    .where(eq(shopifyImportPicks.businessId, businessId))
    .orderBy(
      sql`length(${shopifyImportPicks.shopifyProductId})`,
      asc(shopifyImportPicks.shopifyProductId),
    );
  return rows.map((r) => r.id);
}

/** Which of these Shopify product ids the business picked. */
export async function picksAmong(
  db: Db,
  businessId: number,
  shopifyProductIds: readonly string[],
): Promise<Set<string>> {
  if (!shopifyProductIds.length) return new Set();
  const rows = await db
    .select({ id: shopifyImportPicks.shopifyProductId })
    .from(shopifyImportPicks)
    .where(
      and(
        eq(shopifyImportPicks.businessId, businessId),
        inArray(shopifyImportPicks.shopifyProductId, [...shopifyProductIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the business's choice in the caller's transaction: the settings row written (or
 * inserted), every pick deleted, then `productIds` (distinct) inserted.
 */
export async function replaceImportChoice(
  tx: Db,
  businessId: number,
  settings: ImportSettingsRow,
  productIds: readonly string[],
): Promise<void> {
  await tx
    .insert(shopifyImportSettings)
    .values({ businessId, ...settings })
    .onConflictDoUpdate({
      target: shopifyImportSettings.businessId,
      set: { ...settings, updatedAt: sql`now()` },
    });
  await tx.delete(shopifyImportPicks).where(eq(shopifyImportPicks.businessId, businessId));
  for (let i = 0; i < productIds.length; i += PICKS_PER_INSERT) {
    await tx
      .insert(shopifyImportPicks)
      .values(
        productIds
          .slice(i, i + PICKS_PER_INSERT)
          .map((shopifyProductId) => ({ businessId, shopifyProductId })),
      );
  }
}
