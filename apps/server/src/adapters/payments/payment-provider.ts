import { createHmac } from 'node:crypto';
import { isStoredId } from '@leafline/contract/ids';
import Stripe from 'stripe';
import { z } from 'zod';

/**
 * The card payment provider (DESIGN 1, 2.7): one hosted payment page for a whole multi-brand
 * cart, signed webhook events back, and one transfer per brand order. Two implementations:
 * Stripe (`stripe-provider.ts`, with a secret key) and the local provider (`local-provider.ts`,
 * the zero-setup default), which reports through the same webhook route with the same
 * signature scheme. No call is ever made inside a database transaction of the app
 * (`outside-transactions.ts` refuses it; decision 0011).
 */

/** A product line of the payment: what the buyer sees on the hosted page. */
export interface PaymentItemLine {
  name: string;
  /** Variant options, shown under the name ("M / Sage"). */
  description: string | null;
  quantity: number;
  unitAmountCents: number;
  businessId: number;
  businessName: string;
}

export interface PaymentShippingLine {
  businessId: number;
  businessName: string;
  amountCents: number;
}

/**
 * A promotion code the provider knows (docs/decisions/0056): the local page's `promo_codes` row,
 * or a Stripe promotion code with its coupon. Its rules (on, expiry, limits) were checked when
 * it was found; what it takes off is `promotionDiscountCents`.
 */
export interface PromotionCode {
  /** The provider's id: Stripe's `promo_…`, the local `promo_local_<row id>`. */
  id: string;
  /** The code as the provider spells it (what the paid orders' notes will read). */
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  /**
   * Whether it takes off the shipping lines too: a Stripe coupon applies to every line of the
   * session, shipping lines included; the local page's codes take off the items only.
   */
  coversShipping: boolean;
}

export type PromotionProblem = 'invalid' | 'expired';

export type PromotionLookup =
  | { ok: true; promotion: PromotionCode }
  | { ok: false; problem: PromotionProblem };

/**
 * What a promotion takes off a payment, in cents: a percentage rounded half up, or an amount,
 * never more than what it applies to (the items; the shipping lines too when it covers them).
 */
export function promotionDiscountCents(
  promotion: Pick<PromotionCode, 'percentOff' | 'amountOffCents' | 'coversShipping'>,
  amounts: { itemsCents: number; shippingCents: number },
): number {
  const base = amounts.itemsCents + (promotion.coversShipping ? amounts.shippingCents : 0);
  if (promotion.percentOff !== null) {
    return Math.min(base, Math.floor((base * promotion.percentOff + 50) / 100));
  }
  return Math.min(base, promotion.amountOffCents ?? 0);
}

