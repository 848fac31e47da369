import { centsToPrice, SHIPPING_FEE_MESSAGES, type ShippingFeesResponse } from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  findBusiness,
  loadShippingFees,
  replaceShippingFees,
  type ShippingFeesValues,
  type StoredShippingFees,
} from './shipping.repo';

/** Shipping fees: a business owner's setting (SPEC §5, §7) and the quote of a cart (DESIGN 2.6). */

export interface ShippingDeps {
  db: Db;
}

const businessNotFound = () => new AppError(404, SHIPPING_FEE_MESSAGES.businessNotFound);

/**
 * The business of the path, when it is open and the user owns it: 404 for no such open
 * business, 403 for somebody else's.
 */
export async function ownedBusinessId(
  db: Db,
  userId: number,
  rawBusinessId: string,
): Promise<number> {
  const businessId = parseId(rawBusinessId);
  const business = businessId === null ? undefined : await findBusiness(db, businessId);
  if (!business?.isActive) throw businessNotFound();
  if (business.ownerId !== userId) throw new AppError(403, SHIPPING_FEE_MESSAGES.notOwner);
  return business.id;
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

export async function getShippingFees(
  deps: ShippingDeps,
  userId: number,
  rawBusinessId: string,
): Promise<ShippingFeesResponse> {
  const businessId = await ownedBusinessId(deps.db, userId, rawBusinessId);
  const stored = await loadShippingFees(deps.db, [businessId]);
  return toResponse(businessId, stored.get(businessId));
}

export async function saveShippingFees(
  deps: ShippingDeps,
  userId: number,
  rawBusinessId: string,
  values: ShippingFeesValues,
): Promise<ShippingFeesResponse> {
  const businessId = await ownedBusinessId(deps.db, userId, rawBusinessId);
  await deps.db.transaction((tx) => replaceShippingFees(tx, businessId, values));
  const stored = await loadShippingFees(deps.db, [businessId]);
  return toResponse(businessId, stored.get(businessId));
}
