import {
  ADDRESS_MESSAGES,
  MAX_SAVED_ADDRESSES,
  SAVED_ADDRESS_MESSAGES,
  type SavedAddress,
} from '@leafline/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { signedInShopper } from '../../../test/helpers/auth';
import { ADDRESS, addToCart, checkout } from '../../../test/helpers/buying';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { addresses } from '../../db/schema/index';

/**
 * Several saved addresses with a default (issue "Account basics", point 2): `api/addresses/…`,
 * and `api/set-shipping-address/` reading and writing the default as it did the one address.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const signedIn = () => signedInShopper(t.app);

const list = async (headers: Headers): Promise<SavedAddress[]> => {
  const res = await t.app.inject({ url: '/api/addresses/', headers });
  expect(res.statusCode).toBe(200);
  return res.json().addresses;
};
const create = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/addresses/', headers, payload });
const patch = (headers: Headers, id: number | string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/addresses/${id}/`, headers, payload });
const remove = (headers: Headers, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}/`, headers });
const makeDefault = (headers: Headers, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/addresses/${id}/default/`, headers });
const readShipping = (headers: Headers) =>
  t.app.inject({ url: '/api/set-shipping-address/', headers });
const saveShipping = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/set-shipping-address/', headers, payload });

/** Saves an address with a recognisable first line; answers its id. */
async function added(headers: Headers, line1: string, extra: object = {}): Promise<number> {
  const res = await create(headers, { ...ADDRESS, address_line1: line1, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const rowsOf = (userId: number) =>
  t.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));

describe('api/addresses/', () => {
  it('lists nothing at first, and needs a session', async () => {
    const { headers } = await signedIn();
    expect(await list(headers)).toEqual([]);
    for (const res of [
      await t.app.inject({ url: '/api/addresses/' }),
      await create({}, ADDRESS),
      await patch({}, 1, { city: 'Salem' }),
      await remove({}, 1),
      await makeDefault({}, 1),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('adds, reads, edits and deletes; the first address is the default', async () => {
    const { headers } = await signedIn();
    const res = await create(headers, { ...ADDRESS, first_name: '  Fern ', state: 'or' });
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toEqual({
      message: SAVED_ADDRESS_MESSAGES.saved,
      id: expect.any(Number),
      is_default: true,
      ...ADDRESS,
      state: 'OR',
    });
    const second = await added(headers, '9 Birch Lane');
    const listed = await list(headers);
    expect(listed.map((a) => [a.id, a.is_default])).toEqual([
      [first.id, true],
      [second, false],
    ]);

    const edited = await patch(headers, second, { city: ' Salem ', postal_code: '97301' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: SAVED_ADDRESS_MESSAGES.saved,
      id: second,
      is_default: false,
      address_line1: '9 Birch Lane',
      city: 'Salem',
      postal_code: '97301',
      first_name: ADDRESS.first_name,
    });
    expect((await list(headers)).find((a) => a.id === second)?.city).toBe('Salem');

    const gone = await remove(headers, second);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: SAVED_ADDRESS_MESSAGES.deleted });
    expect((await list(headers)).map((a) => a.id)).toEqual([first.id]);
    expect((await remove(headers, second)).statusCode).toBe(404);
  });

  it('validates like the shipping address, with the same texts (SPEC §5)', async () => {
    const { shopper, headers } = await signedIn();
    const blank = await create(headers, { ...ADDRESS, city: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      error: ADDRESS_MESSAGES.requiredFields,
      detail: ADDRESS_MESSAGES.requiredFields,
      fields: { city: ADDRESS_MESSAGES.requiredFields },
    });
    const zip = await create(headers, { ...ADDRESS, postal_code: '123' });
    expect(zip.json()).toMatchObject({ error: ADDRESS_MESSAGES.postalCode });
    const abroad = await create(headers, { ...ADDRESS, country: 'CA' });
    expect(abroad.json()).toMatchObject({ error: ADDRESS_MESSAGES.onlyUs });
    const notABody = await create(headers, ['x'] as unknown as object);
    expect(notABody.statusCode).toBe(400);
    expect(notABody.json().error).toBeTruthy();
    const wrongFlag = await create(headers, { ...ADDRESS, is_default: 'yes' });
    expect(wrongFlag.statusCode).toBe(400);
    expect(await rowsOf(shopper.id)).toEqual([]);

    const id = await added(headers, '1 Alder St');
    const blankEdit = await patch(headers, id, { phone_number: ' ' });
    expect(blankEdit.statusCode).toBe(400);
    expect(blankEdit.json()).toMatchObject({ error: ADDRESS_MESSAGES.requiredFields });
    const badState = await patch(headers, id, { state: 'Oregon' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().fields).toHaveProperty('state');
    // Nothing sent is nothing changed.
    const empty = await patch(headers, id, {});
    expect(empty.statusCode).toBe(200);
    expect((await rowsOf(shopper.id))[0]).toMatchObject({
      addressLine1: '1 Alder St',
      phoneNumber: ADDRESS.phone_number,
      state: ADDRESS.state,
    });
  });

  it('answers 404 for an id that is not one', async () => {
    const { headers } = await signedIn();
    for (const id of ['0', 'abc', '-1', '1.5', '99999999999', '2147483647']) {
      const res = await patch(headers, id, { city: 'Salem' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: SAVED_ADDRESS_MESSAGES.notFound });
      expect((await remove(headers, id)).statusCode).toBe(404);
      expect((await makeDefault(headers, id)).statusCode).toBe(404);
    }
  });
});

describe('the default address', () => {
  it('moves with make-default, and a new address may ask to be it', async () => {
    const { headers } = await signedIn();
    const a = await added(headers, '1 Alder St');
    const b = await added(headers, '2 Birch Ln');
    const res = await makeDefault(headers, b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: SAVED_ADDRESS_MESSAGES.defaultSet,
      id: b,
      is_default: true,
    });
    expect((await list(headers)).map((x) => [x.id, x.is_default])).toEqual([
      [b, true],
      [a, false],
    ]);
    // Again: still one default.
    expect((await makeDefault(headers, b)).statusCode).toBe(200);
    const c = await added(headers, '3 Cedar Ct', { is_default: true });
    const after = await list(headers);
    expect(after.filter((x) => x.is_default).map((x) => x.id)).toEqual([c]);
    expect(after).toHaveLength(3);
  });

  it('passes to the newest address left when the default is deleted, and to none at the end', async () => {
    const { shopper, headers } = await signedIn();
    const a = await added(headers, '1 Alder St');
    const b = await added(headers, '2 Birch Ln');
    const c = await added(headers, '3 Cedar Ct');
    expect((await remove(headers, a)).statusCode).toBe(200);
    expect((await list(headers)).map((x) => [x.id, x.is_default])).toEqual([
      [c, true],
      [b, false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    expect((await remove(headers, b)).statusCode).toBe(200);
    expect((await list(headers)).map((x) => [x.id, x.is_default])).toEqual([[c, true]]);
    expect((await remove(headers, c)).statusCode).toBe(200);
    expect(await rowsOf(shopper.id)).toEqual([]);
    expect((await readShipping(headers)).statusCode).toBe(404);
  });

  it('is what api/set-shipping-address/ reads and writes', async () => {
    const { shopper, headers } = await signedIn();
    // Saved there first: it is the first address, the default.
    const saved = await saveShipping(headers, ADDRESS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: ADDRESS_MESSAGES.saved, ...ADDRESS });
    const [first] = await list(headers);
    expect(first).toMatchObject({ is_default: true, address_line1: ADDRESS.address_line1 });

    const other = await added(headers, '2 Birch Ln', { city: 'Salem' });
    expect((await readShipping(headers)).json()).toEqual(ADDRESS);
    await makeDefault(headers, other);
    // The old interface's answer, unchanged in shape: the default's fields, no id.
    expect((await readShipping(headers)).json()).toEqual({
      ...ADDRESS,
      address_line1: '2 Birch Ln',
      city: 'Salem',
    });

    // A save replaces the default's fields; the other address is kept as it was.
    const moved = { ...ADDRESS, address_line1: '9 Spruce Rd', city: 'Eugene' };
    expect((await saveShipping(headers, moved)).statusCode).toBe(200);
    const rows = await rowsOf(shopper.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === other)).toMatchObject({
      isDefault: true,
      addressLine1: '9 Spruce Rd',
      city: 'Eugene',
    });
    expect(rows.find((r) => r.id === first!.id)).toMatchObject({
      isDefault: false,
      addressLine1: ADDRESS.address_line1,
    });
    expect((await readShipping(headers)).json()).toEqual(moved);
  });

  it('is the address the checkout ships to', async () => {
    const { headers } = await signedIn();
    const shop = await addBusiness(t.db, { name: 'Alder & Ash' });
    const product = await addProduct(t.db, shop.id, { priceCents: 1500 });
    await addToCart(t.app, headers, product.id);
    await added(headers, '1 Alder St');
    const chosen = await added(headers, '2 Birch Ln', { city: 'Salem' });
    await makeDefault(headers, chosen);
    const started = await checkout(t.app, headers);
    expect(started.statusCode, started.body).toBe(200);
    const [orderId] = started.json().order_ids as number[];
    const order = await t.app.inject({ url: `/api/orders/${orderId}/`, headers });
    expect(order.json().shipping_address).toMatchObject({ line1: '2 Birch Ln', city: 'Salem' });
  });
});

describe('the cap', () => {
  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses, with a readable 409 beyond`, async () => {
    const { shopper, headers } = await signedIn();
    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, i) =>
        create(headers, { ...ADDRESS, address_line1: `${i + 1} Alder St` }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: SAVED_ADDRESS_MESSAGES.tooMany });
    }
    const rows = await rowsOf(shopper.id);
    expect(rows).toHaveLength(MAX_SAVED_ADDRESSES);
    // Racing first addresses still leave exactly one default.
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    // The old interface edits the default in place, so it works at the cap too.
    expect((await saveShipping(headers, { ...ADDRESS, city: 'Bend' })).statusCode).toBe(200);
    expect(await rowsOf(shopper.id)).toHaveLength(MAX_SAVED_ADDRESSES);
    // One deleted, one more fits.
    await remove(headers, rows[3]!.id);
    expect((await create(headers, ADDRESS)).statusCode).toBe(201);
  });
});

describe("another user's address", () => {
  it('is a 404 for every call, and nothing of it changes', async () => {
    const owner = await signedIn();
    const mine = await added(owner.headers, '1 Alder St');
    const theirsToo = await added(owner.headers, '2 Birch Ln');
    const before = await rowsOf(owner.shopper.id);

    const other = await signedIn();
    const ownOfOther = await added(other.headers, '7 Oak Ave');
    for (const res of [
      await patch(other.headers, mine, { city: 'Stolen' }),
      await remove(other.headers, mine),
      await makeDefault(other.headers, theirsToo),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SAVED_ADDRESS_MESSAGES.notFound });
    }
    expect(await rowsOf(owner.shopper.id)).toEqual(before);
    expect((await list(other.headers)).map((a) => [a.id, a.is_default])).toEqual([
      [ownOfOther, true],
    ]);
    expect((await list(owner.headers)).map((a) => a.id)).toEqual([mine, theirsToo]);
  });
});
