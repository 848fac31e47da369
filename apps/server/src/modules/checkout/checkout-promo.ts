import {
  CART_MESSAGES,
  type CartPromoResponse,
  CHECKOUT_MESSAGES,
  centsToPrice,
  PROMO_CODE_MESSAGES,
} from '@leafline/contract';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PromotionCode,
  type PromotionLookup,
  type PromotionProblem,
  promotionDiscountCents,
} from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import { AppError, badRequest, fieldError } from '../../lib/errors';
import { priceCart } from '../cart';
import { prorateDiscount } from './discount';

/**
 * A promo code chosen in the cart (issue 30 point 3, docs/decisions/0056). The codes and their
 * rules stay the payment provider's (`findPromotionCode`: the local page's `promo_codes`, or
 * Stripe's promotion codes); the cart only asks it, and shows the discount split over the
 * brands exactly as the paid webhook will split it (`prorateDiscount`). Checkout asks again and
 * puts the code on the payment page.
 */

const problemText = (problem: PromotionProblem) =>
  problem === 'expired' ? PROMO_CODE_MESSAGES.expired : PROMO_CODE_MESSAGES.invalid;

/** The provider's answer for a code; the provider away is the buyer's 503. */
async function lookUp(payments: PaymentProvider, code: string): Promise<PromotionLookup> {
  try {
    return await payments.findPromotionCode(code);
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      throw new AppError(503, CHECKOUT_MESSAGES.paymentUnavailable);
    }
    throw error;
  }
}

/**
 * Checkout's 400 for a code chosen in the cart that no longer works: the general text, and the
 * reason under `promo_code` (the checkout page drops the code and shows the new total).
 */
export const promotionNoLongerValid = (problem: PromotionProblem) =>
  badRequest(PROMO_CODE_MESSAGES.noLongerValid, { promo_code: problemText(problem) });

/** Checkout's code, found again now (before anything is made); none for an empty one. */
export async function checkoutPromotion(
  payments: PaymentProvider,
  code: string | undefined,
): Promise<PromotionCode | null> {
  if (!code?.trim()) return null;
  const found = await lookUp(payments, code);
  if (!found.ok) throw promotionNoLongerValid(found.problem);
  return found.promotion;
}

/**
 * POST api/cart/promo/: the code against the shopper's cart as it is now — what it takes off
 * (the payment page's rule) and each brand's share (the webhook's proration), brands in the
 * cart's order, which is the order of the brand orders checkout makes.
 */
export async function checkCartPromo(
  deps: { db: Db; payments: PaymentProvider },
  userId: number,
  code: string,
): Promise<CartPromoResponse> {
  const cart = await priceCart(deps.db, userId);
  if (!cart) throw badRequest(CART_MESSAGES.cartEmpty);
  const found = await lookUp(deps.payments, code);
  if (!found.ok) throw fieldError('code', problemText(found.problem));
  const { quote } = cart;
  const discountCents = promotionDiscountCents(found.promotion, {
    itemsCents: quote.subtotalCents,
    shippingCents: quote.totalFeeCents,
  });
  const shares = prorateDiscount(
    discountCents,
    quote.businesses.map((b) => ({ subtotalCents: b.subtotalCents, shippingCents: b.feeCents })),
  );
  const totalDiscount = shares.reduce((sum, share) => sum + share, 0);
  return {
    message: PROMO_CODE_MESSAGES.applied,
    code: found.promotion.code,
    discount: centsToPrice(totalDiscount),
    total: centsToPrice(quote.subtotalCents + quote.totalFeeCents - totalDiscount),
    discount_by_business: quote.businesses.map((b, i) => ({
      business: b.businessId,
      business_name: cart.businessNames.get(b.businessId) ?? '',
      discount: centsToPrice(shares[i]!),
    })),
  };
}
