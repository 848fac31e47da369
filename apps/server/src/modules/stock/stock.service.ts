import type { Db } from '../../db/client';
import {
  addReserved,
  type Counts,
  lockCounts,
  type Movement,
  type MovementKind,
  mergeLines,
  putBackInStock,
  recordMovements,
  removeReserved,
  type StockKey,
  type StockLine,
  stockKey,
  takeFromStock,
  writeCount,
} from './stock.repo';

/**
 * Stock (issue 26, docs/decisions/0042): what can be bought, and the moves of the money path
 * (hold at checkout, sell at payment, release when a checkout ends unpaid, put back on a
 * refund) and of the brand (its count set by hand or by its Shopify store). Every move runs in
 * the caller's transaction, after locking the units' rows in one global order (lockCounts),
 * and decides on the counts it locked.
 */

/** What can be bought of a unit: its count less what open checkouts hold; null: not counted. */
export function availableOf(counts: { stock: number | null; reserved: number }): number | null {
  return counts.stock === null ? null : Math.max(counts.stock - counts.reserved, 0);
}

/**
 * A product's count as the shop shows it: its own for a product without variants, else the
 * sum over its live variants when every one is counted (null when any is not). The same rule
 * as productStockSql.
 */
export function productAvailable(
  own: { stock: number | null; reserved: number },
  liveVariants: readonly { stock: number | null; reserved: number }[],
): number | null {
  if (!liveVariants.length) return availableOf(own);
  let sum = 0;
  for (const v of liveVariants) {
    const left = availableOf(v);
    if (left === null) return null;
    sum += left;
  }
  return sum;
}

/** A line beyond what is left: the asked quantity and what can be bought (0: sold out). */
export interface ShortLine extends StockLine {
  available: number;
}

const rowsOf = (counts: Map<string, Counts>, lines: readonly StockLine[]) =>
  mergeLines(lines).map((l) => ({ id: counts.get(stockKey(l))!.id!, quantity: l.quantity }));

/**
 * Checkout: holds every counted line's quantity, or nothing. Returns the lines beyond what is
 * left (then nothing is held) and, when it held, which units it held (the counted ones).
 */
export async function holdStock(
  tx: Db,
  lines: readonly StockLine[],
): Promise<{ short: ShortLine[]; held: Set<string> }> {
  const merged = mergeLines(lines);
  const counts = await lockCounts(tx, merged);
  const short: ShortLine[] = [];
  const held: StockLine[] = [];
  for (const line of merged) {
    const available = availableOf(counts.get(stockKey(line))!);
    if (available === null) continue;
    if (line.quantity > available) short.push({ ...line, available });
    else held.push(line);
  }
  if (short.length) return { short, held: new Set() };
  await addReserved(tx, rowsOf(counts, held));
  return { short, held: new Set(held.map(stockKey)) };
}

/** An order line as the stock moves see it: its unit, quantity and where its units are. */
export interface OrderStockLine extends StockLine {
  id: number;
  orderId: number;
  state: 'none' | 'held' | 'sold' | 'released' | 'restocked';
}

/** Locks the units of these lines (one global order): first, for every line a move touches. */
export const lockLines = (tx: Db, lines: readonly StockKey[]) => lockCounts(tx, lines);

/**
 * Gives back what these lines hold (their state `held`); the caller marks them released. A
 * unit no longer counted holds nothing. `locked`: the counts the caller locked already (a
 * payment's), kept up to date; without it the lines' units are locked here.
 */
export async function releaseHeld(
  tx: Db,
  lines: readonly OrderStockLine[],
  locked?: Map<string, Counts>,
): Promise<void> {
  const held = lines.filter((l) => l.state === 'held');
  if (!held.length) return;
  const counts = locked ?? (await lockCounts(tx, held));
  const counted = held.filter((l) => counts.get(stockKey(l))!.id !== null);
  await removeReserved(tx, rowsOf(counts, counted));
  for (const line of counted) {
    const c = counts.get(stockKey(line))!;
    counts.set(stockKey(line), { ...c, reserved: Math.max(c.reserved - line.quantity, 0) });
  }
}

/**
 * A payment takes one brand order's lines out of stock, or none of them: a `held` line needs
 * its count to cover it (a brand may have lowered it), a line not held (its checkout ended, or
 * it was not counted when bought and is now) needs what is left beside the other holds. The
 * counts must be locked already (lockLines over every line of the payment); they are updated
 * to what this leaves. Returns the lines it could not take (then nothing changed); otherwise
 * records the sale's movements.
 */
