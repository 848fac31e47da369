import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoCodes } from '../../db/schema/index';
import {
  type PromotionCode,
  type PromotionLookup,
  type PromotionProblem,
  promotionDiscountCents,
} from './payment-provider';

/**
 * The local provider's promo codes (`promo_codes`, decision 0008): the rules the hosted page
 * applies, and the same rules for a code chosen in the cart (docs/decisions/0056). One place:
 * the page, the cart's check and the session made with a code all read them from here.
 */

export type PromoRow = typeof promoCodes.$inferSelect;

/** The local id of a code as the provider names it (also in the payment event). */
export const localPromotionId = (rowId: number) => `promo_local_${rowId}`;

/** What a promo code takes off the items (never the shipping), rounded half-up to a cent. */
export function promoDiscountCents(
  promo: { percentOff: number | null; amountOffCents: number | null },
  itemsCents: number,
): number {
  return promotionDiscountCents(
    { ...promo, coversShipping: false },
    { itemsCents, shippingCents: 0 },
  );
}

export async function findPromo(db: Db, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(sql`lower(${promoCodes.code})`, code.trim().toLowerCase()));
  return row;
}

async function findPromoById(db: Db, id: number): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

/** Why a code cannot be used now, or null when it can. */
export const promoUsable = (promo: PromoRow | undefined, now: Date) =>
  !promo?.active
    ? 'promo_invalid'
    : promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()
      ? 'promo_expired'
      : null;

function lookup(promo: PromoRow | undefined): PromotionLookup {
  const problem = promoUsable(promo, new Date());
  if (problem || !promo) {
    return { ok: false, problem: problem === 'promo_expired' ? 'expired' : 'invalid' };
  }
  return {
    ok: true,
    promotion: {
      id: localPromotionId(promo.id),
      code: promo.code,
      percentOff: promo.percentOff,
      amountOffCents: promo.amountOffCents,
      coversShipping: false,
    },
  };
}

/** A code typed by the shopper, as the hosted page would take it now. */
export async function findLocalPromotion(db: Db, code: string): Promise<PromotionLookup> {
  return lookup(await findPromo(db, code));
}

/**
 * The code a session is made with, read again by its id: it must still work (the cart's check
 * may be minutes old). The problem, or the row.
 */
export async function recheckPromotion(
  db: Db,
  promotion: Pick<PromotionCode, 'id'>,
): Promise<{ ok: true; row: PromoRow } | { ok: false; problem: PromotionProblem }> {
  const match = /^promo_local_(\d{1,10})$/.exec(promotion.id);
  const row = match ? await findPromoById(db, Number(match[1])) : undefined;
  const found = lookup(row);
  return found.ok && row
    ? { ok: true, row }
    : { ok: false, problem: found.ok ? 'invalid' : found.problem };
}
