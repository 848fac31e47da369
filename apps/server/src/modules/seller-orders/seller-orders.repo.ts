import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDb } from '../../db/prepared';
import { businesses, payouts, refunds } from '../../db/schema/index';

/**
 * Drizzle queries of the seller's orders that are not the orders themselves (those are in
 * `orders/orders.repo.ts`, the one owner of that table): the brand's money for them. Reads only.
 */

export interface OrderPayoutRow {
  orderId: number;
  amountCents: number;
  commissionCents: number;
  status: (typeof payouts.$inferSelect)['status'];
  /** Why the last transfer failed (a pending payout with one is being retried). */
  lastError: string | null;
  /** A canceled payout with a transfer and no reversal yet is being taken back. */
  transferId: string | null;
  reversalId: string | null;
}

/** The columns of an `OrderPayoutRow` (the order list's and the payout ledger's). */
export const orderPayoutFields = {
  orderId: payouts.orderId,
  amountCents: payouts.amountCents,
  commissionCents: payouts.commissionCents,
  status: payouts.status,
  lastError: payouts.lastError,
  transferId: payouts.transferId,
  reversalId: payouts.reversalId,
};

/** The payout rows of these orders (one per paid order, none before payment). */
export async function listOrderPayouts(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderPayoutRow[]> {
  if (!orderIds.length) return [];
  return orderPayoutsStatement(db).execute({ ids: [...orderIds] });
}

/** Planned once per connection: the order list reads it on every page. */
const orderPayoutsStatement = perDb((db) =>
  db
    .select(orderPayoutFields)
    .from(payouts)
    .where(sql`${payouts.orderId} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('seller_orders_payouts'),
);

export interface PayoutSetup {
  stripeAccountId: string | null;
  stripeStatus: string;
}

/** Where the business stands with its payout account (a pending payout waits for it). */
export async function findPayoutSetup(db: Db, businessId: number): Promise<PayoutSetup> {
  const [row] = await db
    .select({ stripeAccountId: businesses.stripeAccountId, stripeStatus: businesses.stripeStatus })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? { stripeAccountId: null, stripeStatus: 'pending' };
}

export interface OrderRefundRow {
  orderId: number;
  amountCents: number;
  status: (typeof refunds.$inferSelect)['status'];
  lastError: string | null;
  reason: string;
  createdAt: Date;
}

/** The refunds of these orders (at most one each). */
export async function listOrderRefunds(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderRefundRow[]> {
  if (!orderIds.length) return [];
  return orderRefundsStatement(db).execute({ ids: [...orderIds] });
}

/** Planned once per connection: the order list reads it on every page. */
const orderRefundsStatement = perDb((db) =>
  db
    .select({
      orderId: refunds.orderId,
      amountCents: refunds.amountCents,
      status: refunds.status,
      lastError: refunds.lastError,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(sql`${refunds.orderId} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('seller_orders_refunds'),
);
