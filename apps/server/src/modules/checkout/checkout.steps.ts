import {
  ACCOUNT_MESSAGES,
  CHECKOUT_MESSAGES,
  type CheckoutBody,
  centsToPrice,
  type OrderAddress,
  type OrderNotes,
  type WebhookOutcome,
} from '@leafline/contract';
import {
  type CheckoutSessionInput,
  type CreatedSession,
  type PaymentDetails,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  PromotionCodeRefusedError,
  type SessionSnapshot,
} from '../../adapters/payments/payment-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { findAddress, type ShippingAddressRow } from '../address';
import { type CartLineRow, lockCart, priceCart, removeBoughtLines, unitPriceCents } from '../cart';
import {
  cancelPendingOrders,
  insertOrder,
  listBoughtQuantities,
  listCheckoutOrders,
  listCheckoutStockLines,
  markOrderPaid,
  payoutCents,
  queueOrderEmails,
  recordOrderEvents,
} from '../orders';
import {
  insertPayouts,
  insertWithheldPayouts,
  PAYOUT_TRANSFER_QUEUE,
  transferGroupOf,
} from '../payouts';
import { claimSoldOutRefund } from '../refunds';
import { queueShopifyOrderPushes } from '../shopify';
import { holdStock, stockKey } from '../stock';
import {
  attachSession,
  endOpenCheckout,
  findBuyer,
  findCheckout,
  findCheckoutOwner,
  findOpenCheckoutOfUser,
  insertCheckout,
  listStrandedCheckouts,
  lockCheckout,
  lockOpenCheckouts,
  markCheckoutPaid,
} from './checkout.repo';
import { promotionNoLongerValid } from './checkout-promo';
import {
  checkoutStockShort,
  releaseHolds,
  scheduleCheckoutExpiry,
  sellCheckoutStock,
} from './checkout-stock';
import { prorateDiscount } from './discount';
import { variantLabel, variantOptions } from './variant-options';

/**
 * The steps of the money path (DESIGN 2.5–2.7, decisions 0008 and 0011), each with its undo
 * beside it. Every step either runs one short database transaction or calls the payment
 * provider, never both: no provider call waits inside a transaction. The workflows that put
 * them in order are in checkout.service.ts.
 */

export interface MoneyPathDeps {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  tasks: BackgroundTasks;
  /** The durable job runner: a paid order's push to its brand's Shopify store. */
  jobs: Pick<JobRunner, 'send' | 'sendEach' | 'wake'>;
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

/**
 * How long the hosted page takes payment, and so how long a checkout holds its stock (issue
 * 26: at most about 30 minutes). Stripe takes 30 minutes to 24 hours, counted from when its
 * request arrives: a minute more than its least, so that the time on the way never makes it
 * less.
 */
export const CHECKOUT_SESSION_MINUTES = 31;

/** Rounds of "close the pages found open, then reserve" before giving up (a racing cart). */
const RESERVE_ROUNDS = 3;

const unavailable = () => new AppError(503, CHECKOUT_MESSAGES.paymentUnavailable);

/**
 * A provider failure is the buyer's 503 (a promo code refused at the last moment: their 400);
 * anything else is a defect and stays a 500.
 */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PromotionCodeRefusedError) throw promotionNoLongerValid(error.problem);
    if (error instanceof PaymentProviderError) throw unavailable();
    throw error;
  }
}

const lineKey = (productId: number, variantId: number | null | undefined) =>
  `${productId}:${variantId ?? ''}`;

/** True when the buyer's lines are exactly the cart's (product, variant and quantity). */
function sameLines(cart: readonly CartLineRow[], seen: CheckoutBody['items']): boolean {
  const count = (entries: [string, number][]) => {
    const map = new Map<string, number>();
    for (const [key, quantity] of entries) map.set(key, (map.get(key) ?? 0) + quantity);
    return map;
  };
  const ours = count(cart.map((l) => [lineKey(l.productId, l.variantId), l.quantity]));
  const theirs = count((seen ?? []).map((l) => [lineKey(l.product_id, l.variant_id), l.quantity]));
  if (ours.size !== theirs.size) return false;
  for (const [key, quantity] of ours) if (theirs.get(key) !== quantity) return false;
  return true;
}

/** The §3 order address of a saved shipping address (the buyer's, or a demo buyer's). */
export function orderAddressOf(
  address: Pick<
    ShippingAddressRow,
    | 'firstName'
    | 'lastName'
    | 'addressLine1'
    | 'addressLine2'
    | 'city'
    | 'state'
    | 'postalCode'
    | 'country'
    | 'phoneNumber'
  >,
): OrderAddress {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    line1: address.addressLine1,
    line2: address.addressLine2,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    country: address.country,
    phone: address.phoneNumber,
  };
}

