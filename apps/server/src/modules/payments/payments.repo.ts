import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { processedWebhookEvents } from '../../db/schema/index';

/** Drizzle queries of the payment webhook: the events already handled (DESIGN 2.7). */

/** True when the event was handled before (a replay is answered without asking anyone). */
export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, eventId));
  return row !== undefined;
}

/**
 * Records the event id in the transaction that handles it; false when it was handled before
 * (the caller then changes nothing): of two deliveries at once, one inserts, the other waits
 * for it and finds the id.
 */
export async function recordEvent(
  tx: Db,
  event: { id: string; type: string },
  provider: string,
): Promise<boolean> {
  const rows = await tx
    .insert(processedWebhookEvents)
    .values({ id: event.id, provider, type: event.type })
    .onConflictDoNothing({ target: processedWebhookEvents.id })
    .returning({ id: processedWebhookEvents.id });
  return rows.length > 0;
}
