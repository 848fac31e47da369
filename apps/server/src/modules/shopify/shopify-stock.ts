import { MAX_STOCK } from '@leafline/contract';
import type { Db } from '../../db/client';
import type { ImportedProduct } from '../seller-products';
import { setCounts, stockKey } from '../stock';
import type { ShopifyAdmin } from './shopify-admin';
import { type ShopifyDeps, shopifyAdminForBusiness } from './shopify-connection';
import { unitsOfShopifyVariants, unpushedSoldUnits } from './shopify-stock.repo';

/**
 * A brand's Shopify stock in its Leafline shop (issue 26, rule 6; docs/decisions/0042).
 *
 * The store is the count's master for the units imported from it: the product sync and a
 * product's refresh bring each variant's sellable quantity (`inventoryQuantity`, over the
 * store's locations) when the store tracks it, and an `inventory_levels/update` webhook brings
 * one variant's again (refreshShopifyInventory). A sale here lowers the store's count through
 * the pushed order (orderCreate's `DECREMENT_IGNORING_POLICY`), so that count already has
 * every pushed Leafline sale taken off; the units of an order sold here whose push has not run
 * yet (or was given up) are taken off what the store says, so that they are not sold twice.
 * What checkouts hold here stays held (the store knows nothing of them).
 *
 * A variant the store does not track, or sells past 0 (`CONTINUE`), is not counted here either
 * — unless the brand set its count here by hand since the store last did: then that count stays.
 */

/** One variant's count as the store says it. */
export interface ShopifyCount {
  shopifyVariantId: string;
  /** Null: the store does not limit it. */
  stock: number | null;
}

/** A variant's stock fields as the store answers them (PRODUCT_FIELDS selects them). */
export interface ShopifyVariantStock {
  /** Sellable units over the store's locations. */
  inventoryQuantity?: number | null;
  /** `DENY`: not sold past 0; `CONTINUE`: sold on when out of stock. */
  inventoryPolicy?: string | null;
  inventoryItem?: { id: string; tracked: boolean } | null;
}

/**
 * The count of a variant as the store answers it; undefined when the answer has no inventory
 * fields (nothing to say).
 */
export function shopifyCountOf(variant: ShopifyVariantStock): number | null | undefined {
  if (variant.inventoryItem === undefined) return undefined;
  if (!variant.inventoryItem?.tracked || variant.inventoryPolicy === 'CONTINUE') return null;
  const quantity = Math.trunc(Number(variant.inventoryQuantity ?? 0)) || 0;
  return Math.min(Math.max(quantity, 0), MAX_STOCK);
}

/** The counts of an imported product's units, from the product as the store answered it. */
export function countsOfImport(
  node: { variants: { nodes: ReadonlyArray<ShopifyVariantStock & { id: string }> } },
  item: ImportedProduct,
): ShopifyCount[] {
  const byId = new Map(node.variants.nodes.map((v) => [v.id, v]));
  const ids = item.shopifyVariantId
    ? [item.shopifyVariantId]
    : item.variants.map((v) => v.shopifyVariantId);
  const counts: ShopifyCount[] = [];
  for (const id of ids) {
    const variant = byId.get(id);
    const stock = variant ? shopifyCountOf(variant) : undefined;
    if (stock !== undefined) counts.push({ shopifyVariantId: id, stock });
  }
  return counts;
}

/**
 * Sets the counts of the business's units imported from these Shopify variants (in the
 * caller's transaction): the store's count less what was sold here and is not in the store's
 * orders yet. Answers how many counts changed.
 */
export async function applyShopifyCounts(
  tx: Db,
  businessId: number,
  counts: readonly ShopifyCount[],
): Promise<number> {
  if (!counts.length) return 0;
  const byVariant = new Map(counts.map((c) => [c.shopifyVariantId, c.stock]));
  const units = await unitsOfShopifyVariants(tx, businessId, [...byVariant.keys()]);
  const unpushed = new Map(
    (await unpushedSoldUnits(tx, businessId, units)).map((u) => [stockKey(u), u.quantity]),
  );
  const entries = [];
  for (const unit of units) {
    const stock = byVariant.get(unit.shopifyVariantId);
    if (stock === undefined) continue;
    if (stock === null) {
      if (unit.countedByShopify) entries.push({ ...unit, stock: null });
      continue;
    }
    entries.push({ ...unit, stock: Math.max(stock - (unpushed.get(stockKey(unit)) ?? 0), 0) });
  }
  return setCounts(tx, entries, 'shopify');
}

export const INVENTORY_ITEM_QUERY = `#graphql
  query LeaflineInventoryItem($id: ID!) {
    inventoryItem(id: $id) {
      id
      tracked
      variant {
        id
        inventoryQuantity
        inventoryPolicy
      }
    }
  }
`;

interface InventoryItemData {
  inventoryItem: {
    id: string;
    tracked: boolean;
    variant: {
      id: string;
      inventoryQuantity: number | null;
      inventoryPolicy: string | null;
    } | null;
  } | null;
}

/** `gid://shopify/InventoryItem/<n>` from a number, its text or the gid itself. */
export const inventoryItemGid = (id: string | number) =>
  String(id).startsWith('gid://') ? String(id) : `gid://shopify/InventoryItem/${id}`;

/**
 * The `inventory_levels/update` webhook's job (SHOPIFY_INVENTORY_REFRESH_QUEUE): the store is
 * asked for the item's variant and its count over every location (a webhook body speaks of one
 * location), and the unit it is here gets that count.
 */
export async function refreshShopifyInventory(
  deps: ShopifyDeps & { catalogCache: { clear(): void } },
  businessId: number,
  inventoryItemId: string,
  admin?: ShopifyAdmin,
  signal?: AbortSignal,
): Promise<'updated' | 'unchanged' | 'unknown' | 'not-connected'> {
  const client =
    admin ??
    (
      await shopifyAdminForBusiness(deps, businessId, {
        expectedCost: 3,
        maxWaitMs: 60_000,
        ...(signal ? { signal } : {}),
      })
    )?.admin;
  if (!client) return 'not-connected';
  const data = await client.request<InventoryItemData>(INVENTORY_ITEM_QUERY, {
    id: inventoryItemGid(inventoryItemId),
  });
  const item = data.inventoryItem;
  if (!item?.variant) return 'unknown';
  const stock = shopifyCountOf({ ...item.variant, inventoryItem: item });
  const changed = await deps.db.transaction((tx) =>
    applyShopifyCounts(tx, businessId, [{ shopifyVariantId: item.variant!.id, stock: stock! }]),
  );
  if (changed) deps.catalogCache.clear();
  return changed ? 'updated' : 'unchanged';
}