/** A checkout written with its Pending brand orders, and the payment page it needs. */
export interface Reservation {
  checkoutId: number;
  orderIds: number[];
  session: CheckoutSessionInput;
  /** Previous checkouts of the cart were ended to make room for this one. */
  endedPrevious: boolean;
}

type ReserveAttempt =
  | { kind: 'reserved'; reservation: Reservation }
  | { kind: 'close first'; pages: Array<{ checkoutId: number; sessionId: string }> };

/** Ends an open checkout without payment, in the caller's transaction: its orders Canceled. */
async function endUnpaid(
  tx: Db,
  checkoutId: number,
  status: 'expired' | 'failed',
): Promise<boolean> {
  if (!(await endOpenCheckout(tx, checkoutId, status))) return false;
  await cancelPendingOrders(tx, checkoutId);
  // What its orders held goes back on sale (docs/decisions/0042).
  await releaseHolds(tx, await listCheckoutStockLines(tx, checkoutId));
  return true;
}

/**
 * One transaction holding the cart's lock: re-price the cart (priceCart, what the cart page
 * shows), compare it with what the buyer saw, and, when every previous open checkout's page
 * is closed already, end them and write the checkout with one Pending order per brand (prices,
 * names and the address copied as they are now). A page still open is not closed here — that
 * is a provider call — but named, for the caller to close outside the transaction.
 */
function tryReserve(
  deps: MoneyPathDeps,
  userId: number,
  body: CheckoutBody | null | undefined,
  closed: ReadonlySet<string>,
): Promise<ReserveAttempt> {
  return deps.db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const buyer = await findBuyer(tx, userId);
    if (!buyer) throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
    const address = await findAddress(tx, userId);
    if (!address) {
      throw new AppError(400, CHECKOUT_MESSAGES.noAddress, { detail: CHECKOUT_MESSAGES.noAddress });
    }
    const cart = cartId === undefined ? null : await priceCart(tx, userId);
    if (!cart) throw badRequest(CHECKOUT_MESSAGES.cartEmpty);
    if (body?.items !== undefined && !sameLines(cart.lines, body.items)) {
      throw conflict(CHECKOUT_MESSAGES.cartChanged);
    }

    // One payable checkout per cart: the previous one stops taking payment first.
    const previous = await lockOpenCheckouts(tx, userId);
    const stillOpen = previous.flatMap((p) =>
      p.providerSessionId !== null && !closed.has(p.providerSessionId)
        ? [{ checkoutId: p.id, sessionId: p.providerSessionId }]
        : [],
    );
    if (stillOpen.length) return { kind: 'close first', pages: stillOpen };
    for (const p of previous) await endUnpaid(tx, p.id, 'expired');

    // The counted units held for this checkout, all or none (docs/decisions/0042).
    const stock = await holdStock(
      tx,
      cart.lines.map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        quantity: l.quantity,
      })),
    );
    if (stock.short.length) throw checkoutStockShort(cart.lines, stock.short);

    const { quote } = cart;
    const checkout = await insertCheckout(tx, {
      userId,
      provider: deps.payments.name,
      subtotalCents: quote.subtotalCents,
      shippingCents: quote.totalFeeCents,
      totalCents: quote.subtotalCents + quote.totalFeeCents,
    });
    const shippingAddress = orderAddressOf(address);
    const fullName = `${buyer.firstName} ${buyer.lastName}`.trim() || shippingAddress.name;
    const orderIds: number[] = [];
    for (const brand of quote.businesses) {
      const lines = cart.lines.filter((l) => l.businessId === brand.businessId);
      const orderId = await insertOrder(
        tx,
        {
          checkoutId: checkout.id,
          userId,
          businessId: brand.businessId,
          userFullName: fullName,
          userEmail: buyer.email,
          status: 'Pending',
          subtotalCents: brand.subtotalCents,
          shippingFeeCents: brand.feeCents,
          // Why a fee was waived, as the fee computation said now (the brand is told later).
          shippingFreeReason: brand.freeReason,
          discountCents: 0,
          totalCents: brand.subtotalCents + brand.feeCents,
          shippingAddress,
        },
        lines.map((line) => ({
          productId: line.productId,
          variantId: line.variantId,
          productName: line.productName,
          productPriceCents: unitPriceCents(line),
          quantity: line.quantity,
          totalPriceCents: unitPriceCents(line) * line.quantity,
          variantOptions: variantOptions(line.option1, line.option2, line.optionNames),
          // The chosen variant's picture as the cart showed it (docs/decisions/0024).
          image: line.image,
          stockState: stock.held.has(stockKey(line)) ? 'held' : 'none',
        })),
      );
      orderIds.push(orderId);
    }

    const { publicUrl } = deps.config;
    const session: CheckoutSessionInput = {
      checkoutId: checkout.id,
      transferGroup: transferGroupOf(checkout.id),
      customerEmail: buyer.email,
      items: cart.lines.map((line) => ({
        name: line.productName,
        description: variantLabel(line.option1, line.option2),
        quantity: line.quantity,
        unitAmountCents: unitPriceCents(line),
        businessId: line.businessId,
        businessName: line.businessName,
      })),
      shipping: quote.businesses.map((b) => ({
        businessId: b.businessId,
        businessName: cart.businessNames.get(b.businessId) ?? '',
        amountCents: b.feeCents,
      })),
      successUrl: `${publicUrl}/order-confirmation?order_ids=${orderIds.join(',')}`,
      cancelUrl: `${publicUrl}/checkout`,
      expiresAt: new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000),
    };
    // The hold ends with the page at the latest, even if every process stopped meanwhile.
    await scheduleCheckoutExpiry(deps.jobs, tx, checkout.id, session.expiresAt);
    return {
      kind: 'reserved',
      reservation: {
        checkoutId: checkout.id,
        orderIds,
        session,
        endedPrevious: previous.length > 0 || closed.size > 0,
      },
    };
  });
}

