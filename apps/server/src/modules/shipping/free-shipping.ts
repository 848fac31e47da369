import { FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract';
import type { Db } from '../../db/client';
import { shippingFeeConfigs } from '../../db/schema/index';
import { freeShippingFromCents } from './fees';
import { loadShippingFees } from './shipping.repo';

/**
 * Where each brand ships free from, as data for the shop's search (decision 0031): the rule is
 * fees.ts's, applied here to the stored settings; the in-memory engine and the SQL search
 * compare the amounts, neither knows the rule.
 */

/**
 * Per business of `businessIds`, the cart amount from which it ships free to `country`
 * (freeShippingFromCents; a business without a setting charges 0, so from 0).
 */
export async function freeShippingFromOf(
  db: Db,
  businessIds: readonly number[],
  country: string,
  marketplaceThresholdCents: number = FREE_SHIPPING_THRESHOLD_CENTS,
): Promise<Map<number, number>> {
  const stored = await loadShippingFees(db, businessIds);
  return new Map(
    businessIds.map((id) => [
      id,
      freeShippingFromCents(stored.get(id)?.rates ?? null, country, marketplaceThresholdCents),
    ]),
  );
}

/** The businesses that do not ship free to `country` at this cart amount (every other does). */
export async function businessesNotShippingFreeAt(
  db: Db,
  amountCents: number,
  country: string,
  marketplaceThresholdCents: number = FREE_SHIPPING_THRESHOLD_CENTS,
): Promise<number[]> {
  // Only a business with a setting can charge anything.
  const withSetting = await db
    .select({ businessId: shippingFeeConfigs.businessId })
    .from(shippingFeeConfigs);
  const from = await freeShippingFromOf(
    db,
    withSetting.map((row) => row.businessId),
    country,
    marketplaceThresholdCents,
  );
  return [...from].filter(([, cents]) => cents > amountCents).map(([id]) => id);
}
