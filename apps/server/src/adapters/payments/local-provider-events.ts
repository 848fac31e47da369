import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  type LocalPaymentLine,
  localConnectedAccounts,
  localPaymentSessions,
} from '../../db/schema/index';
import type {
  LocalAccountRow,
  LocalEventDelivery,
  LocalProviderOptions,
  LocalSessionRow,
} from './local-provider-types';
import { signPayload } from './payment-provider';

/**
 * The local provider's events (local-provider.ts): Stripe's shape and signature scheme, stored
 * with the session or account they are about and posted to the app's own webhook route, so
 * that the route reads them as it reads Stripe's.
 */

export const randomId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/** Item subtotal, shipping and totals of a session, in cents. */
export function sessionAmounts(
  session: Pick<LocalSessionRow, 'lineItems' | 'amountDiscountCents'>,
) {
  const lineTotal = (kind: LocalPaymentLine['kind']) =>
    session.lineItems
      .filter((l) => l.kind === kind)
      .reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
  const itemsCents = lineTotal('product');
  const shippingCents = lineTotal('shipping');
  const subtotalCents = itemsCents + shippingCents;
  const discountCents = Math.min(session.amountDiscountCents, itemsCents);
  return {
    itemsCents,
    shippingCents,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
  };
}

/**
 * A Stripe event around `object`, as Stripe sends it (`account`: the connected account it is
 * about, for Connect events).
 */
function stripeEvent(type: string, object: Record<string, unknown>, account?: string): string {
  return JSON.stringify({
    id: randomId('evt_local_'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    ...(account ? { account } : {}),
    data: { object },
  });
}

export function eventPayload(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: LocalSessionRow,
): string {
  const amounts = sessionAmounts(session);
  const complete = type === 'checkout.session.completed';
  const paymentIntent = complete
    ? {
        id: randomId('pi_local_'),
        object: 'payment_intent',
        amount: amounts.totalCents,
        currency: session.currency,
        status: 'succeeded',
        latest_charge: {
          id: randomId('ch_local_'),
          object: 'charge',
          amount: amounts.totalCents,
          paid: true,
          payment_method_details: {
            type: 'card',
            card: { brand: session.cardBrand ?? '', last4: session.cardLast4 ?? '' },
          },
        },
      }
    : null;
  const discounts =
    session.discountCode && amounts.discountCents > 0
      ? [
          {
            amount: amounts.discountCents,
            discount: {
              promotion_code: {
                id: `promo_local_${session.promoCodeId ?? 0}`,
                object: 'promotion_code',
                code: session.discountCode,
              },
            },
          },
        ]
      : [];
  return stripeEvent(type, {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: complete ? 'complete' : 'expired',
    payment_status: complete ? 'paid' : 'unpaid',
    currency: session.currency,
    amount_subtotal: amounts.subtotalCents,
    amount_total: amounts.totalCents,
    total_details: {
      amount_discount: amounts.discountCents,
      amount_shipping: 0,
      amount_tax: 0,
      breakdown: { discounts, taxes: [] },
    },
    client_reference_id: String(session.checkoutId),
    metadata: { checkout_id: String(session.checkoutId) },
    customer_email: session.customerEmail,
    customer_details: { email: session.customerEmail },
    payment_intent: paymentIntent,
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
    url: null,
  });
}

/** Stripe's `account.updated` for a local account, as the webhook route reads Stripe's. */
export function accountEventPayload(account: LocalAccountRow): string {
  return stripeEvent(
    'account.updated',
    {
      id: account.id,
      object: 'account',
      type: 'express',
      email: account.email,
      business_profile: { name: account.name },
      charges_enabled: account.chargesEnabled,
      payouts_enabled: account.payoutsEnabled,
      details_submitted: account.detailsSubmitted,
      metadata: { business_id: String(account.businessId ?? '') },
    },
    account.id,
  );
}

export function localEventDelivery(options: LocalProviderOptions): LocalEventDelivery {
  const { db } = options;

  /** Posts a stored event, signed; throws unless the webhook route answered 2xx. */
  async function post(payload: string) {
    const status = await options.deliver(payload, signPayload(payload, options.webhookSecret));
    if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
  }

  /** Posts a stored event, then marks it delivered; a failure is reported and answers false. */
  async function deliverStored(
    id: string,
    payload: string | null,
    markDelivered: () => Promise<unknown>,
  ): Promise<boolean> {
    if (!payload) return false;
    try {
      await post(payload);
      await markDelivered();
      return true;
    } catch (error) {
      options.onDeliveryError?.(error, id);
      return false;
    }
  }

  const delivery: LocalEventDelivery = {
    session: (session) =>
      deliverStored(session.id, session.pendingEvent, () =>
        db
          .update(localPaymentSessions)
          .set({ eventDeliveredAt: new Date() })
          .where(eq(localPaymentSessions.id, session.id)),
      ),

    account: (account) =>
      deliverStored(account.id, account.pendingEvent, () =>
        db
          .update(localConnectedAccounts)
          .set({ eventDeliveredAt: new Date() })
          .where(
            and(
              eq(localConnectedAccounts.id, account.id),
              eq(localConnectedAccounts.pendingEvent, account.pendingEvent!),
            ),
          ),
      ),

    async pending(limit = 100) {
      const sessions = await db
        .select({ id: localPaymentSessions.id, pendingEvent: localPaymentSessions.pendingEvent })
        .from(localPaymentSessions)
        .where(
          and(
            isNotNull(localPaymentSessions.pendingEvent),
            isNull(localPaymentSessions.eventDeliveredAt),
          ),
        )
        .orderBy(asc(localPaymentSessions.updatedAt))
        .limit(limit);
      let delivered = 0;
      for (const session of sessions) if (await delivery.session(session)) delivered += 1;
      const accounts = await db
        .select({
          id: localConnectedAccounts.id,
          pendingEvent: localConnectedAccounts.pendingEvent,
        })
        .from(localConnectedAccounts)
        .where(
          and(
            isNotNull(localConnectedAccounts.pendingEvent),
            isNull(localConnectedAccounts.eventDeliveredAt),
          ),
        )
        .orderBy(asc(localConnectedAccounts.updatedAt))
        .limit(limit);
      for (const account of accounts) if (await delivery.account(account)) delivered += 1;
      return delivered;
    },
  };
  return delivery;
}