/**
 * Closes payment pages at the provider so that they take no more money. No undo: a closed page
 * stays closed; the cart is untouched, so checking out again makes a new one.
 * A page that was paid meanwhile answers 409 'already paid' (its event is on the way).
 */
export async function closePaymentPages(
  deps: MoneyPathDeps,
  sessionIds: readonly string[],
): Promise<void> {
  for (const id of sessionIds) {
    const result = await provider(() => deps.payments.expireSession(id));
    if (result === 'paid') throw conflict(CHECKOUT_MESSAGES.alreadyPaid);
  }
}

/**
 * Step 1 of checkout: the checkout and its Pending brand orders. The buyer's previous pages are
 * closed first, outside the transaction, their checkouts ended, and the transaction tried
 * again (a page opened by a checkout racing this one is closed in the next round).
 */
export async function reserveOrders(
  deps: MoneyPathDeps,
  userId: number,
  body: CheckoutBody | null | undefined,
): Promise<Reservation> {
  const closed = new Set<string>();
  for (let round = 0; round < RESERVE_ROUNDS; round++) {
    const attempt = await tryReserve(deps, userId, body, closed);
    if (attempt.kind === 'reserved') return attempt.reservation;
    const sessionIds = attempt.pages.map((page) => page.sessionId);
    await closePaymentPages(deps, sessionIds);
    for (const id of sessionIds) closed.add(id);
    // A checkout whose page is closed can no longer be paid: it ends now, whatever becomes of
    // this one (a line found short next would otherwise leave its orders Pending and its
    // units held, with no page to pay them on, until the expiry job).
    for (const { checkoutId } of attempt.pages) {
      await deps.db.transaction((tx) => endUnpaid(tx, checkoutId, 'expired'));
    }
  }
  throw conflict(CHECKOUT_MESSAGES.cartChanged);
}

/**
 * The buyer cancels their open checkout (My Orders' "Cancel this payment"): its page is closed
 * at the provider first (a page paid meanwhile: 409 'already paid'), then the checkout ends
 * like an expired one, its orders Canceled. Not the buyer's, or not open: 404.
 */
export async function cancelCheckoutOfBuyer(
  deps: MoneyPathDeps,
  userId: number,
  checkoutId: number,
): Promise<void> {
  const checkout = await findOpenCheckoutOfUser(deps.db, userId, checkoutId);
  if (!checkout) throw new AppError(404, CHECKOUT_MESSAGES.checkoutNotFound);
  if (checkout.providerSessionId) await closePaymentPages(deps, [checkout.providerSessionId]);
  await deps.db.transaction((tx) => endUnpaid(tx, checkoutId, 'expired'));
}

/** Undo of reserveOrders: the checkout `failed`, its orders Canceled (if it is still open). */
export function cancelReservation(db: Db, checkoutId: number): Promise<boolean> {
  return db.transaction((tx) => endUnpaid(tx, checkoutId, 'failed'));
}

/**
 * The same undo for checkouts whose process stopped before it could run it: open, without a
 * page, for `seconds` (the periodic job).
 */
