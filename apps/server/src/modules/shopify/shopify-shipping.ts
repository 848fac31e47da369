import {
  centsToPrice,
  SHOPIFY_MESSAGES,
  SHOPIFY_TEXTS,
  type ShippingFeesResponse,
  type ShippingFeesSavedResponse,
  type ShopifyShippingPreview,
  shippingFeesBody,
} from '@leafline/contract';
import { AppError, conflict } from '../../lib/errors';
import { getShippingFees, saveShippingFees } from '../shipping';
import { ShopifyAdminError } from './shopify-admin';
import { type ShopifyDeps, shopifyAdminForBusiness } from './shopify-connection';

/**
 * SPEC §7 `GET api/sync-shopify-shipping-fees/{businessId}/` (issue 13, Build 3): the store's
 * delivery profiles, read through the Admin GraphQL API, become the business's shipping-fee
 * setting (DESIGN 2.6: fee = country fee ?? all-except-selected ?? worldwide), saved with the
 * same validation as the owner's own form.
 *
 * Reading of Shopify's shipping settings:
 * - Only flat rates (`DeliveryRateDefinition`) in the shop's currency when it is USD count;
 *   carrier-calculated rates have no price to copy.
 * - A zone's fee is its cheapest active rate WITHOUT any condition (a rate with a bound on the
 *   order's price or weight, lower or upper, only applies to some orders). When a zone has only
 *   conditioned rates (weight tiers "0–1 kg $5", "1–5 kg $12", or price tiers), Leafline has no
 *   weight or tier to match them with, so the most expensive of them is the zone's flat fee:
 *   a buyer may pay a little more than Shopify would ask, never less than the brand charges.
 * - A free rate (price 0) whose only conditions are minimum order prices (`TOTAL_PRICE`
 *   `GREATER_THAN_OR_EQUAL_TO`) is a free-shipping threshold, not a fee. Checkout is US-only
 *   (SPEC §9), so the threshold is that of the zone holding the US (its lowest), or, when no
 *   zone lists the US, that of the rest-of-world zone; a threshold of any other country (a UK
 *   "free over $30") is not Leafline's; else there is none.
 * - The rest-of-world zone is the fee of every other country: `all_except_selected_fee` next
 *   to country fees, `worldwide_shipping_fee` when it is the only zone.
 * - The general (default) profile wins over custom ones for a country both cover (the first
 *   zone with a usable rate or threshold, the general profile's first, is the country's).
 */

/**
 * One delivery profile a page, with its zones and their rates. Shopify prices a query by its
 * nested `first:`s and refuses one over 1,000 points: one profile of 20 zones of 6 rates stays
 * near 750. Zones or rates past those counts are not read (a store rarely has them).
 */
