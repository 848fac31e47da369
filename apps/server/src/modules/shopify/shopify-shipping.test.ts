import {
  BUSINESS_MESSAGES,
  SHOPIFY_MESSAGES,
  SHOPIFY_TEXTS,
  shopifyShippingPreviewResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import {
  deliveryProfilesOf,
  type FakeProfile,
  type FakeRate,
  type FakeZone,
  REALISTIC_PROFILES,
  serveDeliveryProfiles,
} from '../../../test/helpers/fake-shopify-delivery';
import {
  DEMO_STORE,
  FakeGraphQLError,
  type FakeShopify,
  startFakeShopify,
} from '../../../test/helpers/fake-shopify-server';
import { mapDeliveryProfiles } from './shopify-shipping';

/**
 * Issue 13, Build 3: `GET api/sync-shopify-shipping-fees/{businessId}/` reads the store's
 * delivery profiles through the real @shopify/admin-api-client (against the local stand-in)
 * and saves them as the business's shipping fees.
 */

let t: TestApp;
let shopify: FakeShopify;
let delivery: { profiles: FakeProfile[] };

beforeAll(async () => {
  shopify = await startFakeShopify();
  delivery = serveDeliveryProfiles(shopify, REALISTIC_PROFILES);
  t = await buildTestApp({ SHOPIFY_ADMIN_ORIGIN: shopify.url, SHOPIFY_TIMEOUT_MS: '1500' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await shopify?.close();
});

beforeEach(() => {
  delivery.profiles = REALISTIC_PROFILES;
  shopify.stores.set(DEMO_STORE.domain, { ...DEMO_STORE });
});

const TOKEN = DEMO_STORE.accessToken;

type Owner = SignedInShopper & { businessId: number };

async function seller(connected = true): Promise<Owner> {
  const owner = await signedInShopper(t.app);
  const business = await addBusiness(t.db, { ownerId: owner.shopper.id });
  const result = { ...owner, businessId: business.id };
  if (connected) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shopifymanualconnect/${business.id}/`,
      headers: owner.headers,
      payload: { shopify_store_url: DEMO_STORE.domain, access_token: TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return result;
}

const sync = (owner: Owner) =>
  t.app.inject({
    method: 'GET',
    url: `/api/sync-shopify-shipping-fees/${owner.businessId}/`,
    headers: owner.headers,
  });

const fees = async (owner: Owner) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shipping-fees/${owner.businessId}/`,
    headers: owner.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const deliveryCalls = () => shopify.calls.filter((c) => c.query.includes('deliveryProfiles'));

describe('GET api/sync-shopify-shipping-fees/{businessId}/', () => {
  it("copies the store's rates: US, other countries, rest of world and free shipping over $60", async () => {
    const owner = await seller();
    const before = deliveryCalls().length;
    const res = await sync(owner);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      business: owner.businessId,
      worldwide_shipping_fee: null,
      // Every country without a rate of its own pays the rest-of-world rate.
      all_except_selected_fee: '25.00',
      threshold_free: '60.00',
      country_fees: [
        { country: 'CA', fee: '12.50' },
        // Europe's cheapest rate.
        { country: 'DE', fee: '15.00' },
        { country: 'FR', fee: '15.00' },
        { country: 'NL', fee: '15.00' },
        // The general profile's cheapest active rate for any order (not the inactive $1, not
        // the heavy-parcel rate, not the custom large-items profile).
        { country: 'US', fee: '5.90' },
      ],
    };
    expect(res.json()).toEqual({ message: SHOPIFY_TEXTS.shippingSynced, ...expected });
    // The owner's shipping-fee page shows them.
    expect(await fees(owner)).toEqual(expected);
    // The store's two profiles, a page each, with its token.
    const calls = deliveryCalls().slice(before);
    expect(calls.map((c) => c.variables.after ?? null)).toEqual([null, '0']);
    for (const call of calls) expect(call).toMatchObject({ accessToken: TOKEN, status: 200 });
    expect(res.body).not.toContain(TOKEN);
  });

  it('replaces what was set before, and a store with one worldwide zone sets the worldwide fee', async () => {
    const owner = await seller();
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/shipping-fees/${owner.businessId}/`,
      headers: owner.headers,
      payload: {
        worldwide_shipping_fee: '3.00',
        threshold_free: '20.00',
        country_fees: [{ country: 'MX', fee: '9.00' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    delivery.profiles = [
      {
        name: 'General profile',
        default: true,
        zones: [{ name: 'Everywhere', countries: ['*'], rates: [{ name: 'Flat', price: '7.5' }] }],
      },
    ];
    expect((await sync(owner)).statusCode).toBe(200);
    expect(await fees(owner)).toEqual({
      business: owner.businessId,
      worldwide_shipping_fee: '7.50',
      all_except_selected_fee: null,
      threshold_free: null,
      country_fees: [],
    });
  });

  it('a store with no rate Leafline can use is a 409 and changes nothing', async () => {
    const owner = await seller();
    await t.app.inject({
      method: 'POST',
      url: `/api/shipping-fees/${owner.businessId}/`,
      headers: owner.headers,
      payload: { worldwide_shipping_fee: '4.00', country_fees: [] },
    });
    const before = await fees(owner);
    for (const profiles of [
      [],
      [
        {
          name: 'General profile',
          default: true,
          zones: [
            {
              name: 'Domestic',
              countries: ['US'],
              rates: [
                { name: 'Carrier rates' },
                { name: 'Paused', price: '5.00', active: false },
                { name: 'In euros', price: '5.00', currencyCode: 'EUR' },
              ],
            },
          ],
        },
      ],
    ] satisfies FakeProfile[][]) {
      delivery.profiles = profiles;
      const res = await sync(owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.noShippingRates });
    }
    expect(await fees(owner)).toEqual(before);
    expect(before.worldwide_shipping_fee).toBe('4.00');
  });

  it('without a connected store: 409, and Shopify is not called', async () => {
    const owner = await seller(false);
    const before = shopify.calls.length;
    const res = await sync(owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.notConnected });
    expect(shopify.calls).toHaveLength(before);
  });

  it('a token Shopify refuses (revoked, or without the shipping scope) is a readable 400', async () => {
    const owner = await seller();
    shopify.handle('deliveryProfiles', () => {
      throw new FakeGraphQLError(
        'Access denied for deliveryProfiles field. Required access: `read_shipping` access scope.',
        'ACCESS_DENIED',
      );
    });
    try {
      const res = await sync(owner);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.shippingTokenRefused });
    } finally {
      delivery = serveDeliveryProfiles(shopify, REALISTIC_PROFILES);
    }
    // The store owner revoked the token.
    shopify.stores.set(DEMO_STORE.domain, { ...DEMO_STORE, accessToken: 'shpat_new_one' });
    const revoked = await sync(owner);
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json()).toEqual({ error: SHOPIFY_MESSAGES.shippingTokenRefused });
    expect(revoked.body).not.toContain(TOKEN);
    expect((await fees(owner)).country_fees).toEqual([]);
  });

  it('Shopify down or slow is a 502 with the §8 text, and nothing is saved', async () => {
    const owner = await seller();
    shopify.failNext(1, { kind: 'status', status: 503 });
    const down = await sync(owner);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ error: SHOPIFY_MESSAGES.shippingSyncFailed });
    shopify.failNext(1, { kind: 'hang' });
    const slow = await sync(owner);
    expect(slow.statusCode).toBe(502);
    expect(slow.json()).toEqual({ error: SHOPIFY_MESSAGES.shippingSyncFailed });
    expect((await fees(owner)).country_fees).toEqual([]);
    // And once Shopify answers again, it works.
    expect((await sync(owner)).statusCode).toBe(200);
    expect((await fees(owner)).country_fees).toHaveLength(5);
  });

  it("is the owner's only: another seller gets a 404 and nothing is read or written", async () => {
    const owner = await seller();
    const other = await signedInShopper(t.app);
    const before = deliveryCalls().length;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sync-shopify-shipping-fees/${owner.businessId}/`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/sync-shopify-shipping-fees/${owner.businessId}/`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(deliveryCalls()).toHaveLength(before);
    expect((await fees(owner)).country_fees).toEqual([]);
  });
});

describe('GET api/sync-shopify-shipping-fees/{businessId}/preview/ (issue 24, point 4)', () => {
  const preview = (owner: Owner) =>
    t.app.inject({
      method: 'GET',
      url: ROUTES.shopifyShippingPreview.path({ businessId: owner.businessId }),
      headers: owner.headers,
    });

  it('shows what the sync would change and saves nothing; the sync itself then applies it', async () => {
    const owner = await seller();
    const handSet = {
      business: owner.businessId,
      worldwide_shipping_fee: null,
      all_except_selected_fee: '20.00',
      threshold_free: null,
      country_fees: [
        { country: 'CA', fee: '12.50' },
        { country: 'MX', fee: '9.00' },
        { country: 'US', fee: '6.50' },
      ],
    };
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/shipping-fees/${owner.businessId}/`,
      headers: owner.headers,
      payload: handSet,
    });
    expect(saved.statusCode).toBe(200);

    const res = await preview(owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = shopifyShippingPreviewResponse.parse(res.json());
    expect(body.current).toEqual(handSet);
    expect(body.changes).toEqual({
      worldwide_shipping_fee: null,
      all_except_selected_fee: { from: '20.00', to: '25.00' },
      threshold_free: { from: null, to: '60.00' },
      countries_added: [
        { country: 'DE', fee: '15.00' },
        { country: 'FR', fee: '15.00' },
        { country: 'NL', fee: '15.00' },
      ],
      countries_removed: [{ country: 'MX', fee: '9.00' }],
      countries_changed: [{ country: 'US', from: '6.50', to: '5.90' }],
    });
    expect(body.unchanged).toBe(false);
    // Nothing was saved: the hand-set fees stay until the sync is confirmed.
    expect(await fees(owner)).toEqual(handSet);

    // Confirmed: the sync writes exactly what the preview proposed; a new preview is unchanged.
    expect((await sync(owner)).statusCode).toBe(200);
    expect(await fees(owner)).toEqual(body.proposed);
    const again = shopifyShippingPreviewResponse.parse((await preview(owner)).json());
    expect(again.unchanged).toBe(true);
  });

  it('answers like the sync when it cannot read the store, and is the owner’s only', async () => {
    const notConnected = await seller(false);
    const res = await preview(notConnected);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: SHOPIFY_MESSAGES.notConnected });
    const owner = await seller();
    const stranger = await signedInShopper(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: ROUTES.shopifyShippingPreview.path({ businessId: owner.businessId }),
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
  });
});

describe('mapDeliveryProfiles', () => {
  it('takes the lowest free-shipping threshold of the US zone and ignores weight-based free rates', () => {
    const mapped = mapDeliveryProfiles(
      (
        [
          {
            name: 'General profile',
            default: true,
            zones: [
              {
                name: 'US',
                countries: ['US'],
                rates: [
                  { name: 'Standard', price: '4.00' },
                  {
                    name: 'Free over 80',
                    price: '0',
                    conditions: [['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '80.00']],
                  },
                  {
                    name: 'Free over 50',
                    price: '0',
                    conditions: [['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '50.00']],
                  },
                  {
                    name: 'Free when heavy',
                    price: '0',
                    conditions: [['TOTAL_WEIGHT', 'GREATER_THAN_OR_EQUAL_TO', '1']],
                  },
                ],
              },
              {
                name: 'UK',
                countries: ['GB'],
                rates: [
                  { name: 'Royal Mail', price: '9.99' },
                  {
                    name: 'Free over 30',
                    price: '0',
                    conditions: [['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '30.00']],
                  },
                ],
              },
            ],
          },
        ] satisfies FakeProfile[]
      ).map((p) => fakeToShopify(p)),
    );
    expect(mapped).toEqual({
      worldwideFeeCents: null,
      allExceptSelectedFeeCents: null,
      thresholdFreeCents: 5000,
      countries: [
        { countryCode: 'GB', feeCents: 999 },
        { countryCode: 'US', feeCents: 400 },
      ],
    });
  });
});

const fakeToShopify = (profile: FakeProfile) =>
  deliveryProfilesOf([profile]).nodes[0] as Parameters<typeof mapDeliveryProfiles>[0][number];

const free = (over: string): FakeRate => ({
  name: `Free over ${over}`,
  price: '0',
  conditions: [['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', over]],
});

const map = (zones: FakeZone[]) =>
  mapDeliveryProfiles([fakeToShopify({ name: 'General profile', default: true, zones })]);

describe('mapDeliveryProfiles: the free-shipping threshold is the US buyer’s', () => {
  it("another country's free shipping never becomes the US threshold", () => {
    const gb: FakeZone = {
      name: 'UK',
      countries: ['GB'],
      rates: [{ name: 'Royal Mail', price: '9.99' }, free('30.00')],
    };
    // The US zone has no free shipping: US buyers pay, whatever the UK gets.
    expect(
      map([{ name: 'US', countries: ['US'], rates: [{ name: 'Standard', price: '4.00' }] }, gb]),
    ).toEqual({
      worldwideFeeCents: null,
      allExceptSelectedFeeCents: null,
      thresholdFreeCents: null,
      countries: [
        { countryCode: 'GB', feeCents: 999 },
        { countryCode: 'US', feeCents: 400 },
      ],
    });
    // No zone lists the US: the rest of the world's threshold is theirs, not the UK's.
    expect(
      map([
        gb,
        {
          name: 'Rest of world',
          countries: ['*'],
          rates: [{ name: 'Worldwide', price: '20.00' }, free('75.00')],
        },
      ]).thresholdFreeCents,
    ).toBe(7500);
    // Neither the US nor the rest of the world: no threshold.
    expect(map([gb]).thresholdFreeCents).toBeNull();
  });

  it('a custom profile does not give the US a threshold the general profile does not', () => {
    const mapped = mapDeliveryProfiles(
      (
        [
          {
            name: 'Large items',
            zones: [
              {
                name: 'Domestic',
                countries: ['US'],
                rates: [{ name: 'Freight', price: '45.00' }, free('40.00')],
              },
            ],
          },
          {
            name: 'General profile',
            default: true,
            zones: [
              { name: 'Domestic', countries: ['US'], rates: [{ name: 'Standard', price: '5.00' }] },
            ],
          },
        ] satisfies FakeProfile[]
      ).map((p) => fakeToShopify(p)),
    );
    expect(mapped.thresholdFreeCents).toBeNull();
    expect(mapped.countries).toEqual([{ countryCode: 'US', feeCents: 500 }]);
  });
});

describe('mapDeliveryProfiles: rates with conditions', () => {
  it('weight tiers alone: the most expensive tier is the flat fee (never undercharge)', () => {
    const mapped = map([
      {
        name: 'US',
        countries: ['US'],
        rates: [
          {
            name: '0–1 kg',
            price: '5.00',
            conditions: [['TOTAL_WEIGHT', 'LESS_THAN_OR_EQUAL_TO', '1']],
          },
          {
            name: '1–5 kg',
            price: '12.00',
            conditions: [
              ['TOTAL_WEIGHT', 'GREATER_THAN_OR_EQUAL_TO', '1'],
              ['TOTAL_WEIGHT', 'LESS_THAN_OR_EQUAL_TO', '5'],
            ],
          },
        ],
      },
    ]);
    expect(mapped.countries).toEqual([{ countryCode: 'US', feeCents: 1200 }]);
    expect(mapped.worldwideFeeCents).toBeNull();
  });

  it('price tiers with free shipping over $50: the dearest tier below it, and $50 is the threshold', () => {
    const mapped = map([
      {
        name: 'US',
        countries: ['US'],
        rates: [
          {
            name: 'Small orders',
            price: '4.50',
            conditions: [['TOTAL_PRICE', 'LESS_THAN_OR_EQUAL_TO', '24.99']],
          },
          {
            name: 'Medium orders',
            price: '7.00',
            conditions: [
              ['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '25.00'],
              ['TOTAL_PRICE', 'LESS_THAN_OR_EQUAL_TO', '49.99'],
            ],
          },
          free('50.00'),
        ],
      },
      {
        name: 'Canada',
        countries: ['CA'],
        rates: [
          {
            name: 'Up to 2 kg',
            price: '10.00',
            conditions: [['TOTAL_WEIGHT', 'LESS_THAN_OR_EQUAL_TO', '2']],
          },
          {
            name: 'Over 2 kg',
            price: '25.00',
            conditions: [['TOTAL_WEIGHT', 'GREATER_THAN_OR_EQUAL_TO', '2']],
          },
        ],
      },
    ]);
    expect(mapped).toEqual({
      worldwideFeeCents: null,
      allExceptSelectedFeeCents: null,
      thresholdFreeCents: 5000,
      countries: [
        { countryCode: 'CA', feeCents: 2500 },
        { countryCode: 'US', feeCents: 700 },
      ],
    });
  });

  it('a rate without conditions wins over cheaper conditioned ones; a free capped rate is no threshold', () => {
    const mapped = map([
      {
        name: 'US',
        countries: ['US'],
        rates: [
          { name: 'Standard', price: '6.50' },
          {
            name: 'Letters',
            price: '2.00',
            conditions: [['TOTAL_WEIGHT', 'LESS_THAN_OR_EQUAL_TO', '0.1']],
          },
          {
            name: 'Free small orders',
            price: '0',
            conditions: [
              ['TOTAL_PRICE', 'GREATER_THAN_OR_EQUAL_TO', '20.00'],
              ['TOTAL_PRICE', 'LESS_THAN_OR_EQUAL_TO', '30.00'],
            ],
          },
        ],
      },
    ]);
    expect(mapped.countries).toEqual([{ countryCode: 'US', feeCents: 650 }]);
    expect(mapped.thresholdFreeCents).toBeNull();
  });
});
