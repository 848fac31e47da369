import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses } from '../../db/schema/index';

/** Drizzle queries of the account area (SPEC §2 account settings, §7). */

export async function ownsActiveBusiness(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.ownerId, userId), eq(businesses.isActive, true)))
    .limit(1);
  return rows.length > 0;
}