export interface CheckoutSessionInput {
  checkoutId: number;
  /** The Stripe `transfer_group` shared by the payment and the brands' transfers. */
  transferGroup: string;
  customerEmail: string;
  items: PaymentItemLine[];
  /** One per brand of the cart, in the cart's order (0 when its shipping is free). */
  shipping: PaymentShippingLine[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /**
   * A code chosen in the cart, applied on the page from the start (Stripe: `discounts`
   * instead of `allow_promotion_codes`); none: the buyer may enter one on the page.
   */
  promotion?: PromotionCode | null;
}

export interface CreatedSession {
  id: string;
  /** Where to send the browser. */
  url: string;
}

/** The checkout session a webhook event is about (Stripe's `checkout.session` object). */
export interface SessionSnapshot {
  id: string;
  /** `metadata.checkout_id`, when it is a whole number. */
  checkoutId: number | null;
  amountSubtotalCents: number;
  amountTotalCents: number;
  amountDiscountCents: number;
  paymentStatus: string;
  email: string | null;
  /** The object as received (expanded fields included when present). */
  raw: Record<string, unknown>;
}

/** The connected account an `account.*` event is about (Stripe's `account` object). */
export interface AccountSnapshot {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface PaymentEvent {
  id: string;
  type: string;
  /** When the provider made the event (its `created`), if it said. */
  created: Date | null;
  /** Set for `checkout.session.*` events. */
  session: SessionSnapshot | null;
  /** Set for `account.*` events. */
  account: AccountSnapshot | null;
}

/** A brand's payout account (Stripe Connect Express, DESIGN 2.8). */
export interface ConnectedAccountInput {
  businessId: number;
  /** The business's public e-mail: prefilled on the provider's onboarding form. */
  email: string;
  name: string;
}

export interface AccountLinkInput {
  accountId: string;
  /** Where the provider sends the browser when the link expired or was used. */
  refreshUrl: string;
  /** Where the browser goes when onboarding is left (finished or not). */
  returnUrl: string;
}

export interface PaymentDetails {
  cardBrand: string;
  discountCode: string | null;
  /** The card holder's address when the provider collected one (§3 `billing_address`). */
  billingAddress: BillingAddress | null;
}

/** The §3 order address shape (contract `orderAddress`). */
export interface BillingAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
}

export interface TransferInput {
  amountCents: number;
  /** The brand's connected account. */
  destination: string;
  transferGroup: string;
  orderId: number;
}

export interface RefundInput {
  /** The checkout session whose payment is refunded (its payment intent at Stripe). */
  sessionId: string;
  amountCents: number;
  orderId: number;
}

export interface TransferReversalInput {
  /** The transfer to the brand that is taken back. */
  transferId: string;
  amountCents: number;
  orderId: number;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /**
   * A promotion code as the payment page would take it now (docs/decisions/0056): found,
   * switched on, not expired, not used up. Case does not matter.
   */
  findPromotionCode(code: string): Promise<PromotionLookup>;
  /** A session whose `promotion` no longer works throws PromotionCodeRefusedError. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedSession>;
  /**
   * Stops the session from taking payment. 'paid' when it was already paid (it cannot be
   * expired then); 'expired' otherwise (also when it had expired already).
   */
  expireSession(sessionId: string): Promise<'expired' | 'paid'>;
  /** Verifies the signature header over the raw body; throws WebhookError when it fails. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent;
  /** Card brand and promo code of a completed session (Stripe: read back, expanded). */
  paymentDetails(session: SessionSnapshot): Promise<PaymentDetails>;
  /** One transfer; the same idempotency key never makes a second one. */
  createTransfer(input: TransferInput, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * The transfer made for an order, if any (its group and `order_id` metadata; the local
   * provider names it from its key): a transfer whose answer was lost is found again.
   */
  findTransfer(
    input: { orderId: number; transferGroup: string },
    idempotencyKey: string,
  ): Promise<{ id: string } | null>;
  /**
   * Gives `amountCents` of a paid session back to the buyer; the same idempotency key never
   * makes a second refund. A refusal is a PaymentProviderError with the provider's own words.
   */
  refundPayment(input: RefundInput, idempotencyKey: string): Promise<{ id: string }>;
  /** Takes (part of) a transfer back from the brand; the same key never reverses twice. */
  reverseTransfer(input: TransferReversalInput, idempotencyKey: string): Promise<{ id: string }>;
  /** A new connected account for a brand's payouts (Connect Express). */
  createConnectedAccount(input: ConnectedAccountInput): Promise<{ id: string }>;
  /** A fresh single-use onboarding link of an account (`account_onboarding`). */
  createAccountLink(input: AccountLinkInput): Promise<{ url: string }>;
  /** Periodic work of the provider itself (the local provider expires its old sessions). */
  sweep?(): Promise<void>;
}

/** A webhook that is not signed by our secret, or not an event. */
export class WebhookError extends Error {
  constructor(
    readonly reason: 'signature' | 'event',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookError';
  }
}

/** The error a provider throws when it cannot be reached or refuses a call. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The provider answered and declined (a card closed, an amount too large, a payment not
 * complete): nothing was done, so asking again with a new idempotency key is safe. Any other
 * `PaymentProviderError` (no answer, a timeout, a 5xx, a request still running under the same
 * key) leaves it unknown whether the call took effect: it may only be repeated with its key.
 */
export class PaymentRefusedError extends PaymentProviderError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentRefusedError';
  }
}

/** The session's promotion code stopped working since it was found: nothing was made. */
export class PromotionCodeRefusedError extends PaymentRefusedError {
  constructor(
    readonly problem: PromotionProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PromotionCodeRefusedError';
  }
}

