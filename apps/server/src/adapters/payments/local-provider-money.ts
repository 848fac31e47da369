import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localMoneyMovements, localPaymentSessions } from '../../db/schema/index';
import { randomId, sessionAmounts } from './local-provider-events';
import type { LocalPaymentProvider, LocalProviderState } from './local-provider-types';
import {
  PaymentRefusedError,
  type RefundInput,
  type TransferInput,
  type TransferReversalInput,
} from './payment-provider';

/**
 * The local provider's money movements (local-provider.ts): transfers named from their key and
 * never sent anywhere; refunds and transfer reversals recorded in `local_money_movements`.
 */

/** The movement recorded under this idempotency key, if any. */
async function movementByKey(executor: Db, idempotencyKey: string) {
  const [row] = await executor
    .select()
    .from(localMoneyMovements)
    .where(eq(localMoneyMovements.idempotencyKey, idempotencyKey));
  return row;
}

/** The transfer an idempotency key names. */
const transferId = (idempotencyKey: string) =>
  `tr_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

/** Records a refund of a completed session, within what is left of its total. */
async function recordRefund(db: Db, input: RefundInput, idempotencyKey: string) {
  return db.transaction(async (tx) => {
    // The session row locked: two refunds of one payment never both pass the check below.
    const [session] = await tx
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, input.sessionId.slice(0, 200)))
      .for('update');
    const again = await movementByKey(tx, idempotencyKey);
    if (again) return { id: again.id };
    if (!session) throw new PaymentRefusedError(`No such payment: '${input.sessionId}'`);
    if (session.status !== 'complete') {
      throw new PaymentRefusedError('This payment was not completed, so it cannot be refunded.');
    }
    const [refunded] = await tx
      .select({ cents: sql<number>`coalesce(sum(${localMoneyMovements.amountCents}), 0)::int` })
      .from(localMoneyMovements)
      .where(
        and(eq(localMoneyMovements.kind, 'refund'), eq(localMoneyMovements.source, session.id)),
      );
    const left = sessionAmounts(session).totalCents - (refunded?.cents ?? 0);
    if (input.amountCents > left) {
      throw new PaymentRefusedError(
        `Refund amount ($${(input.amountCents / 100).toFixed(2)}) is greater than unrefunded amount on the payment ($${(left / 100).toFixed(2)}).`,
      );
    }
    const id = randomId('re_local_');
    await tx.insert(localMoneyMovements).values({
      id,
      idempotencyKey,
      kind: 'refund',
      source: session.id,
      amountCents: input.amountCents,
      orderId: input.orderId,
    });
    return { id };
  });
}

export function localMoney({
  db,
}: LocalProviderState): Pick<
  LocalPaymentProvider,
  'createTransfer' | 'findTransfer' | 'refundPayment' | 'reverseTransfer'
> {
  return {
    async createTransfer(_input: TransferInput, idempotencyKey: string) {
      // Recorded, not sent: the same key always names the same transfer.
      return { id: transferId(idempotencyKey) };
    },

    async findTransfer(_input: { orderId: number; transferGroup: string }, idempotencyKey: string) {
      // Nothing is sent here: a transfer asked for under this key is the one its key names.
      return { id: transferId(idempotencyKey) };
    },

    async refundPayment(input: RefundInput, idempotencyKey: string) {
      const known = await movementByKey(db, idempotencyKey);
      if (known) return { id: known.id };
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new PaymentRefusedError('The refund amount must be a positive number of cents.');
      }
      return recordRefund(db, input, idempotencyKey);
    },

    async reverseTransfer(input: TransferReversalInput, idempotencyKey: string) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new PaymentRefusedError('The reversal amount must be a positive number of cents.');
      }
      if (!input.transferId || input.transferId.length > 255) {
        throw new PaymentRefusedError(`No such transfer: '${input.transferId}'`);
      }
      // One statement decides: a second call with the key finds the first record.
      await db
        .insert(localMoneyMovements)
        .values({
          id: randomId('trr_local_'),
          idempotencyKey,
          kind: 'reversal',
          source: input.transferId,
          amountCents: input.amountCents,
          orderId: input.orderId,
        })
        .onConflictDoNothing({ target: localMoneyMovements.idempotencyKey });
      const row = await movementByKey(db, idempotencyKey);
      return { id: row!.id };
    },
  };
}
