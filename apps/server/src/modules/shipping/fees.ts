import { FREE_SHIPPING_THRESHOLD_CENTS, type FreeShippingReason } from '@leafline/contract';

/**
 * The one shipping-fee computation (DESIGN 2.6), pure and in integer cents, used by the cart
 * and by checkout so that both always agree:
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
    const businessFree = thresholdFreeCents !== null && part.subtotalCents >= thresholdFreeCents;
    let freeReason: FreeShippingReason | null = null;
    if (baseFeeCents > 0 && marketplaceFree) freeReason = 'marketplace_threshold';
    else if (baseFeeCents > 0 && businessFree) freeReason = 'business_threshold';
    return {
      businessId: part.businessId,
      subtotalCents: part.subtotalCents,
      baseFeeCents,
      feeCents: freeReason ? 0 : baseFeeCents,
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
