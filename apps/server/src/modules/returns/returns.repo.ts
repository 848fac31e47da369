import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderReturnLines, orderReturns } from '../../db/schema/index';

/**
 * The returns' rows (decision 0055): a return of an order and its lines. This module is the only
 * writer of `order_returns` and `order_return_lines`; the orders, refunds and businesses it
 * reads are other modules'.
 */

export type ReturnRow = typeof orderReturns.$inferSelect;

/** A new requested return with its lines. */
export async function insertReturn(
  tx: Db,
  orderId: number,
  lines: readonly { orderItemId: number; quantity: number; reason: string }[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(orderReturns).values({ orderId }).returning();
  await tx.insert(orderReturnLines).values(lines.map((l) => ({ ...l, returnId: row!.id })));
  return row!;
}

/**
 * The order's return, its row locked (FOR UPDATE) for the rest of the transaction: the brand's
 * accept and decline of it are decided one after the other.
 */
export async function lockReturn(
  tx: Db,
  orderId: number,
  returnId: number,
): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.orderId, orderId)))
    .for('update');
  return row;
}

/** The return's lines, in the order the buyer named them. */
export function listReturnLines(db: Db, returnId: number) {
  return db
    .select({
      orderItemId: orderReturnLines.orderItemId,
      quantity: orderReturnLines.quantity,
      reason: orderReturnLines.reason,
    })
    .from(orderReturnLines)
    .where(eq(orderReturnLines.returnId, returnId))
    .orderBy(orderReturnLines.id);
}

/** The brand's answer: accepted or declined (with its reason), from requested only. */
export async function decideReturn(
  tx: Db,
  returnId: number,
  decision: { status: 'accepted' } | { status: 'declined'; reason: string },
): Promise<void> {
  await tx
    .update(orderReturns)
    .set({
      status: decision.status,
      declineReason: decision.status === 'declined' ? decision.reason : '',
      decidedAt: new Date(),
    })
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.status, 'requested')));
}

/** An acceptance whose refund could not be claimed (nothing moved): requested again. */
export async function reopenReturn(db: Db, returnId: number): Promise<void> {
  await db
    .update(orderReturns)
    .set({ status: 'requested', decidedAt: null })
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.status, 'accepted')));
}
