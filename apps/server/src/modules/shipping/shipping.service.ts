import { centsToPrice, type ShippingFeesResponse } from '@leafline/contract';
import type { Db } from '../../db/client';
import {
  loadShippingFees,
  replaceShippingFees,
  type ShippingFeesValues,
  type StoredShippingFees,
} from './shipping.repo';

/** Shipping fees: a business owner's setting (SPEC §5, §7) and the quote of a cart (DESIGN 2.6). */

export interface ShippingDeps {
  db: Db;
}

const price = (cents: number | null) => (cents === null ? null : centsToPrice(cents));

function toResponse(
  businessId: number,
  stored: StoredShippingFees | undefined,
): ShippingFeesResponse {
  return {
    business: businessId,
    worldwide_shipping_fee: price(stored?.rates.worldwideFeeCents ?? null),
    all_except_selected_fee: price(stored?.rates.allExceptSelectedFeeCents ?? null),
    threshold_free: price(stored?.rates.thresholdFreeCents ?? null),
    country_fees: (stored?.countries ?? []).map((c) => ({
      country: c.countryCode,
      fee: centsToPrice(c.feeCents),
    })),
  };
}

/** The fees of a business the seller guard found the caller owns (DESIGN 2.16). */
export async function getShippingFees(
  deps: ShippingDeps,
  businessId: number,
): Promise<ShippingFeesResponse> {
  const stored = await loadShippingFees(deps.db, [businessId]);
  return toResponse(businessId, stored.get(businessId));
}

export async function saveShippingFees(
  deps: ShippingDeps,
  businessId: number,
  values: ShippingFeesValues,
): Promise<ShippingFeesResponse> {
  await deps.db.transaction((tx) => replaceShippingFees(tx, businessId, values));
  const stored = await loadShippingFees(deps.db, [businessId]);
  return toResponse(businessId, stored.get(businessId));
}
