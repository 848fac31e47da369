import { STOCK_MESSAGES, type StockShortLine } from '@leafline/contract';
import type { Db } from '../../db/client';
import { defineQueue, type JobRunner } from '../../jobs/job-runner';
import { AppError } from '../../lib/errors';
import type { CartLineRow } from '../cart';
import { listCheckoutStockLines, moveStockState, type OrderStockLineRow } from '../orders';
import { type Counts, lockLines, releaseHeld, type ShortLine, sellLines, stockKey } from '../stock';

/**
 * The checkout's part of stock (issue 26, docs/decisions/0042): the 409 of a cart beyond what
 * is left, the payment's sale of each brand order's lines, and the durable end of a checkout's
 * hold (`checkout.expire`).
 */

/** Checkout's 409: the cart lines beyond what is left, with what is left of each. */
export function checkoutStockShort(
  cartLines: readonly CartLineRow[],
  short: readonly ShortLine[],
): AppError {
  const left = new Map(short.map((s) => [stockKey(s), s.available]));
  const lines: StockShortLine[] = cartLines
    .filter((line) => left.has(stockKey(line)))
    .map((line) => ({
      item_id: line.id,
      product_id: line.productId,
      variant_id: line.variantId,
      product_name: line.productName,
      quantity: line.quantity,
      available_quantity: left.get(stockKey(line))!,
    }));
  return new AppError(409, STOCK_MESSAGES.checkoutShort, { lines });
}

/**
 * The end of a checkout's hold, on the durable runner: due a minute after its payment page
 * expires. If the checkout is still open then (its provider's event never came, or its process
 * stopped before the page opened), the job closes the page and ends it, releasing its stock.
 */
export const CHECKOUT_EXPIRE_QUEUE = defineQueue<{ checkoutId: number }>({
  name: 'checkout.expire',
  retryLimit: 20,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Seconds after the page's expiry when the job runs (the provider's own event comes first). */
const EXPIRY_GRACE_SECONDS = 60;

export async function scheduleCheckoutExpiry(
  jobs: Pick<JobRunner, 'send'>,
  tx: Db,
  checkoutId: number,
  expiresAt: Date,
): Promise<void> {
  const seconds = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  await jobs.send(
    tx,
    CHECKOUT_EXPIRE_QUEUE,
    { checkoutId },
    { startAfterSeconds: seconds + EXPIRY_GRACE_SECONDS },
  );
}

/** What a payment's sale did: the brand orders whose units were gone (to refund in full). */
export interface CheckoutSale {
  shortOrders: Set<number>;
}

/**
 * The payment's stock, in its transaction: each brand order's lines taken out of stock, or,
 * when one of its counted units is gone (a late payment after the hold was released, or a
 * count lowered by the seller), none of them — that order's holds are released, and it is
 * refunded by the caller. Every unit of the checkout is locked first, in the global order.
 */
export async function sellCheckoutStock(
  tx: Db,
  checkoutId: number,
  orderIds: readonly number[],
): Promise<CheckoutSale> {
  const lines = await listCheckoutStockLines(tx, checkoutId);
  const counts = await lockLines(tx, lines);
  const shortOrders = new Set<number>();
  for (const orderId of orderIds) {
    const own = lines.filter((l) => l.orderId === orderId);
    const short = await sellLines(tx, counts, orderId, own);
    if (short.length) {
      shortOrders.add(orderId);
      await releaseHolds(tx, own, counts);
      continue;
    }
    // Every counted line is sold; a line of a unit not counted (now) that was held or released
    // is `none` (a line `none` already stays: no statement for an order with nothing counted).
    const counted = own.filter((l) => isCounted(counts, l));
    const moved = own.filter((l) => !isCounted(counts, l) && l.state !== 'none');
    await moveStockState(tx, ids(counted), ['held', 'released', 'none'], 'sold');
    await moveStockState(tx, ids(moved), ['held', 'released'], 'none');
  }
  return { shortOrders };
}

/**
 * The holds of these lines given back and the lines marked released, in the caller's
 * transaction: a checkout ended unpaid, or a paid order whose stock was gone (`locked`: the
 * payment's counts, already locked).
 */
export async function releaseHolds(
  tx: Db,
  lines: readonly OrderStockLineRow[],
  locked?: Map<string, Counts>,
): Promise<void> {
  const held = lines.filter((l) => l.state === 'held');
  await releaseHeld(tx, held, locked);
  await moveStockState(tx, ids(held), ['held'], 'released');
}

const ids = (lines: readonly OrderStockLineRow[]) => lines.map((l) => l.id);

const isCounted = (counts: Map<string, { stock: number | null }>, line: OrderStockLineRow) =>
  (counts.get(stockKey(line))?.stock ?? null) !== null;