export async function sellLines(
  tx: Db,
  counts: Map<string, Counts>,
  orderId: number,
  lines: readonly OrderStockLine[],
): Promise<ShortLine[]> {
  const short: ShortLine[] = [];
  const heldTaken: StockLine[] = [];
  const freeTaken: StockLine[] = [];
  const after = new Map<string, Counts>();
  const countsNow = (line: StockKey) => after.get(stockKey(line)) ?? counts.get(stockKey(line))!;
  for (const line of lines) {
    const c = countsNow(line);
    if (c.stock === null) continue;
    const isHeld = line.state === 'held';
    const left = isHeld ? c.stock : c.stock - c.reserved;
    if (line.quantity > left) {
      short.push({ ...line, available: Math.max(left, 0) });
      continue;
    }
    (isHeld ? heldTaken : freeTaken).push(line);
    after.set(stockKey(line), {
      id: c.id,
      stock: c.stock - line.quantity,
      reserved: isHeld ? Math.max(c.reserved - line.quantity, 0) : c.reserved,
    });
  }
  if (short.length) return short;
  await takeFromStock(tx, rowsOf(counts, heldTaken), true);
  await takeFromStock(tx, rowsOf(counts, freeTaken), false);
  for (const [key, value] of after) counts.set(key, value);
  await recordMovements(
    tx,
    [...heldTaken, ...freeTaken].map(
      (line): Movement => ({
        productId: line.productId,
        variantId: line.variantId,
        orderId,
        kind: 'sale',
        delta: -line.quantity,
        stockAfter: after.get(stockKey(line))?.stock ?? null,
      }),
    ),
  );
  return [];
}

/**
 * A refund puts a sold order's lines back in stock (those still counted); returns the lines
 * put back. The caller marks them restocked.
 */
export async function restockLines<L extends OrderStockLine>(
  tx: Db,
  orderId: number,
  lines: readonly L[],
): Promise<L[]> {
  const sold = lines.filter((l) => l.state === 'sold');
  if (!sold.length) return [];
  const counts = await lockCounts(tx, sold);
  const back = sold.filter((l) => counts.get(stockKey(l))!.id !== null);
  if (!back.length) return [];
  await putBackInStock(tx, rowsOf(counts, back));
  const after = new Map<string, number>();
  for (const line of back) {
    const key = stockKey(line);
    after.set(key, (after.get(key) ?? counts.get(key)!.stock!) + line.quantity);
  }
  await recordMovements(
    tx,
    back.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      orderId,
      kind: 'restock',
      delta: line.quantity,
      stockAfter: after.get(stockKey(line)) ?? null,
    })),
  );
  return back;
}

/**
 * A brand sets a unit's count (by hand, `set`, or through its Shopify store, `shopify`); null
 * stops counting it. A change is a movement; the same count again changes nothing. Holds of
 * open checkouts stay.
 */
export async function setCount(
  tx: Db,
  unit: StockKey,
  stock: number | null,
  kind: Extract<MovementKind, 'set' | 'shopify'> = 'set',
): Promise<void> {
  await setCounts(tx, [{ ...unit, stock }], kind);
}

/**
 * setCount for many units at once (a Shopify page or webhook): the units locked together, the
 * ones whose count changes written, each change a movement. Answers how many changed. A unit
 * named twice takes its last count.
 */
export async function setCounts(
  tx: Db,
  entries: readonly (StockKey & { stock: number | null })[],
  kind: Extract<MovementKind, 'set' | 'shopify'> = 'set',
): Promise<number> {
  const byKey = new Map(entries.map((e) => [stockKey(e), e]));
  if (!byKey.size) return 0;
  const units = [...byKey.values()];
  const locked = await lockCounts(tx, units);
  const changed = units.filter((u) => locked.get(stockKey(u))!.stock !== u.stock);
  for (const unit of changed) await writeCount(tx, unit, unit.stock);
  await recordMovements(
    tx,
    changed.map((unit) => {
      const before = locked.get(stockKey(unit))!.stock;
      return {
        productId: unit.productId,
        variantId: unit.variantId,
        orderId: null,
        kind,
        delta: unit.stock === null ? null : unit.stock - (before ?? 0),
        stockAfter: unit.stock,
      };
    }),
  );
  return changed.length;
}
