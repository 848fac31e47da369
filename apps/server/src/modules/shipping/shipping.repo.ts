import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDb } from '../../db/prepared';
import { shippingCountryFees, shippingFeeConfigs } from '../../db/schema/index';
import type { ShippingRates } from './fees';

/** Drizzle queries of the shipping-fee settings (SPEC §3 shipping fees config, DESIGN 2.6). */

export interface StoredShippingFees {
  rates: ShippingRates;
  /** Country fees by code, as stored. */
  countries: { countryCode: string; feeCents: number }[];
}

const feeFields = {
  configId: shippingFeeConfigs.id,
  businessId: shippingFeeConfigs.businessId,
  worldwideFeeCents: shippingFeeConfigs.worldwideShippingFeeCents,
  allExceptSelectedFeeCents: shippingFeeConfigs.allExceptSelectedFeeCents,
  thresholdFreeCents: shippingFeeConfigs.thresholdFreeCents,
  countryCode: shippingCountryFees.countryCode,
  feeCents: shippingCountryFees.feeCents,
};

/** Each setting with its country fees (one row per fee; one row without for none), in one. */
const feesOfBusinesses = perDb((db) =>
  db
    .select(feeFields)
    .from(shippingFeeConfigs)
    .leftJoin(shippingCountryFees, eq(shippingCountryFees.configId, shippingFeeConfigs.id))
    .where(sql`${shippingFeeConfigs.businessId} = any(${sql.placeholder('businessIds')}::int[])`)
    .orderBy(asc(shippingFeeConfigs.id), asc(shippingCountryFees.countryCode))
    .prepare('shipping_fees_of_businesses'),
);

/** Every business's setting with its country fees, in one. */
const feesOfAll = perDb((db) =>
  db
    .select(feeFields)
    .from(shippingFeeConfigs)
    .leftJoin(shippingCountryFees, eq(shippingCountryFees.configId, shippingFeeConfigs.id))
    .orderBy(asc(shippingFeeConfigs.id), asc(shippingCountryFees.countryCode))
    .prepare('shipping_fees_of_all'),
);

type FeeRow = Awaited<ReturnType<ReturnType<typeof feesOfAll>['execute']>>[number];

/** The settings of the given businesses; a business without one is absent from the map. */
export async function loadShippingFees(
  db: Db,
  businessIds: readonly number[],
): Promise<Map<number, StoredShippingFees>> {
  if (!businessIds.length) return new Map();
  return storedFees(await feesOfBusinesses(db).execute({ businessIds: [...businessIds] }));
}

/** Every business's setting; a business without one is absent from the map. */
export async function loadAllShippingFees(db: Db): Promise<Map<number, StoredShippingFees>> {
  return storedFees(await feesOfAll(db).execute());
}

function storedFees(rows: readonly FeeRow[]): Map<number, StoredShippingFees> {
  const result = new Map<number, StoredShippingFees>();
  const feesOf = new Map<number, Map<string, number>>();
  for (const row of rows) {
    let stored = result.get(row.businessId);
    if (!stored) {
      const countryFeesCents = new Map<string, number>();
      feesOf.set(row.businessId, countryFeesCents);
      stored = {
        rates: {
          worldwideFeeCents: row.worldwideFeeCents,
          allExceptSelectedFeeCents: row.allExceptSelectedFeeCents,
          thresholdFreeCents: row.thresholdFreeCents,
          countryFeesCents,
        },
        countries: [],
      };
      result.set(row.businessId, stored);
    }
    if (row.countryCode !== null && row.feeCents !== null) {
      stored.countries.push({ countryCode: row.countryCode, feeCents: row.feeCents });
      feesOf.get(row.businessId)!.set(row.countryCode, row.feeCents);
    }
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
