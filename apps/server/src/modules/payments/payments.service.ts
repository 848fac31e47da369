import { centsToPrice, type Order, type OrderNotes } from '@leafline/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer';
import type {
  PaymentDetails,
  PaymentEvent,
  PaymentProvider,
  SessionSnapshot,
} from '../../adapters/payments/payment-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  cartItems,
  carts,
  checkouts,
  orderItems,
  orders,
  processedWebhookEvents,
  users,
} from '../../db/schema/index';
import type { BackgroundTasks } from '../../lib/background-tasks';
import {
  endOpenCheckout,
  listStrandedCheckouts,
  lockCart,
  lockCheckout,
} from '../checkout/checkout.repo';
import { brandNewOrderEmail, buyerConfirmationEmail } from '../orders/order-emails';
import { findOrdersByIds } from '../orders/orders.repo';
import { withItems } from '../orders/orders.service';
import { insertPayouts, payoutCents, processDuePayouts } from '../payouts/payouts.service';
import { prorateDiscount } from './discount';

/**
 * The payment webhook's effects (DESIGN 2.7). Each event is handled in one transaction that
 * also records its id (processed_webhook_events, ON CONFLICT DO NOTHING), so a replay changes
 * nothing; only an open checkout can become paid or expired, so events in any order leave one
 * outcome. Transfers and e-mails follow the commit, in the background.
 */

export interface PaymentsDeps {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  mailer: Mailer;
  tasks: BackgroundTasks;
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);
const ENDED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

export type EventOutcome = 'paid' | 'expired' | 'duplicate' | 'unchanged' | 'ignored';

/** Records the event id; false when it was handled before (the caller then changes nothing). */
async function recordEvent(tx: Db, provider: string, event: PaymentEvent): Promise<boolean> {
  const rows = await tx
    .insert(processedWebhookEvents)
    .values({ id: event.id, provider, type: event.type })
    .onConflictDoNothing({ target: processedWebhookEvents.id })
    .returning({ id: processedWebhookEvents.id });
  return rows.length > 0;
}

async function checkoutOwner(db: Db, checkoutId: number) {
  const [row] = await db
    .select({ userId: checkouts.userId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row;
}

/** Removes what was bought from the buyer's cart (a line bought only in part keeps the rest). */
async function removeBoughtLines(tx: Db, cartId: number, checkoutId: number): Promise<void> {
  const bought = sql`(select ${orderItems.productId} as product_id, ${orderItems.variantId} as variant_id,
      sum(${orderItems.quantity})::int as quantity
    from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${orders.checkoutId} = ${checkoutId}
    group by ${orderItems.productId}, ${orderItems.variantId})`;
  const sameLine = sql`${cartItems.cartId} = ${cartId} and ${cartItems.productId} = b.product_id
    and ${cartItems.variantId} is not distinct from b.variant_id`;
  await tx.execute(
    sql`delete from ${cartItems} using ${bought} b where ${sameLine} and ${cartItems.quantity} <= b.quantity`,
  );
  await tx.execute(
    sql`update ${cartItems} set quantity = ${cartItems.quantity} - b.quantity from ${bought} b
      where ${sameLine} and ${cartItems.quantity} > b.quantity`,
  );
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

interface PaidCheckout {
  checkoutId: number;
  userId: number | null;
  orderIds: number[];
}

/** `checkout.session.completed`: the open checkout becomes paid, in one transaction. */
async function markPaid(
  deps: PaymentsDeps,
  event: PaymentEvent,
  session: SessionSnapshot,
  details: PaymentDetails,
): Promise<{ outcome: EventOutcome; paid?: PaidCheckout }> {
  const checkoutId = session.checkoutId!;
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, deps.payments.name, event))) return { outcome: 'duplicate' };
    // The cart first, then the checkout: the order checkout/ takes them in.
    const owner = await checkoutOwner(tx, checkoutId);
    const cartId = owner?.userId ? await lockCart(tx, owner.userId) : undefined;
    const checkout = await lockCheckout(tx, checkoutId);
    if (!checkout || checkout.providerSessionId !== session.id) {
      deps.log.warn({ event: event.id, checkoutId }, 'payment event for an unknown session');
      return { outcome: 'ignored' };
    }
    if (checkout.status !== 'open') {
      if (checkout.status !== 'paid') {
        // Only possible if the provider let a session be paid after we ended it.
        deps.log.error(
          { event: event.id, checkoutId, status: checkout.status },
          'a session was paid for a checkout that had ended: refund it by hand',
        );
      }
      return { outcome: 'unchanged' };
    }

    const brandOrders = await tx
      .select({
        id: orders.id,
        businessId: orders.businessId,
        subtotalCents: orders.subtotalCents,
        shippingCents: orders.shippingFeeCents,
      })
      .from(orders)
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'Pending')))
      .orderBy(asc(orders.id));
    const originalCents = brandOrders.reduce((s, o) => s + o.subtotalCents + o.shippingCents, 0);
    if (session.amountSubtotalCents !== originalCents) {
      deps.log.warn(
        { event: event.id, checkoutId, provider: session.amountSubtotalCents, ours: originalCents },
        'the payment subtotal differs from the orders',
      );
    }
    const shares = prorateDiscount(session.amountDiscountCents, brandOrders);
    const discountCents = shares.reduce((s, d) => s + d, 0);
    const allIds = brandOrders.map((o) => o.id);
    const paid: { orderId: number; businessId: number; totalCents: number }[] = [];
    for (const [i, order] of brandOrders.entries()) {
      const share = shares[i]!;
      const totalCents = order.subtotalCents + order.shippingCents - share;
      const notes: OrderNotes = {
        discount_applied: discountCents > 0,
        discount_code: discountCents > 0 ? details.discountCode : null,
        global_original_total: centsToPrice(originalCents),
        global_discount_amount: centsToPrice(discountCents),
        global_discounted_total: centsToPrice(originalCents - discountCents),
        related_orders: allIds.filter((id) => id !== order.id),
      };
      await tx
        .update(orders)
        .set({
          status: 'Paid',
          discountCents: share,
          totalCents,
          payoutCents: payoutCents(totalCents),
          cardBrand: details.cardBrand,
          ...(details.billingAddress ? { billingAddress: details.billingAddress } : {}),
          notes: JSON.stringify(notes),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id));
      paid.push({ orderId: order.id, businessId: order.businessId, totalCents });
    }
    await tx
      .update(checkouts)
      .set({
        status: 'paid',
        discountCents,
        discountCode: discountCents > 0 ? details.discountCode : null,
        totalCents: originalCents - discountCents,
        updatedAt: new Date(),
      })
      .where(eq(checkouts.id, checkoutId));
    await insertPayouts(tx, checkoutId, paid);
    if (cartId !== undefined) await removeBoughtLines(tx, cartId, checkoutId);
    // Real-time order updates for the seller dashboard (DESIGN 2.13).
    for (const p of paid) {
      await tx.execute(
        sql`select pg_notify('leafline_orders', ${JSON.stringify({ order: p.orderId, business: p.businessId, status: 'Paid' })})`,
      );
    }
    return {
      outcome: 'paid',
      paid: { checkoutId, userId: owner?.userId ?? null, orderIds: allIds },
    };
  });
}

