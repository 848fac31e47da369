import { FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract';
import type { Db } from '../../db/client';
import { freeShippingFromCents, rateForCountry, type ShippingRates } from './fees';
import { loadAllShippingFees, loadShippingFees } from './shipping.repo';

/**
 * Where each brand ships free from, as data for the shop's search (decision 0031): the rule is
 * fees.ts's, applied here to the stored settings; the in-memory engine and the SQL search
 * compare the amounts, neither knows the rule.
 */

/**
 * Where a brand ships free from, per country (the shop's "Ships free to me", decision 0057):
 * `freeShippingFromCents` for each country its setting names, and for every other (its amount
 * depends on the country only through whether the setting names it).
 */
export interface FreeShippingByCountry {
  countries: Record<string, number>;
  elsewhereCents: number;
}

function byCountryOf(rates: ShippingRates | null): FreeShippingByCountry {
  const countries: Record<string, number> = {};
  for (const country of rates?.countryFeesCents.keys() ?? []) {
    countries[country] = freeShippingFromCents(rates, country);
  }
  // A country the setting does not name: its other rates only.
  const elsewhere = rates ? { ...rates, countryFeesCents: new Map<string, number>() } : null;
  return { countries, elsewhereCents: freeShippingFromCents(elsewhere, '') };
}

/** Per business of `businessIds`, where it ships free from per country (a business without a setting: 0). */
export async function freeShippingByCountryOf(
  db: Db,
  businessIds: readonly number[],
): Promise<Map<number, FreeShippingByCountry>> {
  const stored = await loadShippingFees(db, businessIds);
  return new Map(businessIds.map((id) => [id, byCountryOf(stored.get(id)?.rates ?? null)]));
}

/**
 * The businesses that do not ship every product free to `country` on its own, each with the
 * smallest product price that does (freeShippingFromCents; every other business ships free
 * from 0).
 */
export async function freeShippingFromOfAll(db: Db, country: string): Promise<Map<number, number>> {
  const stored = await loadAllShippingFees(db);
  const result = new Map<number, number>();
  for (const [id, fees] of stored) {
    const from = freeShippingFromCents(fees.rates, country);
    if (from > 0) result.set(id, from);
  }
  return result;
}

/** The businesses that do not ship free to `country` at this cart amount (every other does). */
export async function businessesNotShippingFreeAt(
  db: Db,
  amountCents: number,
  country: string,
): Promise<number[]> {
  // From the marketplace's subtotal every brand ships free (freeShippingFromCents).
  if (amountCents >= FREE_SHIPPING_THRESHOLD_CENTS) return [];
  // Only a business with a setting can charge anything.
  const stored = await loadAllShippingFees(db);
  return [...stored]
    .filter(([, fees]) => freeShippingFromCents(fees.rates, country) > amountCents)
    .map(([id]) => id);
}

/** What one brand's shipping to a country is before any cart (decision 0052). */
export interface BrandShippingTerms {
  /** Its rate for the country: what checkout charges it below every free-shipping rule. */
  feeCents: number;
  /** Its own free-shipping subtotal, or null. */
  thresholdFreeCents: number | null;
  /** The smallest cart of this brand alone that ships free (freeShippingFromCents). */
  shipsFreeFromCents: number;
}

/**
 * Per business of `businessIds`, its shipping to `country` as the product page and the cart
 * show it before checkout: the rate and rules of fees.ts (the ones quoteShipping charges with),
 * read from the stored settings (a business without one ships free).
 */
export async function shippingTermsOf(
  db: Db,
  businessIds: readonly number[],
  country: string,
): Promise<Map<number, BrandShippingTerms>> {
  const stored = await loadShippingFees(db, businessIds);
  return new Map(
    businessIds.map((id) => {
      const rates = stored.get(id)?.rates ?? null;
      return [
        id,
        {
          feeCents: rateForCountry(rates, country),
          thresholdFreeCents: rates?.thresholdFreeCents ?? null,
          shipsFreeFromCents: freeShippingFromCents(rates, country),
        },
      ];
    }),
  );
}
