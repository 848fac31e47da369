import { ACCOUNT_MESSAGES, ADDRESS_MESSAGES, MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { ADDRESS } from '../../../test/helpers/buying';
import { addresses } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = () => signedInShopper(t.app);

const url = '/api/set-shipping-address/';
const read = (headers: Record<string, string>) => t.app.inject({ url, headers });
const save = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

const valid = { ...ADDRESS };

const REQUIRED = 'Please fill in all required fields.';

describe('api/set-shipping-address/', () => {
  it('answers 404 with a readable text before an address is saved', async () => {
    const { headers } = await signedIn();
    const res = await read(headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'No shipping address saved yet.',
      detail: 'No shipping address saved yet.',
    });
  });

  it('saves a trimmed address, reads it back, and replaces it on the next save', async () => {
    const { shopper, headers } = await signedIn();
    const res = await save(headers, {
      ...valid,
      first_name: '  Fern ',
      city: ' Portland  ',
      country: ' us ',
      address_line2: undefined,
    });
    expect(res.statusCode).toBe(200);
    const saved = { ...valid, address_line2: '' };
    expect(res.json()).toEqual({ message: 'Shipping address saved.', ...saved });
    expect((await read(headers)).json()).toEqual(saved);

    const moved = { ...valid, address_line1: '9 Birch Lane', postal_code: '97209-1234' };
    expect((await save(headers, moved)).statusCode).toBe(200);
    expect((await read(headers)).json()).toEqual(moved);
    const rows = await t.db.select().from(addresses).where(eq(addresses.userId, shopper.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ addressLine1: '9 Birch Lane', country: 'US' });
  });

  it('takes the US when no country is sent (SPEC §3 default)', async () => {
    const { headers } = await signedIn();
    const { country: _omitted, ...withoutCountry } = valid;
    const res = await save(headers, withoutCountry);
    expect(res.statusCode).toBe(200);
    expect(res.json().country).toBe('US');
  });

  it.each([
    'first_name',
    'last_name',
    'address_line1',
    'city',
    'state',
    'postal_code',
    'phone_number',
  ] as const)('requires %s, missing or blank (SPEC §5 text)', async (field) => {
    const { headers } = await signedIn();
    for (const value of [undefined, '', '   ', null]) {
      const res = await save(headers, { ...valid, [field]: value });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toBe(REQUIRED);
      expect(body.detail).toBe(REQUIRED);
      expect(body.fields[field]).toBe(REQUIRED);
    }
    expect((await read(headers)).statusCode).toBe(404);
  });

  it('puts the §5 text first even when another field is wrong too', async () => {
    const { headers } = await signedIn();
    const res = await save(headers, { ...valid, postal_code: 'abc', city: '' });
    expect(res.json()).toEqual({
      error: REQUIRED,
      detail: REQUIRED,
      fields: { postal_code: ADDRESS_MESSAGES.postalCode, city: REQUIRED },
    });
    expect(MESSAGES.addressRequiredFields).toBe(REQUIRED);
  });

  it.each([
    ['country', 'CA', 'We currently ship only to addresses in the US.'],
    ['country', 'USA', 'We currently ship only to addresses in the US.'],
    ['postal_code', '9720', 'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.'],
    ['postal_code', 'M5V 2T6', 'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.'],
    ['phone_number', 'call me', 'Enter a phone number of 7 to 15 digits, like 503-555-0100.'],
    ['phone_number', '12345', 'Enter a phone number of 7 to 15 digits, like 503-555-0100.'],
    ['first_name', 'x'.repeat(151), 'First name is too long.'],
    ['address_line2', 'x'.repeat(201), 'Address line 2 is too long.'],
    ['city', 42, REQUIRED],
  ])('refuses %s = %j with a readable detail', async (field, value, message) => {
    const { headers } = await signedIn();
    const res = await save(headers, { ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, detail: message, fields: { [field]: message } });
  });

  it('answers malformed and non-object bodies with a 400', async () => {
    const { headers } = await signedIn();
    const json = { ...headers, 'content-type': 'application/json' };
    const malformed = await t.app.inject({ method: 'POST', url, headers: json, payload: '{"a":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const list = await t.app.inject({ method: 'POST', url, headers: json, payload: '[]' });
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toBe('The request body must be a JSON object.');
    const none = await t.app.inject({ method: 'POST', url, headers });
    expect(none.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const get = await t.app.inject({ url });
    expect(get.statusCode).toBe(401);
    expect(get.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
    const post = await t.app.inject({ method: 'POST', url, payload: valid });
    expect(post.statusCode).toBe(401);
  });

  it("never shows or changes another user's address", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await save(alice.headers, valid);
    expect((await read(bob.headers)).statusCode).toBe(404);
    await save(bob.headers, { ...valid, first_name: 'Bob', city: 'Salem' });
    expect((await read(alice.headers)).json()).toMatchObject({
      first_name: 'Fern',
      city: 'Portland',
    });
    expect((await read(bob.headers)).json()).toMatchObject({ first_name: 'Bob', city: 'Salem' });
  });

  it('keeps one row when two saves race', async () => {
    const { shopper, headers } = await signedIn();
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((tag) => save(headers, { ...valid, address_line2: tag })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db.select().from(addresses).where(eq(addresses.userId, shopper.id));
    expect(rows).toHaveLength(1);
  });
});
