import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema/index';

/** Drizzle queries of the newsletter. */

/**
 * Stores an address once: the unique index on lower(email) makes a repeat (in any case) a
 * no-op, even when two requests race. True when this call stored it.
 */
export async function insertSubscription(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
