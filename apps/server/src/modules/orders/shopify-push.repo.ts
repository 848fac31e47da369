import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';

/**
 * An order's Shopify columns (issue 13's order push): the push lease and the Shopify order id.
 * The orders module writes every column of `orders`; the shopify module's push calls these.
 */

/**
 * Takes the push lease of an order for `seconds`: 'claimed', 'held' (another attempt holds it),
 * or 'done' (the order has its Shopify id already).
 */
export async function claimPushLease(
  db: Db,
  orderId: number,
  seconds: number,
): Promise<'claimed' | 'held' | 'done'> {
  const claimed = await db
    .update(orders)
    .set({ shopifyPushLeaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.shopifyOrderId),
        or(isNull(orders.shopifyPushLeaseUntil), lt(orders.shopifyPushLeaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length) return 'claimed';
  const [row] = await db
    .select({ shopifyOrderId: orders.shopifyOrderId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.shopifyOrderId ? 'done' : 'held';
}

/** Keeps the lease `seconds` more from now (0: lets it go). */
export async function setPushLease(db: Db, orderId: number, seconds: number): Promise<void> {
  await db
    .update(orders)
    .set({
      shopifyPushLeaseUntil: seconds > 0 ? sql`now() + make_interval(secs => ${seconds})` : null,
    })
    .where(eq(orders.id, orderId));
}

/** Stores the Shopify order id once (and lets the lease go); false when it already had one. */
export async function saveShopifyOrderId(
  db: Db,
  orderId: number,
  shopifyOrderId: string,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ shopifyOrderId, shopifyPushLeaseUntil: null })
    .where(and(eq(orders.id, orderId), isNull(orders.shopifyOrderId)))
    .returning({ id: orders.id });
  return rows.length > 0;
}
