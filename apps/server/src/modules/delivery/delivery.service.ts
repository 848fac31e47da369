import {
  centsToPrice,
  DEFAULT_SHIPPING_COUNTRY,
  DELIVERY_MESSAGES,
  type DeliveryResponse,
  type DeliveryTerms,
  FREE_SHIPPING_THRESHOLD_CENTS,
  TRANSIT_DAYS,
  TRANSIT_DAYS_ELSEWHERE,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findAddress } from '../address';
import { type BrandShippingTerms, shippingTermsOf } from '../shipping';
import { type BrandPolicy, findOpenBrandPolicy } from './delivery.repo';

/**
 * Cost and policy before the cart (docs/decisions/0052): a brand's shipping to the shopper's
 * country — the fee and free-shipping rules of the shipping module, never computed here — with
 * its delivery estimate (its processing days + the transit days of TRANSIT_DAYS) and its returns
 * policy: `GET api/businesses/{businessId}/delivery/`, for the product page, the storefront and
 * each brand of the cart; outside the catalogue cache, since it depends on who asks.
 */

export interface DeliveryDeps {
  db: Db;
}

/** Days in transit to `country` (a rough estimate, documented in the decision). */
export function transitDaysFor(country: string): { min: number; max: number } {
  return TRANSIT_DAYS[country.trim().toUpperCase()] ?? TRANSIT_DAYS_ELSEWHERE;
}

/** A brand's estimate and returns policy for `country`. */
export function deliveryTermsFor(
  policy: Omit<BrandPolicy, 'businessId'>,
  country: string,
): DeliveryTerms {
  const transit = transitDaysFor(country);
  return {
    processing_days: policy.processingDays,
    transit_days_min: transit.min,
    transit_days_max: transit.max,
    delivery_days_min: policy.processingDays + transit.min,
    delivery_days_max: policy.processingDays + transit.max,
    returns_accepted: policy.returnsAccepted,
    returns_days: policy.returnsAccepted ? policy.returnsDays : null,
  };
}

/** The country a shopper's prices are for: their default address's, else US (as the cart's). */
export async function shopperCountry(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return DEFAULT_SHIPPING_COUNTRY;
  const address = await findAddress(db, userId);
  return (address?.country ?? DEFAULT_SHIPPING_COUNTRY).trim().toUpperCase();
}

function toResponse(
  policy: BrandPolicy,
  shipping: BrandShippingTerms,
  country: string,
): DeliveryResponse {
  return {
    business: policy.businessId,
    country,
    shipping_fee: centsToPrice(shipping.feeCents),
    threshold_free:
      shipping.thresholdFreeCents === null ? null : centsToPrice(shipping.thresholdFreeCents),
    free_shipping_threshold: centsToPrice(FREE_SHIPPING_THRESHOLD_CENTS),
    ships_free_from: centsToPrice(shipping.shipsFreeFromCents),
    ...deliveryTermsFor(policy, country),
  };
}

/**
 * `GET api/businesses/{businessId}/delivery/`: an open brand's terms for `country`, else the
 * shopper's (signed in: their default address's country, else US); 404 for any other id.
 */
export async function getDelivery(
  deps: DeliveryDeps,
  rawBusinessId: string,
  shopper: { userId: number | null; country: string | undefined },
): Promise<DeliveryResponse> {
  const businessId = parseId(rawBusinessId);
  const policy = businessId === null ? undefined : await findOpenBrandPolicy(deps.db, businessId);
  if (!policy) throw notFound(DELIVERY_MESSAGES.businessNotFound);
  const country = shopper.country ?? (await shopperCountry(deps.db, shopper.userId));
  const shipping = (await shippingTermsOf(deps.db, [policy.businessId], country)).get(
    policy.businessId,
  )!;
  return toResponse(policy, shipping, country);
}
