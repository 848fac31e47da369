import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema/index';

/**
 * Drizzle queries of the saved addresses (SPEC §3 user shipping address; issue "Account
 * basics"): several per user, at most one the default (a partial unique index).
 */

export type ShippingAddressRow = typeof addresses.$inferSelect;
export type ShippingAddressValues = Omit<
  typeof addresses.$inferInsert,
  'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'
>;

/** The user's default address: the one the checkout ships to. */
export async function findAddress(db: Db, userId: number): Promise<ShippingAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row;
}

/** The user's addresses: the default first, then the others, newest first. */
export async function listAddresses(db: Db, userId: number): Promise<ShippingAddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

/** One address of the user's; another user's id is the same as none. */
export async function findOwnAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<ShippingAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

/**
 * Holds the user's address book until the transaction ends, so that a count and the insert
 * after it (the cap), or two first addresses (the default), cannot interleave. A transaction
 * advisory lock: no row of another module's table is locked for it.
 */
export async function lockAddressBook(tx: Db, userId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('leafline.addresses'), ${userId}::int)`,
  );
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(
  db: Db,
  userId: number,
  isDefault: boolean,
  values: ShippingAddressValues,
): Promise<ShippingAddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, isDefault, ...values })
    .returning();
  return row!;
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  values: Partial<ShippingAddressValues>,
): Promise<ShippingAddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<ShippingAddressRow | undefined> {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/**
 * Makes `id` the user's one default: the old default is cleared first (the partial unique
 * index allows one at a time). Undefined when `id` is not the user's.
 */
export async function makeDefault(
  tx: Db,
  userId: number,
  id: number,
): Promise<ShippingAddressRow | undefined> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  const [row] = await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/** The address that becomes the default when the default goes: the newest one left. */
export async function newestAddress(
  db: Db,
  userId: number,
): Promise<ShippingAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row;
}
