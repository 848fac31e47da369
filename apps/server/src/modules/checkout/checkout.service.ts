import type { CheckoutBody, CheckoutResponse, WebhookOutcome } from '@leafline/contract';
import type { FastifyInstance } from 'fastify';
import type { PaymentEvent, SessionSnapshot } from '../../adapters/payments/payment-provider';
import { ORDER_EMAILS_QUEUE } from '../orders';
import { REFUND_SETTLE_QUEUE } from '../refunds';
import { SHOPIFY_ORDER_PUSH_QUEUE } from '../shopify';
import {
  afterPayment,
  attachPaymentPage,
  cancelCheckoutOfBuyer,
  cancelReservation,
  closePaymentPage,
  type EventLedger,
  type MoneyPathDeps,
  openPaymentPage,
  payOrders,
  reserveOrders,
} from './checkout.steps';
import { checkoutPromotion } from './checkout-promo';
import { runWorkflow } from './workflow';

/**
 * The money path (DESIGN 2.5–2.7) as workflows of named steps (checkout.steps.ts), each step
 * with its undo beside it. Provider calls and database transactions are separate steps
 * (decision 0011).
 *
 * POST checkout/                              undo when a later step fails
 *   0. checkoutPromotion  (provider: the code    —
 *      chosen in the cart, if any, still works;
 *      else 400 and nothing is made)
 *   1. reserveOrders      (closes the buyer's    cancelReservation: checkout failed,
 *      previous pages at the provider first)    orders Canceled
 *   2. openPaymentPage    (provider)            closePaymentPage (provider)
 *   3. attachPaymentPage  (one statement)       —
 *
 * A paid payment event (the webhook; payments.service.ts turns events into these calls)
 *   1. a replay stops here (the event id is known)
 *   2. read the payment details (provider: card brand, promo code, billing address)
 *   3. payOrders          (one transaction: orders Paid, their stock sold, payouts, cart, event
 *                          id, and the jobs: the brands' transfers, the e-mails, the Shopify
 *                          pushes; an order whose stock is gone: its refund job instead)
 *   4. afterPayment       (this instance's transfer workers woken; the other queues too)
 * An ended payment event: endUnpaidCheckout (one transaction: checkout expired, orders Canceled,
 * their stock released). The checkout's `checkout.expire` job, committed with the reservation,
 * ends it the same way if it is still open a minute after its page expired (checkout-stock.ts).
 * The periodic job runs reserveOrders' undo for checkouts whose process stopped before step 3
 * (endStrandedCheckouts); the transfers are durable jobs (payout-jobs.ts, decision 0020).
 */

/** The money path's dependencies, from the app (the checkout and payment routes share them). */
export const moneyPathDeps = (app: FastifyInstance): MoneyPathDeps => ({
  db: app.deps.db,
  config: app.deps.config,
  payments: app.deps.payments,
  tasks: app.deps.tasks,
  jobs: app.deps.jobs,
  log: app.log,
});

/** POST checkout/: the hosted payment page for the whole cart, and the orders it pays. */
export function startCheckout(
  deps: MoneyPathDeps,
  userId: number,
  body: CheckoutBody | null | undefined,
): Promise<CheckoutResponse> {
  return runWorkflow('checkout', deps.log, async (flow) => {
    // Nothing to undo: a look-up only.
    const promotion = await flow.step('check the promo code', () =>
      checkoutPromotion(deps.payments, body?.promo_code),
    );
    const reservation = await flow.step(
      'reserve the orders',
      () => reserveOrders(deps, userId, body),
      (done) => cancelReservation(deps.db, done.checkoutId),
    );
    if (reservation.endedPrevious) {
      // The local provider reports the previous page's end through the webhook now.
      const sweep = deps.payments.sweep;
      if (sweep) deps.tasks.run('payment provider sweep', () => sweep());
    }
    const page = await flow.step(
      'open the payment page',
      () => openPaymentPage(deps, { ...reservation.session, promotion }),
      (done) => closePaymentPage(deps, done.id),
    );
    await flow.step('attach the payment page', () => attachPaymentPage(deps.db, reservation, page));
    return { checkout_url: page.url, order_ids: reservation.orderIds };
  });
}

/** POST checkout/{checkoutId}/cancel/: the buyer's open checkout ends unpaid. */
export async function cancelCheckout(
  deps: MoneyPathDeps,
  userId: number,
  checkoutId: number,
): Promise<void> {
  await cancelCheckoutOfBuyer(deps, userId, checkoutId);
  // The local provider reports the closed page's end through the webhook now.
  const sweep = deps.payments.sweep;
  if (sweep) deps.tasks.run('payment provider sweep', () => sweep());
}

/** A session paid: the orders Paid, then transfers and e-mails after the commit. */
export async function completePayment(
  deps: MoneyPathDeps,
  event: PaymentEvent,
  session: SessionSnapshot,
  ledger: EventLedger,
): Promise<WebhookOutcome> {
  // A replay is answered before asking the provider anything (payOrders' insert decides).
  if (await ledger.seen()) return 'duplicate';
  const details = await deps.payments.paymentDetails(session);
  const result = await payOrders(deps, event, session, details, ledger);
  if (result.paid) {
    deps.log.info(
      { checkoutId: result.paid.checkoutId, orders: result.paid.orderIds },
      'checkout paid',
    );
    afterPayment(deps);
    deps.jobs.wake(SHOPIFY_ORDER_PUSH_QUEUE);
    deps.jobs.wake(ORDER_EMAILS_QUEUE);
    if (result.paid.soldOutOrderIds.length) {
      deps.log.warn(
        { checkoutId: result.paid.checkoutId, orders: result.paid.soldOutOrderIds },
        'paid orders whose stock was gone: refunded in full',
      );
      deps.jobs.wake(REFUND_SETTLE_QUEUE);
    }
  }
  return result.outcome;
}
