import { localAccounts } from './local-provider-accounts';
import { localEventDelivery } from './local-provider-events';
import { localHostedPage } from './local-provider-hosted-page';
import { localMoney } from './local-provider-money';
import { findLocalPromotion } from './local-provider-promo';
import { expireDueSessions, localCheckoutSessions } from './local-provider-sessions';
import type {
  LocalPaymentProvider,
  LocalProviderOptions,
  LocalProviderState,
} from './local-provider-types';
import {
  type PaymentDetails,
  readExpandedDetails,
  type SessionSnapshot,
  verifyStripeSignedEvent,
} from './payment-provider';

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
export { promoDiscountCents } from './local-provider-promo';
export type {
  DeliverEvent,
  LocalAccountRow,
  LocalPaymentProvider,
  LocalProviderOptions,
  LocalSessionRow,
  OnboardingOutcome,
  PayOutcome,
  PromoOutcome,
} from './local-provider-types';

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

    findPromotionCode: (code) => findLocalPromotion(options.db, code),

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