export const DELIVERY_PROFILES_QUERY = `#graphql
  query LeaflineDeliveryProfiles($after: String) {
    deliveryProfiles(first: 1, after: $after) {
      nodes {
        id
        name
        default
        profileLocationGroups {
          locationGroupZones(first: 20) {
            nodes {
              zone {
                name
                countries {
                  code {
                    countryCode
                    restOfWorld
                  }
                }
              }
              methodDefinitions(first: 6) {
                nodes {
                  name
                  active
                  rateProvider {
                    ... on DeliveryRateDefinition {
                      price {
                        amount
                        currencyCode
                      }
                    }
                  }
                  methodConditions {
                    field
                    operator
                    conditionCriteria {
                      ... on MoneyV2 {
                        amount
                        currencyCode
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

/** What one page is expected to cost, and the most profiles read. */
const PAGE_COST = 760;
const MAX_PROFILES = 25;

interface Money {
  amount: string;
  currencyCode: string;
}

export interface ShopifyMethodDefinition {
  name: string;
  active: boolean;
  rateProvider: { price?: Money } | null;
  methodConditions: {
    field: string;
    operator: string;
    conditionCriteria: Partial<Money> | null;
  }[];
}

export interface ShopifyZone {
  zone: {
    name: string;
    countries: { code: { countryCode: string | null; restOfWorld: boolean } }[];
  };
  methodDefinitions: { nodes: ShopifyMethodDefinition[] };
}

export interface ShopifyDeliveryProfile {
  id: string;
  name: string;
  default: boolean;
  profileLocationGroups: { locationGroupZones: { nodes: ShopifyZone[] } }[];
}

export interface DeliveryProfilesData {
  deliveryProfiles: {
    nodes: ShopifyDeliveryProfile[];
    pageInfo?: { hasNextPage: boolean; endCursor: string | null };
  } | null;
}

/** What the store's settings come to, in cents; null fields are "not set". */
export interface MappedShippingFees {
  worldwideFeeCents: number | null;
  allExceptSelectedFeeCents: number | null;
  thresholdFreeCents: number | null;
  countries: { countryCode: string; feeCents: number }[];
}

const CURRENCY = 'USD';

/** A Shopify decimal amount ("5.0", "12.95") in whole cents, or null when it is not one. */
function toCents(money: Partial<Money> | null | undefined): number | null {
  if (!money || money.currencyCode !== CURRENCY || typeof money.amount !== 'string') return null;
  if (!/^\d+(\.\d+)?$/.test(money.amount.trim())) return null;
  const cents = Math.round(Number(money.amount) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

const isMinimumOrderPrice = (c: ShopifyMethodDefinition['methodConditions'][number]) =>
  c.field === 'TOTAL_PRICE' && c.operator === 'GREATER_THAN_OR_EQUAL_TO';

/** A zone as Leafline reads it; nulls are "no usable rate" / "no free-shipping threshold". */
interface ReadZone {
  feeCents: number | null;
  thresholdCents: number | null;
}

/**
 * A zone's flat fee (its cheapest rate without conditions, else its most expensive conditioned
 * one) and its lowest free-shipping threshold (see the top).
 */
function readZone(zone: ShopifyZone): ReadZone {
  let unconditioned: number | null = null;
  let conditioned: number | null = null;
  let thresholdCents: number | null = null;
  for (const method of zone.methodDefinitions?.nodes ?? []) {
    if (!method.active) continue;
    const price = toCents(method.rateProvider?.price);
    if (price === null) continue;
    const conditions = method.methodConditions ?? [];
    if (conditions.length === 0) {
      if (unconditioned === null || price < unconditioned) unconditioned = price;
      continue;
    }
    if (price === 0 && conditions.every(isMinimumOrderPrice)) {
      // Free from an order price on: the threshold (the highest of its bounds, if several).
      const minimum = Math.max(
        ...conditions.map((c) => toCents(c.conditionCriteria) ?? Number.NaN),
      );
      if (Number.isFinite(minimum) && (thresholdCents === null || minimum < thresholdCents)) {
        thresholdCents = minimum;
      }
      continue;
    }
    // A rate for some orders only (a weight or price tier): never undercharge.
    if (conditioned === null || price > conditioned) conditioned = price;
  }
  return { feeCents: unconditioned ?? conditioned, thresholdCents };
}

/** The store's delivery profiles as Leafline's shipping-fee setting (pure; see the top). */
export function mapDeliveryProfiles(
  profiles: readonly ShopifyDeliveryProfile[],
): MappedShippingFees {
  const ordered = [...profiles].sort((a, b) => Number(b.default) - Number(a.default));
  const countryFees = new Map<string, number>();
  let restOfWorld: number | null = null;
  // The zone that decides the threshold: the first usable one holding the US, else the rest of
  // the world's (undefined: no such zone seen yet).
  let usZone: ReadZone | undefined;
  let restOfWorldZone: ReadZone | undefined;
  for (const profile of ordered) {
    for (const group of profile.profileLocationGroups ?? []) {
      for (const zone of group.locationGroupZones?.nodes ?? []) {
        const read = readZone(zone);
        const { feeCents } = read;
        if (feeCents === null && read.thresholdCents === null) continue;
        const codes = (zone.zone?.countries ?? []).map((c) => c.code);
        if (codes.some((c) => (c.countryCode ?? '').toUpperCase() === 'US')) usZone ??= read;
        if (codes.some((c) => c.restOfWorld)) restOfWorldZone ??= read;
        if (feeCents === null) continue;
        for (const code of codes) {
          if (code.restOfWorld) {
            restOfWorld ??= feeCents;
            continue;
          }
          const country = (code.countryCode ?? '').toUpperCase();
          if (/^[A-Z]{2}$/.test(country) && !countryFees.has(country)) {
            countryFees.set(country, feeCents);
          }
        }
      }
    }
  }
  const countries = [...countryFees]
    .map(([countryCode, feeCents]) => ({ countryCode, feeCents }))
    .sort((a, b) => a.countryCode.localeCompare(b.countryCode));
  return {
    worldwideFeeCents: countries.length === 0 ? restOfWorld : null,
    allExceptSelectedFeeCents: countries.length === 0 ? null : restOfWorld,
    thresholdFreeCents: (usZone ?? restOfWorldZone)?.thresholdCents ?? null,
    countries,
  };
}

const amount = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** The store's rates as the owner's form would send them (validated, in cents). */
type StoreShippingFees = ReturnType<typeof shippingFeesBody.parse>;

/** Reads the store's rates as the business's shipping-fee setting; a 4xx/502 when it cannot. */
async function readStoreShippingFees(
  deps: ShopifyDeps,
  businessId: number,
): Promise<{ fees: StoreShippingFees; storeUrl: string; countries: number }> {
  // Shopify's rate limits are waited out, briefly: a person waits for the answer.
  const connection = await shopifyAdminForBusiness(deps, businessId, {
    expectedCost: PAGE_COST,
    maxWaitMs: 10_000,
  });
  if (!connection) throw conflict(SHOPIFY_MESSAGES.notConnected);
  const profiles: ShopifyDeliveryProfile[] = [];
  try {
    let after: string | null = null;
    do {
      const data: DeliveryProfilesData = await connection.admin.request<DeliveryProfilesData>(
        DELIVERY_PROFILES_QUERY,
        { after },
      );
      profiles.push(...(data.deliveryProfiles?.nodes ?? []));
      const page = data.deliveryProfiles?.pageInfo;
      after = page?.hasNextPage && page.endCursor ? page.endCursor : null;
    } while (after && profiles.length < MAX_PROFILES);
  } catch (error) {
    if (!(error instanceof ShopifyAdminError)) throw error;
    deps.log.warn(
      { businessId, store: connection.storeUrl, status: error.status, kind: error.kind },
      'Shopify shipping sync: the delivery profiles could not be read',
    );
    if (error.kind === 'refused') throw new AppError(400, SHOPIFY_MESSAGES.shippingTokenRefused);
    throw new AppError(502, SHOPIFY_MESSAGES.shippingSyncFailed);
  }
  const mapped = mapDeliveryProfiles(profiles);
  if (
    mapped.countries.length === 0 &&
    mapped.allExceptSelectedFeeCents === null &&
    mapped.worldwideFeeCents === null
  ) {
    throw conflict(SHOPIFY_MESSAGES.noShippingRates);
  }
  // The owner's form's own validation (limits, codes, at most 250 countries).
  const parsed = shippingFeesBody.safeParse({
    worldwide_shipping_fee: amount(mapped.worldwideFeeCents),
    all_except_selected_fee: amount(mapped.allExceptSelectedFeeCents),
    threshold_free: amount(mapped.thresholdFreeCents),
    country_fees: mapped.countries.map((c) => ({
      country_code: c.countryCode,
      country_fee: amount(c.feeCents),
    })),
  });
  if (!parsed.success) {
    deps.log.warn(
      { businessId, issue: parsed.error.issues[0]?.message },
      'Shopify shipping sync: the store rates do not fit the shipping-fee setting',
    );
    throw conflict(parsed.error.issues[0]?.message ?? SHOPIFY_MESSAGES.shippingSyncFailed);
  }
  return { fees: parsed.data, storeUrl: connection.storeUrl, countries: mapped.countries.length };
}

/** Reads the store's rates and saves them as the business's shipping fees. */
export async function syncShopifyShippingFees(
  deps: ShopifyDeps,
  businessId: number,
): Promise<ShippingFeesSavedResponse> {
  const { fees, storeUrl, countries } = await readStoreShippingFees(deps, businessId);
  const saved = await saveShippingFees(deps, businessId, {
    worldwideFeeCents: fees.worldwide_shipping_fee,
    allExceptSelectedFeeCents: fees.all_except_selected_fee,
    thresholdFreeCents: fees.threshold_free,
    countries: fees.country_fees,
  });
  deps.log.info({ businessId, store: storeUrl, countries }, 'Shopify shipping fees synced');
  return { message: SHOPIFY_TEXTS.shippingSynced, ...saved };
}

/**
 * What the sync would do, without doing it (issue 24, point 4; decision 0026): the fees saved
 * now, the store's, and the difference — fees replaced, countries added, removed or changed —
 * so that the owner confirms before hand-set fees are overwritten.
 */
export async function previewShopifyShippingFees(
  deps: ShopifyDeps,
  businessId: number,
): Promise<ShopifyShippingPreview> {
  const [{ fees }, current] = await Promise.all([
    readStoreShippingFees(deps, businessId),
    getShippingFees(deps, businessId),
  ]);
  const proposed: ShippingFeesResponse = {
    business: businessId,
    worldwide_shipping_fee: price(fees.worldwide_shipping_fee),
    all_except_selected_fee: price(fees.all_except_selected_fee),
    threshold_free: price(fees.threshold_free),
    country_fees: [...fees.country_fees]
      .sort((a, b) => a.countryCode.localeCompare(b.countryCode))
      .map((c) => ({ country: c.countryCode, fee: centsToPrice(c.feeCents) })),
  };
  return shippingFeesDiff(current, proposed);
}

const price = (cents: number | null) => (cents === null ? null : centsToPrice(cents));

/** The difference between two shipping-fee settings (pure). */
export function shippingFeesDiff(
  current: ShippingFeesResponse,
  proposed: ShippingFeesResponse,
): ShopifyShippingPreview {
  const change = (
    field: 'worldwide_shipping_fee' | 'all_except_selected_fee' | 'threshold_free',
  ) => (current[field] === proposed[field] ? null : { from: current[field], to: proposed[field] });
  const before = new Map(current.country_fees.map((c) => [c.country, c.fee]));
  const after = new Map(proposed.country_fees.map((c) => [c.country, c.fee]));
  const changes: ShopifyShippingPreview['changes'] = {
    worldwide_shipping_fee: change('worldwide_shipping_fee'),
    all_except_selected_fee: change('all_except_selected_fee'),
    threshold_free: change('threshold_free'),
    countries_added: proposed.country_fees.filter((c) => !before.has(c.country)),
    countries_removed: current.country_fees.filter((c) => !after.has(c.country)),
    countries_changed: proposed.country_fees
      .filter((c) => before.has(c.country) && before.get(c.country) !== c.fee)
      .map((c) => ({ country: c.country, from: before.get(c.country)!, to: c.fee })),
  };
  const unchanged =
    !changes.worldwide_shipping_fee &&
    !changes.all_except_selected_fee &&
    !changes.threshold_free &&
    !changes.countries_added.length &&
    !changes.countries_removed.length &&
    !changes.countries_changed.length;
  return { current, proposed, changes, unchanged };
}
