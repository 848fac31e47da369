import { FREE_SHIPPING_THRESHOLD_CENTS, type FreeShippingReason } from '@leafline/contract';

/**
 * The one shipping-fee computation (DESIGN 2.6), pure and in integer cents, used by the cart
 * and by checkout so that both always agree, and by the shop's search as where each brand ships
 * free from (`freeShippingFromCents`, decision 0031):
 *
 *   fee = country_fees[C] ?? all_except_selected_fee ?? worldwide_shipping_fee ?? 0
 *
 * per business for the address country C; 0 when that business's item subtotal reaches its
 * threshold_free; and 0 for every business when the whole cart's item subtotal reaches the
 * marketplace's free-shipping subtotal ($75, SPEC §1, §9).
 */

/** A business's shipping-fee setting; null fields are "not set". */
export interface ShippingRates {
  worldwideFeeCents: number | null;
  allExceptSelectedFeeCents: number | null;
  thresholdFreeCents: number | null;
  /** Fee by upper-case country code. */
  countryFeesCents: ReadonlyMap<string, number>;
}

/** The part of a cart one business ships: its item subtotal and its setting (null: none). */
export interface BusinessSubtotal {
  businessId: number;
  subtotalCents: number;
  rates: ShippingRates | null;
}

export interface BusinessShippingFee {
  businessId: number;
  subtotalCents: number;
  /** The rate for the country before any free-shipping rule. */
  baseFeeCents: number;
  /** What is charged. */
  feeCents: number;
  thresholdFreeCents: number | null;
  /** Why a non-zero base fee is not charged; null when it is (or when it is 0 anyway). */
  freeReason: FreeShippingReason | null;
}

export interface ShippingQuote {
  country: string;
  subtotalCents: number;
  totalFeeCents: number;
  /** The cart reached the marketplace's free-shipping subtotal. */
  marketplaceFree: boolean;
  /** What is left to reach it (0 once reached). */
  amountToFreeShippingCents: number;
  businesses: BusinessShippingFee[];
}

/** The business's rate for a country, before any free-shipping rule. */
export function rateForCountry(rates: ShippingRates | null, country: string): number {
  if (!rates) return 0;
  return (
    rates.countryFeesCents.get(country.trim().toUpperCase()) ??
    rates.allExceptSelectedFeeCents ??
    rates.worldwideFeeCents ??
    0
  );
}

/** One business's part of a cart, as the free-shipping rule reads it. */
export interface ShippingPart {
  /** The business's rate for the country (rateForCountry). */
  baseFeeCents: number;
  thresholdFreeCents: number | null;
  /** The business's item subtotal. */
  businessSubtotalCents: number;
  /** The whole cart's item subtotal. */
  cartSubtotalCents: number;
  marketplaceThresholdCents: number;
}

/**
 * The free-shipping rule, the one place it is written (DESIGN 2.6, SPEC §1, §9): a business's
 * non-zero fee is waived when the whole cart's item subtotal reaches the marketplace's
 * free-shipping subtotal, else when the business's own item subtotal reaches its
 * threshold_free. The fee charged, and why a non-zero rate is not (null when it is, or when
 * the rate is 0 anyway).
 */
export function chargeShipping(part: ShippingPart): {
  feeCents: number;
  freeReason: FreeShippingReason | null;
} {
  let freeReason: FreeShippingReason | null = null;
  if (part.baseFeeCents > 0 && part.cartSubtotalCents >= part.marketplaceThresholdCents) {
    freeReason = 'marketplace_threshold';
  } else if (
    part.baseFeeCents > 0 &&
    part.thresholdFreeCents !== null &&
    part.businessSubtotalCents >= part.thresholdFreeCents
  ) {
    freeReason = 'business_threshold';
  }
  return { feeCents: freeReason ? 0 : part.baseFeeCents, freeReason };
}

/**
 * The smallest item subtotal from which a cart of this business alone ships free to `country`.
 * The shop's "free shipping at $X" filter keeps the brands whose value is at most X, in both
 * searches: the in-memory engine and the SQL search get it as data, never the rule. Read off
 * `chargeShipping` at the only amounts where its answer can change (0, the brand's threshold,
 * the marketplace's), so the rule is not written a second time.
 */
export function freeShippingFromCents(
  rates: ShippingRates | null,
  country: string,
  marketplaceThresholdCents: number = FREE_SHIPPING_THRESHOLD_CENTS,
): number {
  const baseFeeCents = rateForCountry(rates, country);
  const thresholdFreeCents = rates?.thresholdFreeCents ?? null;
  const amounts = [0, thresholdFreeCents ?? 0, marketplaceThresholdCents].sort((x, y) => x - y);
  const free = amounts.find(
    (amount) =>
      chargeShipping({
        baseFeeCents,
        thresholdFreeCents,
        businessSubtotalCents: amount,
        cartSubtotalCents: amount,
        marketplaceThresholdCents,
      }).feeCents === 0,
  );
  // The marketplace's subtotal always ships free: `free` is found.
  return free ?? marketplaceThresholdCents;
}

/** Shipping for a cart, business by business, in the order given. */
export function quoteShipping(
  parts: readonly BusinessSubtotal[],
  country: string,
  marketplaceThresholdCents: number = FREE_SHIPPING_THRESHOLD_CENTS,
): ShippingQuote {
  const subtotalCents = parts.reduce((sum, p) => sum + p.subtotalCents, 0);
  const marketplaceFree = subtotalCents >= marketplaceThresholdCents;
  const businesses = parts.map((part): BusinessShippingFee => {
    const baseFeeCents = rateForCountry(part.rates, country);
    const thresholdFreeCents = part.rates?.thresholdFreeCents ?? null;
    const { feeCents, freeReason } = chargeShipping({
      baseFeeCents,
      thresholdFreeCents,
      businessSubtotalCents: part.subtotalCents,
      cartSubtotalCents: subtotalCents,
      marketplaceThresholdCents,
    });
    return {
      businessId: part.businessId,
      subtotalCents: part.subtotalCents,
      baseFeeCents,
      feeCents,
      thresholdFreeCents,
      freeReason,
    };
  });
  return {
    country,
    subtotalCents,
    totalFeeCents: businesses.reduce((sum, b) => sum + b.feeCents, 0),
    marketplaceFree,
    amountToFreeShippingCents: Math.max(0, marketplaceThresholdCents - subtotalCents),
    businesses,
  };
}