export async function endStrandedCheckouts(db: Db, seconds: number): Promise<void> {
  for (const checkoutId of await listStrandedCheckouts(db, seconds)) {
    await cancelReservation(db, checkoutId);
  }
}

/**
 * The `checkout.expire` job (checkout-stock.ts): a checkout still open a minute after its page
 * expired ends now — its page closed at the provider first (a page paid meanwhile is left to
 * its payment event), then the checkout expired and its stock released. A checkout that never
 * got a page (its process stopped first) ends `failed`. A provider away throws: retried.
 */
export async function expireCheckout(deps: MoneyPathDeps, checkoutId: number): Promise<void> {
  const checkout = await findCheckout(deps.db, checkoutId);
  if (checkout?.status !== 'open') return;
  const sessionId = checkout.providerSessionId;
  if (sessionId) {
    const result = await provider(() => deps.payments.expireSession(sessionId));
    if (result === 'paid') return;
  }
  await deps.db.transaction((tx) => endUnpaid(tx, checkoutId, sessionId ? 'expired' : 'failed'));
}

/** Step 2 of checkout: the provider's hosted payment page for the whole cart. */
export function openPaymentPage(
  deps: MoneyPathDeps,
  session: CheckoutSessionInput,
): Promise<CreatedSession> {
  return provider(() => deps.payments.createCheckoutSession(session));
}

/** Undo of openPaymentPage: the page stops taking payment. */
export async function closePaymentPage(deps: MoneyPathDeps, sessionId: string): Promise<void> {
  await deps.payments.expireSession(sessionId);
}

/**
 * Step 3 of checkout: the page recorded on the checkout, if nobody ended it meanwhile (a newer
 * checkout of the same cart did: 409, and the undos close this page again).
 */
export async function attachPaymentPage(
  db: Db,
  reservation: Reservation,
  page: CreatedSession,
): Promise<void> {
  const attached = await attachSession(
    db,
    reservation.checkoutId,
    page,
    reservation.session.expiresAt,
  );
  if (!attached) throw conflict(CHECKOUT_MESSAGES.cartChanged);
}

/**
 * The payment module's ledger of handled events, for one event (the payments module owns the
 * ledger and hands it in): `seen` answers a replay before anything is asked; `record` writes the
 * event id in the transaction that handles it and is false when it was handled before.
 */
export interface EventLedger {
  seen(): Promise<boolean>;
  record(tx: Db): Promise<boolean>;
}

export interface PaidCheckout {
  checkoutId: number;
  orderIds: number[];
  /** The orders refunded at once because their stock was gone (their refund jobs wait). */
  soldOutOrderIds: number[];
}

/**
 * The payment's step in the database, one transaction that also records the event id (a
 * replay changes nothing): the checkout becomes paid — its orders Paid with their share of the
 * discount and the §3 notes, their lines taken out of stock, the payout rows, the bought
 * quantities out of the cart, the seller dashboard told. Only a checkout whose stored session
 * is the event's. A brand order whose stock is gone (the payment came after the checkout ended
 * and its hold was released, or its seller lowered the count) is paid and refunded in full at
 * once, nothing transferred for it, its buyer and brand told (issue 26, decision 0042).
 */
