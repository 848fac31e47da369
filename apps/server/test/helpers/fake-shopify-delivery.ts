import type { FakeShopify } from './fake-shopify-server';

/**
 * The stand-in store's shipping settings and webhook subscriptions (issue 13, Build 3 and 5),
 * in the documented Admin GraphQL shapes: `deliveryProfiles { nodes { profileLocationGroups {
 * locationGroupZones { nodes { zone, methodDefinitions } } } } }`, `webhookSubscriptions` and
 * `webhookSubscriptionCreate`.
 */

type Money = { amount: string; currencyCode: string };

export interface FakeRate {
  name: string;
  /** A flat price; absent for a carrier-calculated rate (a `DeliveryParticipant`). */
  price?: string;
  currencyCode?: string;
  active?: boolean;
  /** `[field, operator, amount]`, e.g. `['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '60.0']`. */
  conditions?: [string, string, string][];
}

export interface FakeZone {
  name: string;
  /** Country codes; `'*'` is the rest of the world. */
  countries: string[];
  rates: FakeRate[];
}

export interface FakeProfile {
  name: string;
  default?: boolean;
  zones: FakeZone[];
}

const money = (amount: string, currencyCode = 'USD'): Money => ({ amount, currencyCode });

function methodDefinition(rate: FakeRate) {
  return {
    name: rate.name,
    active: rate.active ?? true,
    rateProvider:
      rate.price === undefined ? {} : { price: money(rate.price, rate.currencyCode ?? 'USD') },
    methodConditions: (rate.conditions ?? []).map(([field, operator, amount]) => ({
      field,
      operator,
      conditionCriteria:
        field === 'TOTAL_PRICE' ? money(amount) : { unit: 'KILOGRAMS', value: Number(amount) },
    })),
  };
}

/** Profiles in the shape of the Admin API's `deliveryProfiles` connection. */
export function deliveryProfilesOf(profiles: FakeProfile[]) {
  return {
    nodes: profiles.map((profile, i) => ({
      id: `gid://shopify/DeliveryProfile/${1000 + i}`,
      name: profile.name,
      default: profile.default ?? false,
      profileLocationGroups: [
        {
          locationGroupZones: {
            nodes: profile.zones.map((zone) => ({
              zone: {
                name: zone.name,
                countries: zone.countries.map((code) => ({
                  code:
                    code === '*'
                      ? { countryCode: null, restOfWorld: true }
                      : { countryCode: code, restOfWorld: false },
                })),
              },
              methodDefinitions: { nodes: zone.rates.map(methodDefinition) },
            })),
          },
        },
      ],
    })),
  };
}

/**
 * A small brand's settings as Shopify's admin makes them: a general profile with domestic
 * rates (a free rate over $60, an inactive one, an express one), Canada, Europe, the rest of
 * the world (with a carrier-calculated rate beside the flat one), and a custom profile for
 * large items that must not override the general rates.
 */
export const REALISTIC_PROFILES: FakeProfile[] = [
  {
    name: 'Large items',
    zones: [{ name: 'Domestic', countries: ['US'], rates: [{ name: 'Freight', price: '45.00' }] }],
  },
  {
    name: 'General profile',
    default: true,
    zones: [
      {
        name: 'Domestic',
        countries: ['US'],
        rates: [
          { name: 'Standard', price: '5.90' },
          { name: 'Express', price: '14.00' },
          { name: 'Old promo', price: '1.00', active: false },
          {
            name: 'Free shipping',
            price: '0.0',
            conditions: [['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '60.0']],
          },
          {
            name: 'Heavy parcels',
            price: '3.00',
            conditions: [['TOTAL_WEIGHT', 'GREATER_THAN_OR_EQUAL_TO', '5']],
          },
        ],
      },
      { name: 'Canada', countries: ['CA'], rates: [{ name: 'Canada Post', price: '12.5' }] },
      {
        name: 'Europe',
        countries: ['DE', 'FR', 'NL'],
        rates: [
          { name: 'International', price: '18.00' },
          { name: 'Economy', price: '15.00' },
        ],
      },
      {
        name: 'Rest of world',
        countries: ['*'],
        rates: [
          { name: 'Carrier', price: undefined },
          { name: 'Worldwide', price: '25.00' },
        ],
      },
    ],
  },
];

/**
 * Answers `deliveryProfiles(first:, after:)` with these profiles, a page at a time with
 * `pageInfo` (cursors are the index as text); the profiles can be changed through the holder.
 */
export function serveDeliveryProfiles(shopify: FakeShopify, profiles: FakeProfile[]) {
  const state = { profiles };
  shopify.handle('deliveryProfiles', ({ variables, query }) => {
    const first = Number(/deliveryProfiles\(first:\s*(\d+)/.exec(query)?.[1] ?? 50);
    const start = typeof variables.after === 'string' ? Number(variables.after) + 1 : 0;
    const all = deliveryProfilesOf(state.profiles).nodes;
    const nodes = all.slice(start, start + first);
    return {
      nodes,
      pageInfo: {
        hasNextPage: start + first < all.length,
        endCursor: nodes.length ? String(start + nodes.length - 1) : null,
      },
    };
  });
  return state;
}

export interface FakeSubscription {
  id: string;
  store: string;
  topic: string;
  uri: string;
  format: string;
}

/** Keeps the stores' webhook subscriptions and answers the query and the create mutation. */
export function serveWebhookSubscriptions(shopify: FakeShopify) {
  const subscriptions: FakeSubscription[] = [];
  shopify.handle('webhookSubscriptions', ({ store }) => ({
    nodes: subscriptions
      .filter((s) => s.store === store.domain)
      .map(({ id, topic, uri }) => ({ id, topic, uri })),
  }));
  shopify.handle('webhookSubscriptionCreate', ({ store, variables, query }) => {
    const topic = String(variables.topic ?? '');
    const uri = String(variables.uri ?? '');
    if (!/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(uri)) {
      return {
        webhookSubscription: null,
        userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }],
      };
    }
    const subscription = {
      id: `gid://shopify/WebhookSubscription/${7000 + subscriptions.length}`,
      store: store.domain,
      topic,
      uri,
      format: /format:\s*JSON/.test(query) ? 'JSON' : 'XML',
    };
    subscriptions.push(subscription);
    return { webhookSubscription: { id: subscription.id, topic, uri }, userErrors: [] };
  });
  return subscriptions;
}
