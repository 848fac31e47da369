import { CURRENCY } from '@leafline/contract';
import Stripe from 'stripe';
import {
  type AccountLinkInput,
  type CheckoutSessionInput,
  type ConnectedAccountInput,
  type CreatedSession,
  type PaymentDetails,
  type PaymentProvider,
  PaymentProviderError,
  PaymentRefusedError,
  PromotionCodeRefusedError,
  type PromotionLookup,
  type RefundInput,
  readExpandedDetails,
  type SessionSnapshot,
  type TransferInput,
  type TransferReversalInput,
  verifyStripeSignedEvent,
  WebhookError,
} from './payment-provider';

/**
 * Stripe Checkout and Connect transfers with the real SDK (DESIGN 2.7). `api` points the SDK
 * at another host (a local fake in tests, stripe-mock in development); unset means Stripe.
 */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret (connected accounts' events), when it has its own. */
  connectWebhookSecret?: string;
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Retries of a failed network call inside one attempt (same idempotency key). */
  maxNetworkRetries?: number;
}

const unavailable = (what: string, error: unknown) =>
  new PaymentProviderError(
    `Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );

/**
 * Stripe's own words when it answered and declined (a refusal the seller is shown), else
 * `unavailable`: no answer, a 5xx, or a request with the same key still running (409
 * idempotency error) — whether it took effect is then unknown.
 */
const refused = (what: string, error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  error.statusCode &&
  error.statusCode < 500 &&
  !(error instanceof Stripe.errors.StripeIdempotencyError)
    ? new PaymentRefusedError(error.message, { cause: error })
    : unavailable(what, error);

/** The Checkout lines of a cart: its items, then each brand's shipping when it is not free. */
function checkoutLineItems(
  input: CheckoutSessionInput,
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.items.map((item) => ({
    quantity: item.quantity,
    price_data: {
      currency: CURRENCY,
      unit_amount: item.unitAmountCents,
      product_data: {
        name: item.name,
        ...(item.description ? { description: item.description } : {}),
        metadata: { business_id: String(item.businessId), business: item.businessName },
      },
    },
  }));
  // Free shipping is no line: Checkout shows the brand's items anyway.
  for (const ship of input.shipping) {
    if (ship.amountCents <= 0) continue;
    lineItems.push({
      quantity: 1,
      price_data: {
        currency: CURRENCY,
        unit_amount: ship.amountCents,
        product_data: {
          name: `Shipping — ${ship.businessName}`,
          metadata: { business_id: String(ship.businessId), kind: 'shipping' },
        },
      },
    });
  }
  return lineItems;
}

/**
 * A promotion code as Stripe's Checkout would take it now (docs/decisions/0056): active, not
 * expired, not used up, its coupon valid and in the shop's currency, not limited to products
 * (the session's lines are made per payment, so such a coupon would take nothing off).
 */
async function findStripePromotion(stripe: Stripe, code: string): Promise<PromotionLookup> {
  let found: Stripe.PromotionCode | undefined;
  try {
    const list = await stripe.promotionCodes.list({
      code: code.trim(),
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    });
    found = list.data[0];
  } catch (error) {
    throw unavailable('promotion code lookup', error);
  }
  if (!found) return { ok: false, problem: 'invalid' };
  const now = Date.now() / 1000;
  const coupon = found.promotion?.coupon;
  if (!coupon || typeof coupon === 'string') return { ok: false, problem: 'invalid' };
  if (
    (found.expires_at && found.expires_at <= now) ||
    (coupon.redeem_by && coupon.redeem_by <= now)
  ) {
    return { ok: false, problem: 'expired' };
  }
  const usedUp = (max: number | null, used: number) => max !== null && used >= max;
  if (
    !coupon.valid ||
    usedUp(found.max_redemptions, found.times_redeemed) ||
    usedUp(coupon.max_redemptions, coupon.times_redeemed) ||
    (coupon.amount_off !== null && coupon.currency !== CURRENCY) ||
    (coupon.applies_to?.products?.length ?? 0) > 0
  ) {
    return { ok: false, problem: 'invalid' };
  }
  return {
    ok: true,
    promotion: {
      id: found.id,
      code: found.code,
      percentOff: coupon.percent_off,
      amountOffCents: coupon.amount_off,
      coversShipping: true,
    },
  };
}

/** Checkout sessions: made, expired, and read back for the payment's details. */
function stripeCheckout(
  stripe: Stripe,
): Pick<
  PaymentProvider,
  'findPromotionCode' | 'createCheckoutSession' | 'expireSession' | 'paymentDetails'
> {
  return {
    findPromotionCode: (code) => findStripePromotion(stripe, code),

    async createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedSession> {
      const lineItems = checkoutLineItems(input);
      // Stripe takes either a code applied now or the page's code field, never both.
      const promotion = input.promotion
        ? { discounts: [{ promotion_code: input.promotion.id }] }
        : { allow_promotion_codes: true };
      try {
        // No idempotency key of our own: checkout ids repeat across databases (a reset
        // development database), and one key with other parameters is refused for 24 h.
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: lineItems,
          ...promotion,
          customer_email: input.customerEmail,
          client_reference_id: String(input.checkoutId),
          metadata: { checkout_id: String(input.checkoutId) },
          payment_intent_data: {
            transfer_group: input.transferGroup,
            metadata: { checkout_id: String(input.checkoutId) },
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        });
        if (!session.url) throw new Error('the session has no url');
        return { id: session.id, url: session.url };
      } catch (error) {
        // The code chosen in the cart was switched off, expired or used up meanwhile.
        if (
          input.promotion &&
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param?.startsWith('discounts')
        ) {
          throw new PromotionCodeRefusedError('invalid', error.message, { cause: error });
        }
        throw unavailable('checkout session', error);
      }
    },

    async expireSession(sessionId: string): Promise<'expired' | 'paid'> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        // Not open any more: ask what it became.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw unavailable('session expiry', error);
        }
        try {
          const session = await stripe.checkout.sessions.retrieve(sessionId);
          return session.status === 'complete' ? 'paid' : 'expired';
        } catch (again) {
          if (again instanceof Stripe.errors.StripeInvalidRequestError) return 'expired';
          throw unavailable('session lookup', again);
        }
      }
    },

    async paymentDetails(session: SessionSnapshot): Promise<PaymentDetails> {
      const known = readExpandedDetails(session.raw);
      try {
        const full = await stripe.checkout.sessions.retrieve(session.id, {
          expand: ['payment_intent.latest_charge', 'total_details.breakdown'],
        });
        const read = readExpandedDetails(full as unknown as Record<string, unknown>);
        let discountCode = read.discountCode ?? known.discountCode;
        if (!discountCode) {
          // The promotion code comes as an id unless expanded further (4 levels at most).
          const promotionId = full.total_details?.breakdown?.discounts
            ?.map((d) => d.discount.promotion_code)
            .find((p): p is string => typeof p === 'string');
          if (promotionId) discountCode = (await stripe.promotionCodes.retrieve(promotionId)).code;
        }
        return {
          cardBrand: read.cardBrand || known.cardBrand,
          discountCode,
          billingAddress: read.billingAddress ?? known.billingAddress,
        };
      } catch {
        // Details only label the order; the payment itself is not in doubt.
        return known;
      }
    },
  };
}

/** Connect transfers to the brands, refunds to the buyer, and transfer reversals. */
function stripeMoney(
  stripe: Stripe,
): Pick<PaymentProvider, 'createTransfer' | 'findTransfer' | 'refundPayment' | 'reverseTransfer'> {
  return {
    async createTransfer(input: TransferInput, idempotencyKey: string) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountCents,
            currency: CURRENCY,
            destination: input.destination,
            transfer_group: input.transferGroup,
            metadata: { order_id: String(input.orderId) },
          },
          { idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        throw unavailable('transfer', error);
      }
    },

    async findTransfer(input: { orderId: number; transferGroup: string }) {
      try {
        for await (const transfer of stripe.transfers.list({
          transfer_group: input.transferGroup,
          limit: 100,
        })) {
          if (transfer.metadata?.order_id === String(input.orderId)) return { id: transfer.id };
        }
        return null;
      } catch (error) {
        throw unavailable('transfer lookup', error);
      }
    },

    async refundPayment(input: RefundInput, idempotencyKey: string) {
      let paymentIntent: string | undefined;
      try {
        const session = await stripe.checkout.sessions.retrieve(input.sessionId);
        const intent = session.payment_intent;
        paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      } catch (error) {
        throw refused('payment lookup', error);
      }
      if (!paymentIntent) {
        throw new PaymentRefusedError('This payment was not completed, so it cannot be refunded.');
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amountCents,
            metadata: { order_id: String(input.orderId) },
            reason: 'requested_by_customer',
          },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new PaymentRefusedError(
            `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}.`,
          );
        }
        return { id: refund.id };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw refused('refund', error);
      }
    },

    async reverseTransfer(input: TransferReversalInput, idempotencyKey: string) {
      try {
        const reversal = await stripe.transfers.createReversal(
          input.transferId,
          { amount: input.amountCents, metadata: { order_id: String(input.orderId) } },
          { idempotencyKey },
        );
        return { id: reversal.id };
      } catch (error) {
        throw refused('transfer reversal', error);
      }
    },
  };
}

/** The brands' Connect Express accounts and their onboarding links. */
function stripeAccounts(
  stripe: Stripe,
): Pick<PaymentProvider, 'createConnectedAccount' | 'createAccountLink'> {
  return {
    async createConnectedAccount(input: ConnectedAccountInput) {
      try {
        // Connect Express: Stripe hosts the onboarding and the brand's payout dashboard; the
        // platform sends transfers (DESIGN 2.7), so the account needs the transfers capability.
        const account = await stripe.accounts.create({
          type: 'express',
          email: input.email,
          business_profile: { name: input.name },
          capabilities: { transfers: { requested: true } },
          metadata: { business_id: String(input.businessId) },
        });
        return { id: account.id };
      } catch (error) {
        throw unavailable('connected account', error);
      }
    },

    async createAccountLink(input: AccountLinkInput) {
      try {
        const link = await stripe.accountLinks.create({
          type: 'account_onboarding',
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
        });
        return { url: link.url };
      } catch (error) {
        throw unavailable('account link', error);
      }
    },
  };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Leafline' },
    ...(options.api ?? {}),
  });

  return {
    name: 'stripe',
    ...stripeCheckout(stripe),

    verifyWebhook(rawBody, signature) {
      try {
        return verifyStripeSignedEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        // Stripe signs a Connect endpoint's events with that endpoint's own secret.
        const connect = options.connectWebhookSecret;
        if (!connect || !(error instanceof WebhookError) || error.reason !== 'signature') {
          throw error;
        }
        return verifyStripeSignedEvent(rawBody, signature, connect);
      }
    },

    ...stripeMoney(stripe),
    ...stripeAccounts(stripe),
  };
}