export function payOrders(
  deps: MoneyPathDeps,
  event: PaymentEvent,
  session: SessionSnapshot,
  details: PaymentDetails,
  ledger: Pick<EventLedger, 'record'>,
): Promise<{ outcome: WebhookOutcome; paid?: PaidCheckout }> {
  const checkoutId = session.checkoutId!;
  return deps.db.transaction(async (tx) => {
    if (!(await ledger.record(tx))) return { outcome: 'duplicate' };
    // The cart first, then the checkout: the order checkout/ takes them in.
    const owner = await findCheckoutOwner(tx, checkoutId);
    const cartId = owner?.userId ? await lockCart(tx, owner.userId) : undefined;
    const checkout = await lockCheckout(tx, checkoutId);
    if (!checkout || checkout.providerSessionId !== session.id) {
      deps.log.warn({ event: event.id, checkoutId }, 'payment event for an unknown session');
      return { outcome: 'ignored' };
    }
    if (checkout.status === 'paid') return { outcome: 'unchanged' };
    if (checkout.status !== 'open') {
      // The provider took a payment after the checkout ended (its page expired meanwhile).
      deps.log.warn(
        { event: event.id, checkoutId, status: checkout.status },
        'a payment came for a checkout that had ended: its orders are paid where their stock is left, else refunded',
      );
    }

    const brandOrders = await listCheckoutOrders(tx, checkoutId);
    const originalCents = brandOrders.reduce((s, o) => s + o.subtotalCents + o.shippingCents, 0);
    if (session.amountSubtotalCents !== originalCents) {
      deps.log.warn(
        { event: event.id, checkoutId, provider: session.amountSubtotalCents, ours: originalCents },
        'the payment subtotal differs from the orders',
      );
    }
    const { shortOrders } = await sellCheckoutStock(
      tx,
      checkoutId,
      brandOrders.map((o) => o.id),
    );
    const shares = prorateDiscount(session.amountDiscountCents, brandOrders);
    const discountCents = shares.reduce((s, d) => s + d, 0);
    const discountCode = discountCents > 0 ? details.discountCode : null;
    const allIds = brandOrders.map((o) => o.id);
    const paid: { orderId: number; businessId: number; totalCents: number }[] = [];
    for (const [i, order] of brandOrders.entries()) {
      const share = shares[i]!;
      const totalCents = order.subtotalCents + order.shippingCents - share;
      const notes: OrderNotes = {
        discount_applied: discountCents > 0,
        discount_code: discountCode,
        global_original_total: centsToPrice(originalCents),
        global_discount_amount: centsToPrice(discountCents),
        global_discounted_total: centsToPrice(originalCents - discountCents),
        related_orders: allIds.filter((id) => id !== order.id),
      };
      await markOrderPaid(tx, order.id, {
        discountCents: share,
        totalCents,
        payoutCents: payoutCents(totalCents),
        cardBrand: details.cardBrand,
        billingAddress: details.billingAddress,
        notes: JSON.stringify(notes),
      });
      paid.push({ orderId: order.id, businessId: order.businessId, totalCents });
    }
    await markCheckoutPaid(tx, checkoutId, {
      discountCents,
      discountCode,
      totalCents: originalCents - discountCents,
    });
    const sold = paid.filter((p) => !shortOrders.has(p.orderId));
    const soldOut = paid.filter((p) => shortOrders.has(p.orderId));
    // The brands' payouts, each with its transfer job: committed with the payment. An order
    // refunded for want of stock gets its payout row canceled, and no transfer.
    await insertPayouts(deps.jobs, tx, checkoutId, sold);
    await insertWithheldPayouts(tx, checkoutId, soldOut);
    for (const order of soldOut) await claimSoldOutRefund(deps.jobs, tx, order);
    if (cartId !== undefined) {
      await removeBoughtLines(tx, cartId, await listBoughtQuantities(tx, checkoutId));
    }
    await recordOrderEvents(
      tx,
      paid.map((p) => ({ order: p.orderId, business: p.businessId, type: 'paid', status: 'Paid' })),
    );
    // Orders of a brand with Shopify order sync on: pushed by a job committed with the payment.
    await queueShopifyOrderPushes(
      deps.jobs,
      tx,
      sold.map((p) => p.orderId),
    );
    // The buyer's confirmation and each brand's new order: committed with the payment. The
    // orders refunded for want of stock get their own e-mail, to the buyer and the brand.
    if (sold.length) {
      await queueOrderEmails(deps.jobs, tx, { kind: 'paid', orderIds: sold.map((p) => p.orderId) });
    }
    for (const order of soldOut) {
      await queueOrderEmails(deps.jobs, tx, { kind: 'sold_out', orderId: order.orderId });
    }
    return {
      outcome: 'paid',
      paid: { checkoutId, orderIds: allIds, soldOutOrderIds: soldOut.map((p) => p.orderId) },
    };
  });
}

/**
 * An unpaid checkout ends (its page expired, or its payment failed), in one transaction that
 * records the event: the checkout `expired`, its Pending orders Canceled.
 */
export function endUnpaidCheckout(
  deps: MoneyPathDeps,
  session: SessionSnapshot,
  ledger: Pick<EventLedger, 'record'>,
): Promise<WebhookOutcome> {
  const checkoutId = session.checkoutId!;
  return deps.db.transaction(async (tx) => {
    if (!(await ledger.record(tx))) return 'duplicate';
    const checkout = await lockCheckout(tx, checkoutId);
    if (!checkout || checkout.providerSessionId !== session.id) return 'ignored';
    return (await endUnpaid(tx, checkoutId, 'expired')) ? 'expired' : 'unchanged';
  });
}

/** After the payment commits: this instance's workers take the brands' transfers at once. */
export function afterPayment(deps: Pick<MoneyPathDeps, 'jobs'>): void {
  deps.jobs.wake(PAYOUT_TRANSFER_QUEUE);
}
