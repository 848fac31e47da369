import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, users } from '../../db/schema/index';

/** Drizzle queries of the account area (SPEC §2 account settings, §7). */

export async function ownsActiveBusiness(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.ownerId, userId), eq(businesses.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

export async function updateName(
  db: Db,
  userId: number,
  firstName: string,
  lastName: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ firstName, lastName, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ firstName: users.firstName, lastName: users.lastName });
  return row;
}

export async function updateEmail(
  db: Db,
  userId: number,
  email: string,
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}

/**
 * Closes every business the user owns (DESIGN 2 / decision 0004): hidden from the shop, no
 * owner, and the outside-store credentials dropped since nobody may use them any more.
 */
export async function closeOwnedBusinesses(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .update(businesses)
    .set({
      isActive: false,
      ownerId: null,
      shopifyAccessToken: null,
      shopifyOrderSync: false,
      updatedAt: sql`now()`,
    })
    .where(eq(businesses.ownerId, userId))
    .returning({ id: businesses.id });
  return rows.map((r) => r.id);
}

/** Deleting the row cascades to refresh tokens, cart and address; orders keep a null user. */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
