import { CURRENCY } from '@leafline/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type LocalPaymentLine, localPaymentSessions } from '../../db/schema/index';
import { eventPayload, randomId, sessionAmounts } from './local-provider-events';
import { promoDiscountCents, recheckPromotion } from './local-provider-promo';
import type { LocalPaymentProvider, LocalProviderState } from './local-provider-types';
import {
  type CheckoutSessionInput,
  type CreatedSession,
  PromotionCodeRefusedError,
} from './payment-provider';

/**
 * The local provider's checkout sessions (local-provider.ts): made, read and expired here; the
 * hosted page that pays them is local-provider-hosted-page.ts.
 */

export async function findSession(executor: Db, id: string) {
  if (id.length > 200) return undefined;
  const [row] = await executor
    .select()
    .from(localPaymentSessions)
    .where(eq(localPaymentSessions.id, id));
  return row;
}

/** Expires an open session and stores its `checkout.session.expired` event. */
async function expireOpen(executor: Db, id: string): Promise<boolean> {
  const session = await findSession(executor, id);
  if (session?.status !== 'open') return false;
  const expired = { ...session, status: 'expired' as const };
  const rows = await executor
    .update(localPaymentSessions)
    .set({
      status: 'expired',
      pendingEvent: eventPayload('checkout.session.expired', expired),
      updatedAt: new Date(),
    })
    .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')))
    .returning({ id: localPaymentSessions.id });
  return rows.length > 0;
}

/** Expires the open sessions past their time (a hundred at most, the oldest first). */
export async function expireDueSessions(db: Db): Promise<void> {
  const due = await db
    .select({ id: localPaymentSessions.id })
    .from(localPaymentSessions)
    .where(
      and(eq(localPaymentSessions.status, 'open'), lte(localPaymentSessions.expiresAt, new Date())),
    )
    .orderBy(asc(localPaymentSessions.expiresAt))
    .limit(100);
  for (const { id } of due) await expireOpen(db, id);
}

/** The hosted page's lines: each brand's items, then its shipping. */
function sessionLines(input: CheckoutSessionInput): LocalPaymentLine[] {
  const lineItems: LocalPaymentLine[] = [];
  for (const ship of input.shipping) {
    for (const item of input.items.filter((i) => i.businessId === ship.businessId)) {
      lineItems.push({
        kind: 'product',
        name: item.description ? `${item.name} (${item.description})` : item.name,
        quantity: item.quantity,
        unitAmountCents: item.unitAmountCents,
        businessId: item.businessId,
        businessName: item.businessName,
      });
    }
    lineItems.push({
      kind: 'shipping',
      name: 'Shipping',
      quantity: 1,
      unitAmountCents: ship.amountCents,
      businessId: ship.businessId,
      businessName: ship.businessName,
    });
  }
  return lineItems;
}

export function localCheckoutSessions({
  db,
}: LocalProviderState): Pick<
  LocalPaymentProvider,
  'createCheckoutSession' | 'expireSession' | 'getSession'
> {
  return {
    async createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedSession> {
      const id = randomId('cs_local_');
      const lineItems = sessionLines(input);
      // A code chosen in the cart: on the page from the start, as if the buyer had applied it
      // there (the page's own rules, read again now).
      let promo = {};
      if (input.promotion) {
        const found = await recheckPromotion(db, input.promotion);
        if (!found.ok) {
          throw new PromotionCodeRefusedError(found.problem, `promotion code ${found.problem}`);
        }
        const { itemsCents } = sessionAmounts({ lineItems, amountDiscountCents: 0 });
        promo = {
          promoCodeId: found.row.id,
          discountCode: found.row.code,
          amountDiscountCents: promoDiscountCents(found.row, itemsCents),
        };
      }
      await db.insert(localPaymentSessions).values({
        ...promo,
        id,
        checkoutId: input.checkoutId,
        currency: CURRENCY,
        lineItems,
        customerEmail: input.customerEmail,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
      });
      return { id, url: `/pay/${id}` };
    },

    async expireSession(sessionId) {
      if (await expireOpen(db, sessionId)) return 'expired';
      const session = await findSession(db, sessionId);
      return session?.status === 'complete' ? 'paid' : 'expired';
    },

    getSession: (id) => findSession(db, id),
  };
}