/** `checkout.session.expired`: an open checkout ends, its orders are Canceled. */
async function markExpired(
  deps: PaymentsDeps,
  event: PaymentEvent,
  session: SessionSnapshot,
): Promise<EventOutcome> {
  const checkoutId = session.checkoutId!;
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, deps.payments.name, event))) return 'duplicate';
    const checkout = await lockCheckout(tx, checkoutId);
    if (!checkout || checkout.providerSessionId !== session.id) return 'ignored';
    return (await endOpenCheckout(tx, checkoutId, 'expired')) ? 'expired' : 'unchanged';
  });
}

/** The e-mails of a paid checkout: the buyer's confirmation and each brand's new order. */
export async function sendOrderEmails(deps: PaymentsDeps, orderIds: readonly number[]) {
  const rows = (await findOrdersByIds(deps.db, orderIds)).sort((a, b) => a.id - b.id);
  const first = rows[0];
  if (!first) return;
  const list: Order[] = await withItems(deps.db, rows);
  const [buyer] = first.userId
    ? await deps.db
        .select({ firstName: users.firstName })
        .from(users)
        .where(eq(users.id, first.userId))
    : [];
  const publicUrl = deps.config.publicUrl;
  const messages = [
    buyerConfirmationEmail({
      to: first.userEmail,
      firstName: buyer?.firstName ?? '',
      orders: list,
      publicUrl,
    }),
    ...rows
      .map((row, i) => ({ row, order: list[i]! }))
      .filter(({ row }) => row.businessEmail.trim() !== '')
      .map(({ row, order }) =>
        brandNewOrderEmail({
          to: row.businessEmail,
          order,
          payoutCents: payoutCents(row.totalCents),
          publicUrl,
        }),
      ),
  ];
  for (const message of messages) {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.log.error(
        { err: error, to: message.to, subject: message.subject },
        'order e-mail failed',
      );
    }
  }
}

/** Handles one verified event; what it changed. */
export async function handlePaymentEvent(
  deps: PaymentsDeps,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const session = event.session;
  if (!session || session.checkoutId === null) return 'ignored';
  if (ENDED_EVENTS.has(event.type)) return markExpired(deps, event, session);
  if (!PAID_EVENTS.has(event.type)) return 'ignored';
  // Paid later (a bank debit): Stripe sends async_payment_succeeded then.
  if (session.paymentStatus !== 'paid' && session.paymentStatus !== 'no_payment_required') {
    return 'ignored';
  }
  // A replay is answered before asking the provider anything (the insert below decides).
  const [seen] = await deps.db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id));
  if (seen) return 'duplicate';
  const details = await deps.payments.paymentDetails(session);
  const result = await markPaid(deps, event, session, details);
  const paid = result.paid;
  if (paid) {
    deps.log.info({ checkoutId: paid.checkoutId, orders: paid.orderIds }, 'checkout paid');
    deps.tasks.run('payouts', () => processDuePayouts(deps, { orderIds: paid.orderIds }));
    deps.tasks.run('order e-mails', () => sendOrderEmails(deps, paid.orderIds));
  }
  return result.outcome;
}

/**
 * The periodic payment job: the provider's own sweep (the local provider expires old sessions
 * and redelivers events), checkouts stranded without a session, and due payouts.
 */
export async function runPaymentJobs(deps: PaymentsDeps): Promise<void> {
  await deps.payments.sweep?.();
  for (const checkoutId of await listStrandedCheckouts(deps.db, 15)) {
    await endOpenCheckout(deps.db, checkoutId, 'failed');
  }
  await processDuePayouts(deps);
}
