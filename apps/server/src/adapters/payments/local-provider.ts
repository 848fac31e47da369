import { createHash, randomBytes } from 'node:crypto';
import { CURRENCY } from '@leafline/contract';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import {
  type LocalPaymentLine,
  localConnectedAccounts,
  localMoneyMovements,
  localPaymentSessions,
  promoCodes,
} from '../../db/schema/index';
import {
  type AccountLinkInput,
  type CheckoutSessionInput,
  type ConnectedAccountInput,
  type CreatedSession,
  type PaymentDetails,
  type PaymentProvider,
  PaymentProviderError,
  PaymentRefusedError,
  type RefundInput,
  readExpandedDetails,
  type SessionSnapshot,
  signPayload,
  type TransferInput,
  type TransferReversalInput,
  verifyStripeSignedEvent,
} from './payment-provider';
import { type CardInput, type CardProblem, checkTestCard } from './test-card';

/**
 * The local payment provider (DESIGN 2.7), the default when no Stripe key is set: a hosted
 * card page served by the app itself (`/pay/{sessionId}`, modules/payments), sessions kept in
 * the database, and events in Stripe's shape and signature scheme delivered to the app's own
 * webhook route, so that paid and expired checkouts take exactly the code path Stripe's do.
 * Transfers are recorded with a local id, never sent anywhere; refunds and transfer reversals
 * are recorded in `local_money_movements` (`re_local_…`, `trr_local_…`), where the same
 * idempotency key always names the same record, as with Stripe.
 */

export type LocalSessionRow = typeof localPaymentSessions.$inferSelect;
export type LocalAccountRow = typeof localConnectedAccounts.$inferSelect;

/** How long an onboarding link works (Stripe's account links expire within minutes too). */
export const ACCOUNT_LINK_MINUTES = 30;

/** Whether an account's onboarding link is used up or past its time (Stripe's links expire). */
export const onboardingLinkExpired = (account: { linkExpiresAt: Date | null }): boolean =>
  !account.linkExpiresAt || account.linkExpiresAt.getTime() <= Date.now();

/** Where the local onboarding page is served: `${ONBOARDING_PATH}{token}`. */
export const ONBOARDING_PATH = '/connect/onboarding/';

export type OnboardingOutcome =
  | { ok: true; returnUrl: string; delivered: boolean }
  | { ok: false; problem: 'not_found' }
  | { ok: false; problem: 'expired'; refreshUrl: string };

/** Posts a signed event to the webhook route; answers the HTTP status. */
export type DeliverEvent = (payload: string, signature: string) => Promise<number>;

export interface LocalProviderOptions {
  db: Db;
  webhookSecret: string;
  deliver: DeliverEvent;
  /** Reports a delivery that failed (it is retried by the next sweep). */
  onDeliveryError?: (error: unknown, sessionId: string) => void;
}

export type PromoOutcome =
  | { ok: true; removed: boolean; session: LocalSessionRow }
  | { ok: false; problem: 'promo_invalid' | 'promo_expired' | 'not_open' };

export type PayOutcome =
  | { ok: true; session: LocalSessionRow; delivered: boolean }
  | { ok: false; problem: 'declined'; brand: string }
  | { ok: false; problem: 'card'; problems: Partial<Record<keyof CardInput, CardProblem>> }
  | { ok: false; problem: 'promo_no_longer_valid' | 'expired' | 'paid' | 'not_found' };

export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local';
  getSession(id: string): Promise<LocalSessionRow | undefined>;
  applyPromo(id: string, code: string): Promise<PromoOutcome>;
  pay(id: string, card: CardInput): Promise<PayOutcome>;
  /** Delivers the events not yet taken by the webhook route; the number delivered. */
  deliverPending(limit?: number): Promise<number>;
  /** The account an onboarding link opens, while the link works. */
  getOnboarding(token: string): Promise<LocalAccountRow | undefined>;
  /**
   * The brand finished the onboarding form: the account can take charges and receive
   * payouts, and `account.updated` goes to the webhook route (as Stripe sends it).
   */
  completeOnboarding(token: string): Promise<OnboardingOutcome>;
}

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

/** What a promo code takes off the items (never the shipping), rounded half-up to a cent. */
export function promoDiscountCents(
  promo: { percentOff: number | null; amountOffCents: number | null },
  itemsCents: number,
): number {
  if (promo.percentOff !== null)
    return Math.min(itemsCents, Math.floor((itemsCents * promo.percentOff + 50) / 100));
  return Math.min(itemsCents, promo.amountOffCents ?? 0);
}

