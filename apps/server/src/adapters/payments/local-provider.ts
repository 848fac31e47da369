import type { Db } from '../../db/client';
import type { localConnectedAccounts, localPaymentSessions } from '../../db/schema/index';
import { localAccounts } from './local-provider-accounts';
import { type LocalEventDelivery, localEventDelivery } from './local-provider-events';
import { localHostedPage } from './local-provider-hosted-page';
import { localMoney } from './local-provider-money';
import { expireDueSessions, localCheckoutSessions } from './local-provider-sessions';
import {
  type PaymentDetails,
  type PaymentProvider,
  readExpandedDetails,
  type SessionSnapshot,
  verifyStripeSignedEvent,
} from './payment-provider';
import type { CardInput, CardProblem } from './test-card';

/**
 * The local payment provider (DESIGN 2.7), the default when no Stripe key is set: a hosted
 * card page served by the app itself (`/pay/{sessionId}`, modules/payments), sessions kept in
 * the database, and events in Stripe's shape and signature scheme delivered to the app's own
 * webhook route, so that paid and expired checkouts take exactly the code path Stripe's do.
 * Transfers are recorded with a local id, never sent anywhere; refunds and transfer reversals
 * are recorded in `local_money_movements` (`re_local_…`, `trr_local_…`), where the same
 * idempotency key always names the same record, as with Stripe. Its parts are the
 * local-provider-*.ts files beside this one.
 */

// The parts' own exports that the app reads from here (the pages, the seed, the tests).
export {
  ACCOUNT_LINK_MINUTES,
  ONBOARDING_PATH,
  onboardingLinkExpired,
} from './local-provider-accounts';
export { sessionAmounts } from './local-provider-events';
export { promoDiscountCents } from './local-provider-hosted-page';

export type LocalSessionRow = typeof localPaymentSessions.$inferSelect;
export type LocalAccountRow = typeof localConnectedAccounts.$inferSelect;

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

/**
 * What the provider's parts (local-provider-*.ts: sessions, hosted page, money, accounts)
 * share: the database, the options, and the delivery of stored events to the webhook route.
 */
export interface LocalProviderState {
  db: Db;
  options: LocalProviderOptions;
  delivery: LocalEventDelivery;
}

export function createLocalProvider(options: LocalProviderOptions): LocalPaymentProvider {
  const state: LocalProviderState = {
    db: options.db,
    options,
    delivery: localEventDelivery(options),
  };
  const provider: LocalPaymentProvider = {
    name: 'local',
    ...localCheckoutSessions(state),
    ...localHostedPage(state),

    verifyWebhook(rawBody, signature) {
      return verifyStripeSignedEvent(rawBody, signature, options.webhookSecret);
    },

    async paymentDetails(session: SessionSnapshot): Promise<PaymentDetails> {
      return readExpandedDetails(session.raw);
    },

    ...localMoney(state),
    ...localAccounts(state),

    async sweep() {
      await expireDueSessions(options.db);
      await provider.deliverPending();
    },

    deliverPending: (limit) => state.delivery.pending(limit),
  };
  return provider;
}
