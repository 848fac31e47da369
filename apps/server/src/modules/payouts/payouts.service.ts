import { COMMISSION_RATE } from '@leafline/contract';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import { businesses, orders, payouts } from '../../db/schema/index';

/**
 * Payouts to the brands (SPEC §1: 3 % commission, paid at the time of purchase; DESIGN 2.7).
 * A row per paid order is written in the transaction that marks the order Paid; the transfer
 * is sent after that transaction commits, and again later by the periodic job when it failed.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so two app instances never send the same one,
 * and every transfer carries the idempotency key `payout-<orderId>`, so even a crash between
 * the provider's answer and our commit cannot make a second transfer.
 */

const COMMISSION_BASIS_POINTS = Math.round(COMMISSION_RATE * 10_000);
/** Attempts before a payout is marked failed (someone has to look at it then). */
export const MAX_PAYOUT_ATTEMPTS = 12;
/** How long a brand without a connected account waits before it is looked at again. */
const NO_ACCOUNT_RETRY_MS = 60 * 60_000;
const BATCH = 10;

export const payoutIdempotencyKey = (orderId: number) => `payout-${orderId}`;
export const transferGroupOf = (checkoutId: number) => `checkout_${checkoutId}`;

/** round(3 % × total), half-up, in whole cents. */
export function commissionCents(totalCents: number): number {
  return Math.floor((totalCents * COMMISSION_BASIS_POINTS + 5_000) / 10_000);
}

/** What the brand receives for an order: total − round(3 % × total). */
export const payoutCents = (totalCents: number) => totalCents - commissionCents(totalCents);

/** Wait before attempt n + 1 after n failed ones: 1 min, 2, 4, … at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(6 * 60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The payout rows of newly paid orders; part of the transaction that marks them Paid. */
export async function insertPayouts(
  tx: Db | Tx,
  checkoutId: number,
  paid: readonly { orderId: number; businessId: number; totalCents: number }[],
): Promise<void> {
  if (!paid.length) return;
  await tx
    .insert(payouts)
    .values(
      paid.map((o) => ({
        orderId: o.orderId,
        businessId: o.businessId,
        amountCents: payoutCents(o.totalCents),
        commissionCents: commissionCents(o.totalCents),
        transferGroup: transferGroupOf(checkoutId),
      })),
    )
    .onConflictDoNothing({ target: payouts.orderId });
}

export interface PayoutDeps {
  db: Db;
  payments: PaymentProvider;
  log: { warn(obj: object, msg?: string): void };
}

export interface PayoutRun {
  paid: number;
  retrying: number;
  failed: number;
  waiting: number;
}

/**
 * Sends every pending payout that is due (only those of `orderIds` when given). Each batch is
 * one transaction holding its rows' locks while the transfers are made.
 */
export async function processDuePayouts(
  deps: PayoutDeps,
  options: { orderIds?: readonly number[] } = {},
): Promise<PayoutRun> {
  const run: PayoutRun = { paid: 0, retrying: 0, failed: 0, waiting: 0 };
  if (options.orderIds && !options.orderIds.length) return run;
  for (let batch = 0; batch < 100; batch++) {
    const claimed = await deps.db.transaction(async (tx) => {
      const conditions = [eq(payouts.status, 'pending'), lte(payouts.nextAttemptAt, sql`now()`)];
      if (options.orderIds) conditions.push(inArray(payouts.orderId, [...options.orderIds]));
      const rows = await tx
        .select({
          id: payouts.id,
          orderId: payouts.orderId,
          amountCents: payouts.amountCents,
          transferGroup: payouts.transferGroup,
          attempts: payouts.attempts,
          accountId: businesses.stripeAccountId,
          stripeStatus: businesses.stripeStatus,
        })
        .from(payouts)
        .innerJoin(businesses, eq(businesses.id, payouts.businessId))
        .where(and(...conditions))
        .orderBy(asc(payouts.nextAttemptAt), asc(payouts.id))
        .limit(BATCH)
        .for('update', { of: payouts, skipLocked: true });
      for (const row of rows) {
        const now = Date.now();
        if (!row.accountId || row.stripeStatus === 'pending') {
          // Not an attempt: the brand has not finished payout onboarding yet.
          run.waiting += 1;
          await tx
            .update(payouts)
            .set({
              lastError: 'The brand has not finished setting up payouts yet.',
              nextAttemptAt: new Date(now + NO_ACCOUNT_RETRY_MS),
              updatedAt: new Date(),
            })
            .where(eq(payouts.id, row.id));
          continue;
        }
        const attempts = row.attempts + 1;
        try {
          const transfer = await deps.payments.createTransfer(
            {
              amountCents: row.amountCents,
              destination: row.accountId,
              transferGroup: row.transferGroup,
              orderId: row.orderId,
            },
            payoutIdempotencyKey(row.orderId),
          );
          await tx
            .update(payouts)
            .set({
              status: 'paid',
              transferId: transfer.id,
              attempts,
              lastError: null,
              paidAt: new Date(),
              updatedAt: new Date(),
            })
            .where(eq(payouts.id, row.id));
          await tx
            .update(orders)
            .set({ stripeTransferId: transfer.id })
            .where(eq(orders.id, row.orderId));
          run.paid += 1;
        } catch (error) {
          const gaveUp = attempts >= MAX_PAYOUT_ATTEMPTS;
          const message = error instanceof Error ? error.message : String(error);
          deps.log.warn({ err: error, orderId: row.orderId, attempts }, 'transfer failed');
          await tx
            .update(payouts)
            .set({
              status: gaveUp ? 'failed' : 'pending',
              attempts,
              lastError: message.slice(0, 500),
              nextAttemptAt: new Date(now + retryDelayMs(attempts)),
              updatedAt: new Date(),
            })
            .where(eq(payouts.id, row.id));
          if (gaveUp) run.failed += 1;
          else run.retrying += 1;
        }
      }
      return rows.length;
    });
    if (claimed < BATCH) break;
  }
  return run;
}
