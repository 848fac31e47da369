import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts, checkouts, orderItems, orders, users } from '../../db/schema/index';

/** Drizzle queries of checkout (DESIGN 2.5, 2.7): the checkout row and its brand orders. */

export type CheckoutRow = typeof checkouts.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
type NewOrderItem = typeof orderItems.$inferInsert;

/**
 * Locks the user's cart row for the rest of the transaction: checkouts of one cart and the
 * payment that empties it take turns (always the cart first, then the checkout).
 */
export async function lockCart(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, userId))
    .for('update');
  return row?.id;
}

export async function findBuyer(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The user's checkouts still waiting for payment, locked. */
export async function lockOpenCheckouts(db: Db, userId: number): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'open')))
    .for('update');
}

export async function lockCheckout(db: Db, checkoutId: number): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  return row;
}

/**
 * Ends an open checkout without payment: the checkout becomes `status` and its Pending orders
 * Canceled. False when it was not open (paid, or ended already): nothing changes then.
 */
export async function endOpenCheckout(
  db: Db,
  checkoutId: number,
  status: 'expired' | 'failed',
): Promise<boolean> {
  const ended = await db
    .update(checkouts)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id });
  if (!ended.length) return false;
  await db
    .update(orders)
    .set({ status: 'Canceled', updatedAt: new Date() })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Pending')));
  return true;
}

export async function insertCheckout(
  db: Db,
  values: typeof checkouts.$inferInsert,
): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

export async function insertOrder(
  db: Db,
  order: NewOrder,
  items: Omit<NewOrderItem, 'orderId'>[],
): Promise<number> {
  const [row] = await db.insert(orders).values(order).returning({ id: orders.id });
  if (items.length) {
    await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  }
  return row!.id;
}

/** Records the provider's session on a checkout that is still open; false otherwise. */
export async function attachSession(
  db: Db,
  checkoutId: number,
  sessionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(checkouts)
    .set({ providerSessionId: sessionId, expiresAt, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id });
  return rows.length > 0;
}

/**
 * Open checkouts that never got a provider session (the process stopped between the two
 * steps) and are older than `minutes`: nobody can pay them.
 */
export async function listStrandedCheckouts(db: Db, minutes: number): Promise<number[]> {
  const rows = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'open'),
        sql`${checkouts.providerSessionId} is null`,
        sql`${checkouts.createdAt} < now() - make_interval(mins => ${minutes})`,
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}
