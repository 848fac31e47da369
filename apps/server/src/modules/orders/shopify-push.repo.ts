import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';

/**
 * An order's Shopify column (issue 13's order push): the Shopify order id. The orders module
 * writes every column of `orders`; the shopify module's push calls this.
 */

/** Stores the Shopify order id once; false when the order already had one. */
export async function saveShopifyOrderId(
  db: Db,
  orderId: number,
  shopifyOrderId: string,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ shopifyOrderId })
    .where(and(eq(orders.id, orderId), isNull(orders.shopifyOrderId)))
    .returning({ id: orders.id });
  return rows.length > 0;
}