type PromoRow = typeof promoCodes.$inferSelect;

async function findPromo(db: Db, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(sql`lower(${promoCodes.code})`, code.trim().toLowerCase()));
  return row;
}

const promoUsable = (promo: PromoRow | undefined, now: Date) =>
  !promo?.active
    ? 'promo_invalid'
    : promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()
      ? 'promo_expired'
      : null;

const randomId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

function eventPayload(
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
  const event = {
    id: randomId('evt_local_'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: {
      object: {
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
      },
    },
  };
  return JSON.stringify(event);
}

/** Stripe's `account.updated` for a local account, as the webhook route reads Stripe's. */
function accountEventPayload(account: LocalAccountRow): string {
  return JSON.stringify({
    id: randomId('evt_local_'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type: 'account.updated',
    account: account.id,
    data: {
      object: {
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
    },
  });
}

export function createLocalProvider(options: LocalProviderOptions): LocalPaymentProvider {
  const { db } = options;

  async function getSession(id: string, executor: Db = db) {
    if (id.length > 200) return undefined;
    const [row] = await executor
      .select()
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.id, id));
    return row;
  }

  /** Sends one stored event; marks it delivered once the webhook route took it (2xx). */
  async function deliver(session: Pick<LocalSessionRow, 'id' | 'pendingEvent'>): Promise<boolean> {
    if (!session.pendingEvent) return false;
    try {
      const status = await options.deliver(
        session.pendingEvent,
        signPayload(session.pendingEvent, options.webhookSecret),
      );
      if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
      await db
        .update(localPaymentSessions)
        .set({ eventDeliveredAt: new Date() })
        .where(eq(localPaymentSessions.id, session.id));
      return true;
    } catch (error) {
      options.onDeliveryError?.(error, session.id);
      return false;
    }
  }

  /** Sends an account's stored event; marks it delivered once the webhook route took it. */
  async function deliverAccountEvent(
    account: Pick<LocalAccountRow, 'id' | 'pendingEvent'>,
  ): Promise<boolean> {
    if (!account.pendingEvent) return false;
    try {
      const status = await options.deliver(
        account.pendingEvent,
        signPayload(account.pendingEvent, options.webhookSecret),
      );
      if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
      await db
        .update(localConnectedAccounts)
        .set({ eventDeliveredAt: new Date() })
        .where(
          and(
            eq(localConnectedAccounts.id, account.id),
            eq(localConnectedAccounts.pendingEvent, account.pendingEvent),
          ),
        );
      return true;
    } catch (error) {
      options.onDeliveryError?.(error, account.id);
      return false;
    }
  }

  async function accountByToken(token: string) {
    if (!token || token.length > 200) return undefined;
    const [row] = await db
      .select()
      .from(localConnectedAccounts)
      .where(eq(localConnectedAccounts.linkToken, token));
    return row;
  }

  /** The movement recorded under this idempotency key, if any. */
  async function movementByKey(executor: Db, idempotencyKey: string) {
    const [row] = await executor
      .select()
      .from(localMoneyMovements)
      .where(eq(localMoneyMovements.idempotencyKey, idempotencyKey));
    return row;
  }

  /** Expires an open session and stores its `checkout.session.expired` event. */
  async function expireOpen(executor: Db, id: string): Promise<boolean> {
    const session = await getSession(id, executor);
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

  const provider: LocalPaymentProvider = {
    name: 'local',

    async createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedSession> {
      const id = randomId('cs_local_');
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
      await db.insert(localPaymentSessions).values({
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
      const session = await getSession(sessionId);
      return session?.status === 'complete' ? 'paid' : 'expired';
    },

    verifyWebhook(rawBody, signature) {
      return verifyStripeSignedEvent(rawBody, signature, options.webhookSecret);
    },

    async paymentDetails(session: SessionSnapshot): Promise<PaymentDetails> {
      return readExpandedDetails(session.raw);
    },

    async createTransfer(_input: TransferInput, idempotencyKey: string) {
      // Recorded, not sent: the same key always names the same transfer.
      const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24);
      return { id: `tr_local_${digest}` };
    },

    async findTransfer(_input: { orderId: number; transferGroup: string }, idempotencyKey: string) {
      // Nothing is sent here: a transfer asked for under this key is the one its key names.
      const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24);
      return { id: `tr_local_${digest}` };
    },

    async refundPayment(input: RefundInput, idempotencyKey: string) {
      const known = await movementByKey(db, idempotencyKey);
      if (known) return { id: known.id };
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new PaymentRefusedError('The refund amount must be a positive number of cents.');
      }
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
          throw new PaymentRefusedError(
            'This payment was not completed, so it cannot be refunded.',
          );
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

    async createConnectedAccount(input: ConnectedAccountInput) {
      const id = randomId('acct_local_');
      await db.insert(localConnectedAccounts).values({
        id,
        businessId: input.businessId,
        email: input.email,
        name: input.name,
      });
      return { id };
    },

    async createAccountLink(input: AccountLinkInput) {
      if (!input.accountId || input.accountId.length > 255) {
        throw new PaymentProviderError(`No such account: ${input.accountId}`);
      }
      const token = randomBytes(24).toString('base64url');
      const link = {
        linkToken: token,
        linkExpiresAt: new Date(Date.now() + ACCOUNT_LINK_MINUTES * 60_000),
        refreshUrl: input.refreshUrl,
        returnUrl: input.returnUrl,
        updatedAt: new Date(),
      };
      // A new link replaces the previous one: only the latest works, as it is single use. An
      // account this provider never made (the demo catalogue's) is taken on as it is.
      await db
        .insert(localConnectedAccounts)
        .values({ id: input.accountId, email: '', name: '', ...link })
        .onConflictDoUpdate({ target: localConnectedAccounts.id, set: link });
      return { url: `${ONBOARDING_PATH}${token}` };
    },

    getOnboarding: (token) => accountByToken(token),

    async completeOnboarding(token) {
      const account = await accountByToken(token);
      if (!account) return { ok: false, problem: 'not_found' };
      if (onboardingLinkExpired(account)) {
        return { ok: false, problem: 'expired', refreshUrl: account.refreshUrl ?? '/' };
      }
      const done = {
        ...account,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      };
      const payload = accountEventPayload(done);
      // One statement decides: the link is used once (a second press finds no link).
      const [row] = await db
        .update(localConnectedAccounts)
        .set({
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: true,
          linkToken: null,
          linkExpiresAt: null,
          pendingEvent: payload,
          eventDeliveredAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(localConnectedAccounts.id, account.id),
            eq(localConnectedAccounts.linkToken, token),
          ),
        )
        .returning();
      if (!row) return { ok: false, problem: 'not_found' };
      const delivered = await deliverAccountEvent(row);
      return { ok: true, returnUrl: account.returnUrl ?? '/', delivered };
    },

    async sweep() {
      const due = await db
        .select({ id: localPaymentSessions.id })
        .from(localPaymentSessions)
        .where(
          and(
            eq(localPaymentSessions.status, 'open'),
            lte(localPaymentSessions.expiresAt, new Date()),
          ),
        )
        .orderBy(asc(localPaymentSessions.expiresAt))
        .limit(100);
      for (const { id } of due) await expireOpen(db, id);
      await provider.deliverPending();
    },

    async deliverPending(limit = 100) {
      const pending = await db
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
      for (const session of pending) if (await deliver(session)) delivered += 1;
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
      for (const account of accounts) if (await deliverAccountEvent(account)) delivered += 1;
      return delivered;
    },

    getSession: (id) => getSession(id),

    async applyPromo(id, code) {
      const session = await getSession(id);
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
      const session = await getSession(id);
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
      if (session.promoCodeId !== null || session.discountCode) {
        const promo = session.discountCode ? await findPromo(db, session.discountCode) : undefined;
        if (promoUsable(promo, new Date()) || promo?.id !== session.promoCodeId) {
          await db
            .update(localPaymentSessions)
            .set({ promoCodeId: null, discountCode: null, amountDiscountCents: 0 })
            .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')));
          return { ok: false, problem: 'promo_no_longer_valid' };
        }
      }

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
        const now = await getSession(id);
        if (now?.status === 'complete') return { ok: false, problem: 'paid' };
        if (now?.status === 'open' && now.expiresAt.getTime() > Date.now()) {
          // The promo code changed in another tab meanwhile: show the new total first.
          return { ok: false, problem: 'promo_no_longer_valid' };
        }
        return { ok: false, problem: 'expired' };
      }
      const delivered = await deliver(row);
      return { ok: true, session: row, delivered };
    },
  };
  return provider;
}
