import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, users } from '../../db/schema/index';

/**
 * Drizzle queries of the checkout rows (DESIGN 2.5, 2.7): one per hosted payment. Orders are
 * written by orders.repo, cart lines by cart.repo; the steps (checkout.steps.ts) combine them.
 */

export type CheckoutRow = typeof checkouts.$inferSelect;

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

/** The user's checkout of that id, if it is still open. */
export async function findOpenCheckoutOfUser(
  db: Db,
  userId: number,
  checkoutId: number,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(
      and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId), eq(checkouts.status, 'open')),
    );
  return row;
}

export async function lockCheckout(db: Db, checkoutId: number): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  return row;
}

/** Whose checkout it is (null once the buyer deleted their account). */
export async function findCheckoutOwner(db: Db, checkoutId: number) {
  const [row] = await db
    .select({ userId: checkouts.userId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row;
}

export async function insertCheckout(
  db: Db,
  values: typeof checkouts.$inferInsert,
): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

/** An open checkout ends without payment; false when it was not open (nothing changes then). */
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
  return ended.length > 0;
}

/** The checkout paid, with the discount the provider reports. */
export async function markCheckoutPaid(
  tx: Db,
  checkoutId: number,
  values: { discountCents: number; discountCode: string | null; totalCents: number },
): Promise<void> {
  await tx
    .update(checkouts)
    .set({ status: 'paid', ...values, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId));
}

/**
 * Records the provider's session (and its hosted page, the buyer's way back to it from My
 * Orders) on a checkout that is still open; false otherwise.
 */
export async function attachSession(
  db: Db,
  checkoutId: number,
  session: { id: string; url: string },
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(checkouts)
    .set({
      providerSessionId: session.id,
      paymentUrl: session.url,
      expiresAt,
      updatedAt: new Date(),
    })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')))
    .returning({ id: checkouts.id });
  return rows.length > 0;
}

/**
 * Open checkouts that never got a provider session (the process stopped between the two
 * steps) and are older than `seconds`: nobody can pay them.
 */
export async function listStrandedCheckouts(db: Db, seconds: number): Promise<number[]> {
  const rows = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, 'open'),
        sql`${checkouts.providerSessionId} is null`,
        sql`${checkouts.createdAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}

export async function findCheckout(db: Db, checkoutId: number): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row;
}
