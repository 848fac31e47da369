import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localPaymentSessions } from '../../db/schema/index';
import { eventPayload, sessionAmounts } from './local-provider-events';
import { findPromo, promoDiscountCents, promoUsable } from './local-provider-promo';
import { findSession } from './local-provider-sessions';
import type {
  LocalPaymentProvider,
  LocalProviderState,
  LocalSessionRow,
} from './local-provider-types';
import { checkTestCard } from './test-card';

/**
 * What the local provider's hosted card page (`/pay/{sessionId}`, modules/payments) does with
 * a session: a promo code applied or taken off, and the test card paid.
 */

/**
 * Takes off a session's promo code that stopped working since it was applied; whether it did
 * (the buyer is then shown the new total before paying).
 */
async function droppedStalePromo(db: Db, session: LocalSessionRow): Promise<boolean> {
  if (session.promoCodeId === null && !session.discountCode) return false;
  const promo = session.discountCode ? await findPromo(db, session.discountCode) : undefined;
  if (!promoUsable(promo, new Date()) && promo?.id === session.promoCodeId) return false;
  await db
    .update(localPaymentSessions)
    .set({ promoCodeId: null, discountCode: null, amountDiscountCents: 0 })
    .where(and(eq(localPaymentSessions.id, session.id), eq(localPaymentSessions.status, 'open')));
  return true;
}

export function localHostedPage({
  db,
  delivery,
}: LocalProviderState): Pick<LocalPaymentProvider, 'applyPromo' | 'pay'> {
  return {
    async applyPromo(id, code) {
      const session = await findSession(db, id);
      if (session?.status !== 'open' || session.expiresAt.getTime() <= Date.now()) {
        return { ok: false, problem: 'not_open' };
      }
      let values: Partial<LocalSessionRow>;
      const removed = code.trim() === '';
      if (removed) {
        values = { promoCodeId: null, discountCode: null, amountDiscountCents: 0 };
      } else {
        const promo = await findPromo(db, code);
        const problem = promoUsable(promo, new Date());
        if (problem || !promo) return { ok: false, problem: problem ?? 'promo_invalid' };
        const { itemsCents } = sessionAmounts(session);
        values = {
          promoCodeId: promo.id,
          discountCode: promo.code,
          amountDiscountCents: promoDiscountCents(promo, itemsCents),
        };
      }
      const [row] = await db
        .update(localPaymentSessions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')))
        .returning();
      if (!row) return { ok: false, problem: 'not_open' };
      return { ok: true, removed, session: row };
    },

    async pay(id, card) {
      const session = await findSession(db, id);
      if (!session) return { ok: false, problem: 'not_found' };
      if (session.status === 'complete') return { ok: false, problem: 'paid' };
      if (session.status !== 'open' || session.expiresAt.getTime() <= Date.now()) {
        return { ok: false, problem: 'expired' };
      }
      const check = checkTestCard(card);
      if (!check.ok) return { ok: false, problem: 'card', problems: check.problems };
      if (check.outcome === 'declined')
        return { ok: false, problem: 'declined', brand: check.brand };

      // A code that stopped working since it was applied is taken off before paying.
      if (await droppedStalePromo(db, session))
        return { ok: false, problem: 'promo_no_longer_valid' };

      const paid = {
        ...session,
        status: 'complete' as const,
        cardBrand: check.brand,
        cardLast4: check.last4,
      };
      const payload = eventPayload('checkout.session.completed', paid);
      // One statement decides: a session is paid once, and never after it expired.
      const [row] = await db
        .update(localPaymentSessions)
        .set({
          status: 'complete',
          cardBrand: check.brand,
          cardLast4: check.last4,
          pendingEvent: payload,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(localPaymentSessions.id, id),
            eq(localPaymentSessions.status, 'open'),
            gt(localPaymentSessions.expiresAt, new Date()),
            eq(localPaymentSessions.amountDiscountCents, session.amountDiscountCents),
          ),
        )
        .returning();
      if (!row) {
        const now = await findSession(db, id);
        if (now?.status === 'complete') return { ok: false, problem: 'paid' };
        if (now?.status === 'open' && now.expiresAt.getTime() > Date.now()) {
          // The promo code changed in another tab meanwhile: show the new total first.
          return { ok: false, problem: 'promo_no_longer_valid' };
        }
        return { ok: false, problem: 'expired' };
      }
      const delivered = await delivery.session(row);
      return { ok: true, session: row, delivered };
    },
  };
}
