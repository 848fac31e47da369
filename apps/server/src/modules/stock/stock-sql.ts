import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Reads of the stock counts as SQL, for the queries of other modules (docs/decisions/0042).
 * `stock_levels` has one row per counted unit; no row: not counted.
 */

/**
 * A product's count as the shop shows it, over the products row named `alias` ('p', or
 * '"products"' in a query of drizzle's builder): what can be bought of it when it has no live
 * variants, else the sum over its live variants when every one is counted; null when it (or
 * any variant) is not counted. The same rule as productAvailable.
 */
export const productStockSql = (alias: string): SQL<number | null> =>
  sql.raw(`(select case
      when count(v.id) = 0 then (select greatest(s.stock - s.reserved, 0) from stock_levels s
        where s.product_id = ${alias}.id and s.variant_id is null)
      when count(v.id) = count(s.id) then sum(greatest(s.stock - s.reserved, 0))::int
    end from variants v
    left join stock_levels s on s.product_id = v.product_id and s.variant_id = v.id
    where v.product_id = ${alias}.id and not v.deleted)`) as SQL<number | null>;

/** A unit's `stock` or `reserved` (null when not counted). */
export const unitCountSql = (
  column: 'stock' | 'reserved',
  productId: SQL | AnyPgColumn,
  variantId: SQL | AnyPgColumn,
): SQL<number | null> =>
  sql<number | null>`(select s.${sql.raw(column)} from stock_levels s
    where s.product_id = ${productId} and s.variant_id is not distinct from ${variantId})`;

/**
 * What one buyer can still have of a unit (a product without variants, or a variant): its
 * count less what open checkouts hold, except the buyer's own open checkouts (checking out
 * again ends them first, so their holds are the buyer's to take again); null when not counted.
 */
export const unitAvailableForBuyerSql = (unit: {
  productId: SQL | AnyPgColumn;
  variantId: SQL | AnyPgColumn;
  userId: SQL;
}): SQL<number | null> => sql<number | null>`(select greatest(s.stock - s.reserved
      + coalesce((select sum(oi.quantity)::int
        from order_items oi join orders o on o.id = oi.order_id
        join checkouts c on c.id = o.checkout_id
        where c.user_id = ${unit.userId} and c.status = 'open' and oi.stock_state = 'held'
          and oi.product_id = s.product_id
          and oi.variant_id is not distinct from s.variant_id), 0), 0)
    from stock_levels s
    where s.product_id = ${unit.productId} and s.variant_id is not distinct from ${unit.variantId})`;
