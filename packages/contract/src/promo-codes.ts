import { z } from 'zod';
import { priceString } from './catalog';

/**
 * A promo code chosen in the cart (issue 30 point 3, docs/decisions/0056): checked against the
 * cart with `POST api/cart/promo/`, kept by the browser while the shopper stays, and sent with
 * `POST checkout/` as `promo_code`, which puts it on the payment page. The codes and their rules
 * are the payment provider's (the local page's `promo_codes`, or Stripe's promotion codes).
 */

/**
 * Where the browser keeps the code chosen in the cart while the shopper stays (the tab's
 * session storage): the cart shows it applied, the checkout sends it.
 */
export const PROMO_CODE_SESSION_KEY = 'cart_promo_code';

/** The longest code accepted (Stripe's promotion codes are shorter still). */
export const PROMO_CODE_MAX_LENGTH = 64;

export const PROMO_CODE_MESSAGES = {
  label: 'Promo code',
  apply: 'Apply',
  remove: 'Remove',
  applied: 'Promo code applied.',
  removed: 'Promo code removed.',
  required: 'Enter a promo code.',
  tooLong: `A promo code has at most ${PROMO_CODE_MAX_LENGTH} characters.`,
  /** Unknown, switched off or used up. */
  invalid: 'This promo code is not valid.',
  expired: 'This promo code has expired.',
  checkFailed: 'Could not check the promo code. Please try again.',
  /** Checkout's 400 when the code chosen in the cart stopped working: nothing was made. */
  noLongerValid:
    'Your promo code is no longer valid and was removed. Check the new total, then place your order again.',
  discount: 'Discount',
  /** The summary's line of a brand's share: "Promo LEAFLINE10". */
  brandShare: (code: string) => `Promo ${code}`,
  totalAfter: 'Total after discount',
  /** Under the discount: the payment page shows the same code, already applied. */
  carried: 'The code is applied on the payment page.',
} as const;

/** A code as typed: trimmed, 1 to PROMO_CODE_MAX_LENGTH characters. */
const promoCode = z
  .string({ error: PROMO_CODE_MESSAGES.required })
  .trim()
  .min(1, PROMO_CODE_MESSAGES.required)
  .max(PROMO_CODE_MAX_LENGTH, PROMO_CODE_MESSAGES.tooLong);

/** POST api/cart/promo/ (auth): the code to check against the shopper's cart as it is now. */
export const cartPromoBody = z.object(
  { code: promoCode },
  { error: 'The request body must be a JSON object.' },
);
export type CartPromoBody = z.input<typeof cartPromoBody>;

/** `promo_code` of POST checkout/: optional, '' meaning none. */
export const checkoutPromoCode = z
  .string()
  .trim()
  .max(PROMO_CODE_MAX_LENGTH, PROMO_CODE_MESSAGES.tooLong)
  .optional();

/** One brand's share of the discount, as the payment will split it over the brand orders. */
export const promoBrandShare = z.object({
  business: z.number().int(),
  business_name: z.string(),
  discount: priceString,
});
export type PromoBrandShare = z.infer<typeof promoBrandShare>;

/**
 * 200 of POST api/cart/promo/: the code as the provider spells it, what it takes off the cart
 * now, and each brand's share (one entry a brand, in the cart's `shipping_by_business` order).
 * 400 `{error, fields: {code}}`: PROMO_CODE_MESSAGES.invalid / expired / required / tooLong.
 */
export const cartPromoResponse = z.object({
  message: z.string(),
  code: z.string(),
  discount: priceString,
  /** The cart's total (items + shipping) less the discount. */
  total: priceString,
  discount_by_business: z.array(promoBrandShare),
});
export type CartPromoResponse = z.infer<typeof cartPromoResponse>;
