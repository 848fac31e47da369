import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, shippingCountryFees, shippingFeeConfigs } from '../../db/schema/index';
import type { ShippingRates } from './fees';

/** Drizzle queries of the shipping-fee settings (SPEC §3 shipping fees config, DESIGN 2.6). */

export async function findBusiness(db: Db, businessId: number) {
  const [row] = await db
    .select({ id: businesses.id, ownerId: businesses.ownerId, isActive: businesses.isActive })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row;
}

export interface StoredShippingFees {
  rates: ShippingRates;
  /** Country fees by code, as stored. */
  countries: { countryCode: string; feeCents: number }[];
}

/** The settings of the given businesses; a business without one is absent from the map. */
export async function loadShippingFees(
  db: Db,
  businessIds: readonly number[],
): Promise<Map<number, StoredShippingFees>> {
  const result = new Map<number, StoredShippingFees>();
  if (!businessIds.length) return result;
  const configs = await db
    .select()
    .from(shippingFeeConfigs)
    .where(inArray(shippingFeeConfigs.businessId, [...businessIds]));
  if (!configs.length) return result;
  const countries = await db
    .select()
    .from(shippingCountryFees)
    .where(
      inArray(
        shippingCountryFees.configId,
        configs.map((c) => c.id),
      ),
    )
    .orderBy(asc(shippingCountryFees.countryCode));
  for (const config of configs) {
    const own = countries
      .filter((c) => c.configId === config.id)
      .map((c) => ({ countryCode: c.countryCode, feeCents: c.feeCents }));
    result.set(config.businessId, {
      rates: {
        worldwideFeeCents: config.worldwideShippingFeeCents,
        allExceptSelectedFeeCents: config.allExceptSelectedFeeCents,
        thresholdFreeCents: config.thresholdFreeCents,
        countryFeesCents: new Map(own.map((c) => [c.countryCode, c.feeCents])),
      },
      countries: own,
    });
  }
  return result;
}

export interface ShippingFeesValues {
  worldwideFeeCents: number | null;
  allExceptSelectedFeeCents: number | null;
  thresholdFreeCents: number | null;
  countries: { countryCode: string; feeCents: number }[];
}

/**
 * Replaces a business's setting. Run it in a transaction: the upsert locks the config row, so
 * two saves at once apply one after the other and the country list is never a mix of both.
 */
export async function replaceShippingFees(
  db: Db,
  businessId: number,
  values: ShippingFeesValues,
): Promise<void> {
  const fields = {
    worldwideShippingFeeCents: values.worldwideFeeCents,
    allExceptSelectedFeeCents: values.allExceptSelectedFeeCents,
    thresholdFreeCents: values.thresholdFreeCents,
    updatedAt: new Date(),
  };
  const [config] = await db
    .insert(shippingFeeConfigs)
    .values({ businessId, ...fields })
    .onConflictDoUpdate({ target: shippingFeeConfigs.businessId, set: fields })
    .returning({ id: shippingFeeConfigs.id });
  await db.delete(shippingCountryFees).where(eq(shippingCountryFees.configId, config!.id));
  if (values.countries.length) {
    await db
      .insert(shippingCountryFees)
      .values(values.countries.map((c) => ({ configId: config!.id, ...c })));
  }
}
