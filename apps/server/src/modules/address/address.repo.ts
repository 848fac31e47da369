import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shippingAddresses } from '../../db/schema/index';

/** Drizzle queries of the one saved shipping address per user (SPEC §3). */

export type ShippingAddressRow = typeof shippingAddresses.$inferSelect;
export type ShippingAddressValues = Omit<
  typeof shippingAddresses.$inferInsert,
  'id' | 'userId' | 'updatedAt'
>;

export async function findAddress(db: Db, userId: number): Promise<ShippingAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId));
  return row;
}

/** The country shipping is priced for, when the user saved an address. */
export async function findAddressCountry(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ country: shippingAddresses.country })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId));
  return row?.country;
}

/** Creates or replaces the user's address in one statement (the user id is unique). */
export async function upsertAddress(
  db: Db,
  userId: number,
  values: ShippingAddressValues,
): Promise<ShippingAddressRow> {
  const fields = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(shippingAddresses)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: shippingAddresses.userId, set: fields })
    .returning();
  return row!;
}
