import type { WebhookOutcome } from '@leafline/contract';
import type { PaymentEvent } from '../../adapters/payments/payment-provider';
import { applyAccountUpdate } from '../businesses';
import {
  completePayment,
  type EventLedger,
  endStrandedCheckouts,
  endUnpaidCheckout,
  type MoneyPathDeps,
} from '../checkout';
import { eventSeen, recordEvent } from './payments.repo';

/**
 * The payment webhook's events turned into the money path's steps (DESIGN 2.7; the steps and
 * their transactions are in checkout/). Each event is handled in one transaction that also
 * records its id, so a replay changes nothing; only an open checkout can become paid or
 * expired, so events in any order leave one outcome.
 */

const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);
const ENDED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

/** This module's ledger of handled events (payments.repo), for one event. */
function eventLedger(deps: MoneyPathDeps, event: PaymentEvent): EventLedger {
  return {
    seen: () => eventSeen(deps.db, event.id),
    record: (tx) => recordEvent(tx, event, deps.payments.name),
  };
}

/** Handles one verified event; what it changed. */
export async function handlePaymentEvent(
  deps: MoneyPathDeps,
  event: PaymentEvent,
): Promise<WebhookOutcome> {
  // A brand's payout account (DESIGN 2.8): its status on the business.
  const ledger = eventLedger(deps, event);
  if (event.account) {
    return event.type === 'account.updated'
      ? applyAccountUpdate(deps, event, ledger.record)
      : 'ignored';
  }
  const session = event.session;
  if (!session || session.checkoutId === null) return 'ignored';
  if (ENDED_EVENTS.has(event.type)) return endUnpaidCheckout(deps, session, ledger);
  if (!PAID_EVENTS.has(event.type)) return 'ignored';
  // Paid later (a bank debit): Stripe sends async_payment_succeeded then.
  if (session.paymentStatus !== 'paid' && session.paymentStatus !== 'no_payment_required') {
    return 'ignored';
  }
  return completePayment(deps, event, session, ledger);
}

/**
 * The periodic payment job: what is not a durable job of its own (payout transfers, reversals
 * and refunds are: payout-jobs.ts, refund-jobs.ts, each committed with its cause and kept by
 * the runner until it completes or an operator replays it) — the provider's own sweep (the
 * local provider expires old sessions and redelivers events), and checkouts stranded without a
 * session.
 */
export async function runPaymentJobs(deps: MoneyPathDeps): Promise<void> {
  await deps.payments.sweep?.();
  // An open checkout without a payment page after this long can no longer get one.
  await endStrandedCheckouts(deps.db, deps.config.checkoutStrandedSeconds);
}
