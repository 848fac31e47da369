import {
  ACCOUNT_MESSAGES,
  CHECKOUT_MESSAGES,
  type CheckoutBody,
  type CheckoutResponse,
  type OrderAddress,
} from '@leafline/contract';
import {
  type CheckoutSessionInput,
  type PaymentProvider,
  PaymentProviderError,
} from '../../adapters/payments/payment-provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { findAddress, type ShippingAddressRow } from '../address/address.repo';
import type { CartLineRow } from '../cart/cart.repo';
import { type PricedCart, priceCart, unitPriceCents } from '../cart/cart.service';
import { transferGroupOf } from '../payouts/payouts.service';
import {
  attachSession,
  endOpenCheckout,
  findBuyer,
  insertCheckout,
  insertOrder,
  lockCart,
  lockOpenCheckouts,
} from './checkout.repo';
import { variantLabel, variantOptions } from './variant-options';

/**
 * SPEC §7 `checkout/` (DESIGN 2.5, 2.7), in steps, each with its undo when a later one fails:
 *   1. one transaction, holding the cart's lock: re-price the cart (priceCart, what the cart
 *      page shows), compare it with what the buyer saw, end the buyer's previous unpaid
 *      checkout (at the provider first), and write the checkout with one Pending order per
 *      brand — prices, names and the address copied as they are now;
 *   2. ask the provider for the hosted payment page (failure: the orders are Canceled, 503);
 *   3. record the provider's session on the checkout, if nobody ended it meanwhile (a newer
 *      checkout of the same cart did: that session is expired again, 409).
 */

export interface CheckoutDeps {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  tasks: BackgroundTasks;
}

/** How long the hosted page takes payment (Stripe allows 30 minutes to 24 hours). */
export const CHECKOUT_SESSION_MINUTES = 60;

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

export function orderAddressOf(address: ShippingAddressRow): OrderAddress {
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

interface Written {
  checkoutId: number;
  orderIds: number[];
  session: CheckoutSessionInput;
  expiredPrevious: boolean;
}

const unavailable = () => new AppError(503, CHECKOUT_MESSAGES.paymentUnavailable);

/** Step 1: the checkout and its brand orders, in one transaction. */
async function writeCheckout(
  deps: CheckoutDeps,
  userId: number,
  body: CheckoutBody | null | undefined,
): Promise<Written> {
  return deps.db.transaction(async (tx) => {
    const cartId = await lockCart(tx, userId);
    const buyer = await findBuyer(tx, userId);
    if (!buyer) throw new AppError(401, ACCOUNT_MESSAGES.tokenNotValid);
    const address = await findAddress(tx, userId);
    if (!address) {
      throw new AppError(400, CHECKOUT_MESSAGES.noAddress, { detail: CHECKOUT_MESSAGES.noAddress });
    }
    const cart: PricedCart | null = cartId === undefined ? null : await priceCart(tx, userId);
    if (!cart) throw badRequest(CHECKOUT_MESSAGES.cartEmpty);
    if (body?.items !== undefined && !sameLines(cart.lines, body.items)) {
      throw conflict(CHECKOUT_MESSAGES.cartChanged);
    }

    // One payable checkout per cart: the previous one stops taking payment first.
    let expiredPrevious = false;
    for (const previous of await lockOpenCheckouts(tx, userId)) {
      if (previous.providerSessionId) {
        let result: 'expired' | 'paid';
        try {
          result = await deps.payments.expireSession(previous.providerSessionId, { db: tx });
        } catch (error) {
          if (error instanceof PaymentProviderError) throw unavailable();
          throw error;
        }
        if (result === 'paid') throw conflict(CHECKOUT_MESSAGES.alreadyPaid);
      }
      await endOpenCheckout(tx, previous.id, 'expired');
      expiredPrevious = true;
    }

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
    return { checkoutId: checkout.id, orderIds, session, expiredPrevious };
  });
}

/** POST checkout/: the hosted payment page for the whole cart, and the orders it pays. */
export async function startCheckout(
  deps: CheckoutDeps,
  userId: number,
  body: CheckoutBody | null | undefined,
): Promise<CheckoutResponse> {
  const written = await writeCheckout(deps, userId, body);
  if (written.expiredPrevious) {
    // The local provider reports the previous session's end through the webhook now.
    const sweep = deps.payments.sweep;
    if (sweep) deps.tasks.run('payment provider sweep', () => sweep());
  }

  let created: { id: string; url: string };
  try {
    created = await deps.payments.createCheckoutSession(written.session);
  } catch (error) {
    await endOpenCheckout(deps.db, written.checkoutId, 'failed');
    if (error instanceof PaymentProviderError) throw unavailable();
    throw error;
  }

  const attached = await attachSession(
    deps.db,
    written.checkoutId,
    created.id,
    written.session.expiresAt,
  );
  if (!attached) {
    // A newer checkout of this cart ended this one while the page was being made.
    await deps.payments.expireSession(created.id).catch(() => 'expired' as const);
    throw conflict(CHECKOUT_MESSAGES.cartChanged);
  }
  return { checkout_url: created.url, order_ids: written.orderIds };
}