/** Stripe's signature header, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signPayload(payload: string, secret: string, timestamp = Date.now()): string {
  const t = Math.floor(timestamp / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

const cents = z.number().int();
const sessionObject = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('checkout.session').optional(),
  amount_subtotal: cents.nullish(),
  amount_total: cents.nullish(),
  total_details: z.looseObject({ amount_discount: cents.nullish() }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
  customer_details: z.looseObject({ email: z.string().nullish() }).nullish(),
  customer_email: z.string().nullish(),
});
const accountObject = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('account').optional(),
  charges_enabled: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
});
const eventShape = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative().nullish(),
  data: z.looseObject({ object: z.unknown() }),
});

/**
 * Verifies a webhook with Stripe's own code (`stripe.webhooks.constructEvent`: the signature,
 * and a timestamp at most 5 minutes old), then reads the event. Both providers use it.
 */
export function verifyStripeSignedEvent(
  rawBody: Buffer | string,
  signature: string | undefined,
  secret: string,
): PaymentEvent {
  if (!signature) throw new WebhookError('signature', 'no signature');
  let parsed: unknown;
  try {
    parsed = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookError('signature', error.message);
    }
    throw new WebhookError('event', 'the body is not JSON');
  }
  return readEvent(parsed);
}

export function readEvent(value: unknown): PaymentEvent {
  const event = eventShape.safeParse(value);
  if (!event.success) throw new WebhookError('event', 'not an event');
  const { id, type } = event.data;
  const created =
    typeof event.data.created === 'number' ? new Date(event.data.created * 1000) : null;
  const base = { id, type, created, session: null, account: null };
  if (type.startsWith('account.')) {
    const account = accountObject.safeParse(event.data.data.object);
    if (!account.success) throw new WebhookError('event', 'not an account');
    const a = account.data;
    return {
      ...base,
      account: {
        id: a.id,
        chargesEnabled: a.charges_enabled === true,
        payoutsEnabled: a.payouts_enabled === true,
        detailsSubmitted: a.details_submitted === true,
      },
    };
  }
  if (!type.startsWith('checkout.session.')) return base;
  const object = sessionObject.safeParse(event.data.data.object);
  if (!object.success) throw new WebhookError('event', 'not a checkout session');
  const o = object.data;
  const rawCheckoutId = o.metadata?.checkout_id ?? '';
  const checkoutId = /^\d{1,10}$/.test(rawCheckoutId) ? Number(rawCheckoutId) : null;
  return {
    ...base,
    session: {
      id: o.id,
      checkoutId: checkoutId !== null && isStoredId(checkoutId) ? checkoutId : null,
      amountSubtotalCents: o.amount_subtotal ?? 0,
      amountTotalCents: o.amount_total ?? 0,
      amountDiscountCents: o.total_details?.amount_discount ?? 0,
      paymentStatus: o.payment_status ?? '',
      email: o.customer_details?.email ?? o.customer_email ?? null,
      raw: o as Record<string, unknown>,
    },
  };
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * Card brand and promo code from a checkout session object with `payment_intent.latest_charge`
 * and `total_details.breakdown` expanded (and the discount's promotion code as an object).
 * Whatever is not expanded reads as unknown ('' / null).
 */
export function readExpandedDetails(session: Record<string, unknown>): PaymentDetails {
  const charge = record(record(session.payment_intent)?.latest_charge);
  const card = record(record(charge?.payment_method_details)?.card);
  const cardBrand = typeof card?.brand === 'string' ? card.brand : '';
  const breakdown = record(record(session.total_details)?.breakdown);
  const discounts = Array.isArray(breakdown?.discounts) ? breakdown.discounts : [];
  let discountCode: string | null = null;
  for (const entry of discounts) {
    const discount = record(record(entry)?.discount);
    const promotion = record(discount?.promotion_code);
    if (typeof promotion?.code === 'string') {
      discountCode = promotion.code;
      break;
    }
    const coupon = record(discount?.coupon) ?? record(record(discount?.source)?.coupon);
    if (typeof coupon?.name === 'string' && coupon.name) discountCode ??= coupon.name;
  }
  return { cardBrand, discountCode, billingAddress: readBillingAddress(session) };
}

/** `customer_details` (name, phone, address) as an order address, when it has a street. */
function readBillingAddress(session: Record<string, unknown>): BillingAddress | null {
  const details = record(session.customer_details);
  const address = record(details?.address);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (!address || !text(address.line1)) return null;
  return {
    name: text(details?.name),
    line1: text(address.line1),
    line2: text(address.line2),
    city: text(address.city),
    state: text(address.state),
    postal_code: text(address.postal_code),
    country: text(address.country),
    phone: text(details?.phone),
  };
}
