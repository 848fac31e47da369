import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pgArray, rowsOf } from '../../db/raw-rows';

/**
 * The stock counts (docs/decisions/0042): one `stock_levels` row per counted unit (a product
 * without variants, variant_id null, or one variant) with `stock` and `reserved`, and the
 * `stock_movements` log. This module is the only writer of both tables.
 */

/** What one sellable unit is: a product without variants (variantId null) or a variant. */
export interface StockKey {
  productId: number;
  variantId: number | null;
}

export interface StockLine extends StockKey {
  quantity: number;
}

export interface Counts {
  /** The row's id (null: the unit is not counted). */
  id: number | null;
  /** Null: not counted. */
  stock: number | null;
  reserved: number;
}

export const stockKey = (k: StockKey) => `${k.productId}:${k.variantId ?? ''}`;

/** Lines of the same unit added up. */
export function mergeLines<L extends StockLine>(lines: readonly L[]): L[] {
  const byKey = new Map<string, L>();
  for (const line of lines) {
    const key = stockKey(line);
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

/** The units as a `(product_id, variant_id)` filter over `stock_levels s`. */
function unitsWhere(keys: readonly StockKey[]): SQL {
  const products = [...new Set(keys.map((k) => k.productId))];
  const units = JSON.stringify(keys.map((k) => [k.productId, k.variantId ?? 0]));
  return sql`s.product_id = any(${pgArray(products)}::int[])
    and (s.product_id, coalesce(s.variant_id, 0)) in (
      select (u->>0)::int, (u->>1)::int from json_array_elements(${units}::json) u)`;
}

/**
 * Locks the counts of these units, by the rows' ids: one global order, so that two
 * transactions locking overlapping units never wait on each other in a circle. Their products
 * are locked first (`for key share`, by id), as a seller's edit or delete locks the product
 * before its counts: a checkout that would then write order lines for a product never holds
 * its counts while waiting for the product. A unit without a row (not counted) is answered
 * with null counts.
 */
export async function lockCounts(tx: Db, keys: readonly StockKey[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  for (const key of keys) counts.set(stockKey(key), { id: null, stock: null, reserved: 0 });
  if (!keys.length) return counts;
  const productIds = [...new Set(keys.map((k) => k.productId))];
  await tx.execute(sql`select id from products where id = any(${pgArray(productIds)}::int[])
    order by id for key share`);
  const rows = await rowsOf<{
    id: number;
    product_id: number;
    variant_id: number | null;
    stock: number;
    reserved: number;
  }>(
    tx,
    sql`select s.id, s.product_id, s.variant_id, s.stock, s.reserved from stock_levels s
      where ${unitsWhere(keys)} order by s.id for update`,
  );
  for (const row of rows) {
    counts.set(stockKey({ productId: row.product_id, variantId: row.variant_id }), {
      id: row.id,
      stock: row.stock,
      reserved: row.reserved,
    });
  }
  return counts;
}

/** `set` applied to these rows, each with its quantity as `q.qty`. */
async function updateRows(
  tx: Db,
  rows: readonly { id: number; quantity: number }[],
  set: string,
): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`update stock_levels t set ${sql.raw(set)}
    from unnest(${pgArray(rows.map((r) => r.id))}::int[],
      ${pgArray(rows.map((r) => r.quantity))}::int[]) as q(id, qty)
    where t.id = q.id`);
}

/** Holds these quantities (rows locked by the caller). */
export const addReserved = (tx: Db, rows: readonly { id: number; quantity: number }[]) =>
  updateRows(tx, rows, 'reserved = t.reserved + q.qty');

/** Gives back what was held (never below 0: a count reset meanwhile holds nothing). */
export const removeReserved = (tx: Db, rows: readonly { id: number; quantity: number }[]) =>
  updateRows(tx, rows, 'reserved = greatest(t.reserved - q.qty, 0)');

/**
 * Takes these quantities out of stock; `held`: they were reserved, and stop being so. The
 * caller checked that each row's stock covers it (the check constraint would refuse).
 */
export const takeFromStock = (
  tx: Db,
  rows: readonly { id: number; quantity: number }[],
  held: boolean,
) =>
  updateRows(
    tx,
    rows,
    held
      ? 'stock = t.stock - q.qty, reserved = greatest(t.reserved - q.qty, 0)'
      : 'stock = t.stock - q.qty',
  );

/** Puts these quantities back in stock (a refund's restock). */
export const putBackInStock = (tx: Db, rows: readonly { id: number; quantity: number }[]) =>
  updateRows(tx, rows, 'stock = t.stock + q.qty');

/**
 * Sets a unit's count (null: stop counting it, the row goes). A count set while checkouts
 * hold some of it keeps their holds.
 */
export async function writeCount(tx: Db, key: StockKey, stock: number | null): Promise<void> {
  if (stock === null) {
    await tx.execute(sql`delete from stock_levels s where ${unitsWhere([key])}`);
    return;
  }
  await tx.execute(sql`insert into stock_levels (product_id, variant_id, stock)
    values (${key.productId}, ${key.variantId}, ${stock})
    on conflict on constraint stock_levels_unit_uq do update set stock = excluded.stock`);
}

export type MovementKind = 'sale' | 'restock' | 'set' | 'shopify';

export interface Movement extends StockKey {
  orderId: number | null;
  kind: MovementKind;
  /** The change of stock; null when the count stopped being tracked. */
  delta: number | null;
  stockAfter: number | null;
}

export async function recordMovements(tx: Db, movements: readonly Movement[]): Promise<void> {
  if (!movements.length) return;
  const rows = JSON.stringify(
    movements.map((m) => ({
      product_id: m.productId,
      variant_id: m.variantId,
      order_id: m.orderId,
      kind: m.kind,
      delta: m.delta,
      stock_after: m.stockAfter,
    })),
  );
  await tx.execute(sql`insert into stock_movements
      (product_id, variant_id, order_id, kind, delta, stock_after)
    select * from json_to_recordset(${rows}::json) as r(product_id int, variant_id int,
      order_id int, kind text, delta int, stock_after int)`);
}
