import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, rowsOf } from '../../db/raw-rows';
import { unfinishedJobsSql } from '../../jobs/job-runner';
import type { StockKey } from '../stock';
import { SHOPIFY_ORDER_PUSH_QUEUE } from './shopify-jobs';

/** The reads of the Shopify stock sync (shopify-stock.ts); the counts are written by stock. */

/** A unit of the business's shop imported from one Shopify variant. */
export interface ShopifyUnit extends StockKey {
  shopifyVariantId: string;
  /** Its count was last set by the store (not by the brand's hand): the store may stop it. */
  countedByShopify: boolean;
}

/**
 * The units of the business's products that these Shopify variants are: a live variant with
 * that Shopify id, or a product without variants whose one default variant it is.
 */
export async function unitsOfShopifyVariants(
  db: Db,
  businessId: number,
  shopifyVariantIds: readonly string[],
): Promise<ShopifyUnit[]> {
  if (!shopifyVariantIds.length) return [];
  const ids = sql`array(select json_array_elements_text(${JSON.stringify([...new Set(shopifyVariantIds)])}::json))`;
  const rows = await rowsOf<{
    product_id: number;
    variant_id: number | null;
    gid: string;
    by_shopify: boolean | null;
  }>(
    db,
    sql`select u.product_id, u.variant_id, u.gid,
        (select m.kind = 'shopify' from stock_movements m
          where m.product_id = u.product_id and m.variant_id is not distinct from u.variant_id
            and m.kind in ('set', 'shopify')
          order by m.id desc limit 1) as by_shopify
      from (
        select v.product_id, v.id as variant_id, v.shopify_variant_id as gid
          from variants v join products p on p.id = v.product_id
          where p.business_id = ${businessId} and not v.deleted
            and v.shopify_variant_id = any(${ids})
        union all
        select p.id, null, p.shopify_variant_id from products p
          where p.business_id = ${businessId} and p.shopify_variant_id = any(${ids})
            and not exists (select 1 from variants v where v.product_id = p.id and not v.deleted)
      ) u`,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    shopifyVariantId: r.gid,
    countedByShopify: r.by_shopify === true,
  }));
}

/**
 * Of these units, the quantities sold here whose order the store does not know of yet: lines
 * sold from the count (`stock_state` sold) of an order whose push to the store is still to run,
 * or was given up (its job waiting, retried, running or parked, the order not marked pushed).
 * The store's count does not have them taken off; a pushed order's lowered it (orderCreate).
 */
export async function unpushedSoldUnits(
  db: Db,
  businessId: number,
  units: readonly StockKey[],
): Promise<Array<StockKey & { quantity: number }>> {
  if (!units.length) return [];
  const products = pgArray([...new Set(units.map((u) => u.productId))]);
  const rows = await rowsOf<{ product_id: number; variant_id: number | null; quantity: number }>(
    db,
    sql`select i.product_id, i.variant_id, sum(i.quantity)::int as quantity
      from order_items i join orders o on o.id = i.order_id
      where o.business_id = ${businessId} and o.shopify_order_id is null
        and i.stock_state = 'sold' and i.product_id = any(${products}::int[])
        and o.id in (${unfinishedJobsSql(SHOPIFY_ORDER_PUSH_QUEUE, 'orderId')})
      group by i.product_id, i.variant_id`,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    quantity: r.quantity,
  }));
}
