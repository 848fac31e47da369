import type { Db } from '../../db/client';
import type { localConnectedAccounts, localPaymentSessions } from '../../db/schema/index';
import type { PaymentProvider } from './payment-provider';
import type { CardInput, CardProblem } from './test-card';

/**
 * The local payment provider's shapes, shared by its parts (local-provider-*.ts) and read by
 * the app through local-provider.ts. Types only, importing none of the parts: the parts
 * import them from here, and the provider's file from them.
 */

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

/** Sends the events stored with sessions and accounts to the webhook route. */
export interface LocalEventDelivery {
  /** Sends a session's stored event; marks it delivered once the webhook route took it (2xx). */
  session(session: Pick<LocalSessionRow, 'id' | 'pendingEvent'>): Promise<boolean>;
  /** Sends an account's stored event; marks it delivered once the webhook route took it. */
  account(account: Pick<LocalAccountRow, 'id' | 'pendingEvent'>): Promise<boolean>;
  /** Delivers the events not yet taken by the webhook route; the number delivered. */
  pending(limit?: number): Promise<number>;
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
