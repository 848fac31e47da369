import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, payouts } from '../../db/schema/index';

/**
 * Drizzle queries of the seller's orders that are not the orders themselves (those are in
 * `orders/orders.repo.ts`, the one owner of that table): the brand's money for them. Reads only.
 */

export interface OrderPayoutRow {
  orderId: number;
  amountCents: number;
  commissionCents: number;
  status: 'pending' | 'paid' | 'failed';
}

/** The payout rows of these orders (one per paid order, none before payment). */
export async function listOrderPayouts(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderPayoutRow[]> {
  if (!orderIds.length) return [];
  return db
    .select({
      orderId: payouts.orderId,
      amountCents: payouts.amountCents,
      commissionCents: payouts.commissionCents,
      status: payouts.status,
    })
    .from(payouts)
    .where(inArray(payouts.orderId, [...orderIds]));
}

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
