import { ACCOUNT_MESSAGES, BUSINESS_MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { addBusiness } from '../../../test/helpers/catalog-fixtures';
import { shippingCountryFees, shippingFeeConfigs } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = () => signedInShopper(t.app);

async function owner() {
  const user = await signedIn();
  const business = await addBusiness(t.db, { ownerId: user.shopper.id });
  return { ...user, business };
}

type Headers = Record<string, string>;
const path = (businessId: number | string) => `/api/shipping-fees/${businessId}/`;
const read = (headers: Headers, businessId: number | string) =>
  t.app.inject({ url: path(businessId), headers });
const save = (headers: Headers, businessId: number | string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: path(businessId), headers, payload: payload as object });

describe('GET api/shipping-fees/{businessId}/', () => {
  it('is all unset for a business that never saved fees', async () => {
    const { headers, business } = await owner();
    const res = await read(headers, business.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      business: business.id,
      worldwide_shipping_fee: null,
      all_except_selected_fee: null,
      threshold_free: null,
      country_fees: [],
    });
  });
});

describe('POST api/shipping-fees/{businessId}/', () => {
  it('saves fees in cents, upper-cases codes, takes both country-fee readings', async () => {
    const { headers, business } = await owner();
    const res = await save(headers, business.id, {
      worldwide_shipping_fee: 12.5,
      all_except_selected_fee: '9.99',
      threshold_free: '50',
      country_fees: [
        { country: ' us ', fee: '4.00' },
        { country_code: 'ca', country_fee: 7 },
        { country: 'MX', fee: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      business: business.id,
      worldwide_shipping_fee: '12.50',
      all_except_selected_fee: '9.99',
      threshold_free: '50.00',
      country_fees: [
        { country: 'CA', fee: '7.00' },
        { country: 'MX', fee: '0.00' },
        { country: 'US', fee: '4.00' },
      ],
    };
    expect(res.json()).toEqual({ message: 'Shipping fees saved.', ...expected });
    expect((await read(headers, business.id)).json()).toEqual(expected);
    const [config] = await t.db
      .select()
      .from(shippingFeeConfigs)
      .where(eq(shippingFeeConfigs.businessId, business.id));
    expect(config).toMatchObject({
      worldwideShippingFeeCents: 1250,
      allExceptSelectedFeeCents: 999,
      thresholdFreeCents: 5000,
    });
  });

  it('replaces the whole setting; empty or null fees become unset (SPEC §5)', async () => {
    const { headers, business } = await owner();
    await save(headers, business.id, {
      worldwide_shipping_fee: '10.00',
      threshold_free: '40.00',
      country_fees: [
        { country: 'US', fee: '3.00' },
        { country: 'CA', fee: '6.00' },
      ],
    });
    const res = await save(headers, business.id, {
      worldwide_shipping_fee: '',
      all_except_selected_fee: null,
      threshold_free: '  ',
      country_fees: [{ country: 'US', fee: '2.25' }],
    });
    expect(res.json()).toMatchObject({
      worldwide_shipping_fee: null,
      all_except_selected_fee: null,
      threshold_free: null,
      country_fees: [{ country: 'US', fee: '2.25' }],
    });
    const configs = await t.db
      .select()
      .from(shippingFeeConfigs)
      .where(eq(shippingFeeConfigs.businessId, business.id));
    expect(configs).toHaveLength(1);
    const countries = await t.db
      .select()
      .from(shippingCountryFees)
      .where(eq(shippingCountryFees.configId, configs[0]!.id));
    expect(countries.map((c) => [c.countryCode, c.feeCents])).toEqual([['US', 225]]);

    const cleared = await save(headers, business.id, {});
    expect(cleared.json()).toMatchObject({ country_fees: [], worldwide_shipping_fee: null });
  });

  it.each([
    [{ worldwide_shipping_fee: -1 }, 'Worldwide shipping fee cannot be negative.'],
    [{ worldwide_shipping_fee: '-0.50' }, 'Worldwide shipping fee cannot be negative.'],
    [
      { all_except_selected_fee: '4.999' },
      'All-except-selected fee must be an amount like 5.00, with at most two decimal places.',
    ],
    [
      { threshold_free: 'free' },
      'Free-shipping threshold must be an amount like 5.00, with at most two decimal places.',
    ],
    [
      { threshold_free: true },
      'Free-shipping threshold must be an amount like 5.00, with at most two decimal places.',
    ],
    [
      { worldwide_shipping_fee: 1e21 },
      'Worldwide shipping fee must be an amount like 5.00, with at most two decimal places.',
    ],
    [
      { worldwide_shipping_fee: '10000.01' },
      'Worldwide shipping fee cannot be more than 10000.00.',
    ],
    [
      { country_fees: [{ country: 'USA', fee: 1 }] },
      'Country code must be two letters, like US or CA.',
    ],
    [
      { country_fees: [{ country: 'U1', fee: 1 }] },
      'Country code must be two letters, like US or CA.',
    ],
    // Issue 24: two letters are not enough, they must name a country (ISO 3166).
    [
      { country_fees: [{ country: 'xx', fee: 1 }] },
      "XX is not a country code. Use a country's two-letter ISO code, like US or CA.",
    ],
    [
      { country_fees: [{ country_code: 'UK', country_fee: 1 }] },
      "UK is not a country code. Use a country's two-letter ISO code, like US or CA.",
    ],
    [
      { country_fees: [{ country: 'US' }] },
      'Each country fee needs both a country code and a fee.',
    ],
    [{ country_fees: [{ fee: '3.00' }] }, 'Each country fee needs both a country code and a fee.'],
    [{ country_fees: ['US'] }, 'Each country fee needs both a country code and a fee.'],
    [
      {
        country_fees: [
          { country: 'US', fee: 1 },
          { country_code: 'us', country_fee: 2 },
        ],
      },
      'Each country can be listed only once.',
    ],
    [{ country_fees: 'US:5' }, 'country_fees must be a list.'],
    [
      {
        country_fees: Array.from({ length: 251 }, (_, i) => ({
          country:
            String.fromCharCode(65 + (i % 26)) + String.fromCharCode(65 + Math.floor(i / 26)),
          fee: 1,
        })),
      },
      'At most 250 country fees can be set.',
    ],
  ])('refuses %j with a readable 400', async (payload, message) => {
    const { headers, business } = await owner();
    const res = await save(headers, business.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await read(headers, business.id)).json().worldwide_shipping_fee).toBeNull();
  });

  it('answers malformed and non-object bodies with a 400', async () => {
    const { headers, business } = await owner();
    const json = { ...headers, 'content-type': 'application/json' };
    const bad = await t.app.inject({
      method: 'POST',
      url: path(business.id),
      headers: json,
      payload: '{"worldwide_shipping_fee":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const list = await t.app.inject({
      method: 'POST',
      url: path(business.id),
      headers: json,
      payload: '[]',
    });
    expect(list.json().error).toBe('The request body must be a JSON object.');
  });

  it('applies two saves at once one after the other, never a mix', async () => {
    const { headers, business } = await owner();
    const lists = [
      [
        { country: 'US', fee: 1 },
        { country: 'CA', fee: 1 },
      ],
      [
        { country: 'MX', fee: 2 },
        { country: 'FR', fee: 2 },
        { country: 'DE', fee: 2 },
      ],
    ];
    const results = await Promise.all(
      [0, 1, 0, 1].map((i) => save(headers, business.id, { country_fees: lists[i] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const fees = (await read(headers, business.id)).json().country_fees as { fee: string }[];
    expect([2, 3]).toContain(fees.length);
    expect(new Set(fees.map((f) => f.fee)).size).toBe(1);
  });
});

describe('only the owner manages the fees (SPEC §6, DESIGN 2.16)', () => {
  it("answers somebody else's business 404 'Business not found' (no existence oracle), whatever the body, and changes nothing", async () => {
    const { headers, business } = await owner();
    await save(headers, business.id, { worldwide_shipping_fee: '5.00' });
    const stranger = await signedIn();
    const get = await read(stranger.headers, business.id);
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    for (const payload of [{ worldwide_shipping_fee: '0.00' }, { worldwide_shipping_fee: -5 }]) {
      const post = await save(stranger.headers, business.id, payload);
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
    }
    expect((await read(headers, business.id)).json().worldwide_shipping_fee).toBe('5.00');
  });

  it('answers 404 for a business without an owner', async () => {
    const { headers } = await signedIn();
    const orphan = await addBusiness(t.db, { ownerId: null });
    const res = await read(headers, orphan.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: BUSINESS_MESSAGES.businessNotFound });
  });

  it.each(['987654', 'abc', '0', '-2', '99999999999', '1.5'])(
    'answers 404 "Business not found" for %s',
    async (id) => {
      const { headers } = await signedIn();
      for (const res of [await read(headers, id), await save(headers, id, {})]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Business not found' });
      }
    },
  );

  it("answers 404 for the owner's closed business", async () => {
    const user = await signedIn();
    const closed = await addBusiness(t.db, { ownerId: user.shopper.id, isActive: false });
    expect((await read(user.headers, closed.id)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const business = await addBusiness(t.db);
    const get = await t.app.inject({ url: path(business.id) });
    expect(get.statusCode).toBe(401);
    expect(get.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
    const post = await t.app.inject({ method: 'POST', url: path(business.id), payload: {} });
    expect(post.statusCode).toBe(401);
  });
});
