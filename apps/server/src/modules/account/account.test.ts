import { ACCOUNT_MESSAGES, MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { bearer, registerShopper, signedInShopper } from '../../../test/helpers/auth';
import {
  addresses,
  businesses,
  cartItems,
  carts,
  checkouts,
  orders,
  products,
  refreshTokens,
  users,
} from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Parameters<typeof registerShopper>[1] = {}) =>
  signedInShopper(t.app, overrides);

async function addBusiness(ownerId: number | null, values: { isActive?: boolean } = {}) {
  const [row] = await t.db
    .insert(businesses)
    .values({
      ownerId,
      name: `Fern & Moss ${Math.random().toString(36).slice(2, 7)}`,
      email: 'hello@fernmoss.example',
      shopifyAccessToken: 'shpat_secret',
      shopifyStoreUrl: 'fern-moss.myshopify.com',
      shopifyOrderSync: true,
      ...values,
    })
    .returning();
  return row!;
}

describe('GET /api/user-has-business/', () => {
  it('is false for a shopper and true once they own an active business', async () => {
    const { shopper, headers } = await signedIn();
    const before = await t.app.inject({ url: '/api/user-has-business/', headers });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ has_business: false });

    await addBusiness(shopper.id, { isActive: false });
    const closedOnly = await t.app.inject({ url: '/api/user-has-business/', headers });
    expect(closedOnly.json()).toEqual({ has_business: false });

    await addBusiness(shopper.id);
    const after = await t.app.inject({ url: '/api/user-has-business/', headers });
    expect(after.json()).toEqual({ has_business: true });
  });

  it('does not count somebody else’s business', async () => {
    const owner = await signedIn();
    await addBusiness(owner.shopper.id);
    const { headers } = await signedIn();
    const res = await t.app.inject({ url: '/api/user-has-business/', headers });
    expect(res.json()).toEqual({ has_business: false });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/user-has-business/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });
});

describe('update-name/', () => {
  it('reads and changes the name', async () => {
    const { shopper, headers } = await signedIn();
    const read = await t.app.inject({ url: '/update-name/', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ first_name: 'Fern', last_name: 'Moss' });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      headers,
      payload: { first_name: '  Ada ', last_name: 'Lovelace-Green' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      message: 'Name updated successfully!',
      first_name: 'Ada',
      last_name: 'Lovelace-Green',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace-Green' });
    expect((await t.app.inject({ url: '/update-name/', headers })).json()).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace-Green',
    });
  });

  it('requires both names (SPEC §5)', async () => {
    const { headers } = await signedIn();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      headers,
      payload: { first_name: 'Ada', last_name: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Last name is required.',
      fields: { last_name: 'Last name is required.' },
    });
    const wrongType = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      headers,
      payload: { first_name: { a: 1 }, last_name: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      headers,
      payload: { first_name: 'a'.repeat(151), last_name: 'x' },
    });
    expect(tooLong.json().error).toBe('First name is too long.');
  });

  it('needs a session for reading and writing', async () => {
    expect((await t.app.inject({ url: '/update-name/' })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      payload: { first_name: 'a', last_name: 'b' },
    });
    expect(put.statusCode).toBe(401);
  });
});

describe('update-email/', () => {
  it('reads and changes the e-mail, which then works for login', async () => {
    const { shopper, headers } = await signedIn();
    const read = await t.app.inject({ url: '/update-email/', headers });
    expect(read.json()).toEqual({ email: shopper.email });

    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/update-email/',
      headers,
      payload: { email: ' new.address@example.com ' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({
      message: 'Email updated successfully!',
      email: 'new.address@example.com',
    });
    expect((await t.app.inject({ url: '/update-email/', headers })).json()).toEqual({
      email: 'new.address@example.com',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: 'NEW.ADDRESS@example.com', password: shopper.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('allows changing the case of one’s own e-mail', async () => {
    const { shopper, headers } = await signedIn();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/update-email/',
      headers,
      payload: { email: shopper.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(shopper.email.toUpperCase());
  });

  it('refuses an e-mail another user has, in any case', async () => {
    const other = await registerShopper(t.app, { email: 'taken.one@example.com' });
    const { headers } = await signedIn();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/update-email/',
      headers,
      payload: { email: 'Taken.One@EXAMPLE.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'A user with that e-mail already exists.',
      fields: { email: 'A user with that e-mail already exists.' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.email).toBe('taken.one@example.com');
  });

  it('lets only one of two users racing for the same new e-mail win', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const patch = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/update-email/',
        headers,
        payload: { email: 'contested@example.com' },
      });
    const results = await Promise.all([patch(a.headers), patch(b.headers)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(loser.json().error).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it('requires a valid e-mail (SPEC §5)', async () => {
    const { headers } = await signedIn();
    for (const [email, error] of [
      ['', 'E-mail is required.'],
      ['nope', 'Enter a valid e-mail address.'],
      [`${'a'.repeat(250)}@example.com`, 'E-mail is too long.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/update-email/',
        headers,
        payload: { email },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/update-email/' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/update-email/',
      headers: bearer('forged'),
      payload: { email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
  });
});

describe('DELETE /delete-account/', () => {
  it('deletes the user in one go: sessions, cart and address gone, orders kept, business closed', async () => {
    const { shopper, tokens, headers } = await signedIn({ email: 'leaving@example.com' });
    await t.db
      .update(users)
      .set({ firstName: 'Lea', lastName: 'Ving' })
      .where(eq(users.id, shopper.id));
    const own = await addBusiness(shopper.id);
    const seller = await signedIn();
    const shop = await addBusiness(seller.shopper.id);
    const [product] = await t.db
      .insert(products)
      .values({
        businessId: shop.id,
        name: 'Linen tote',
        priceCents: 2400,
        productCategory: 'Accessories',
      })
      .returning();
    const [cart] = await t.db.insert(carts).values({ userId: shopper.id }).returning();
    await t.db.insert(cartItems).values({ cartId: cart!.id, productId: product!.id, quantity: 2 });
    await t.db.insert(addresses).values({
      userId: shopper.id,
      isDefault: true,
      firstName: 'Lea',
      lastName: 'Ving',
      addressLine1: '1 Fern Way',
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
      phoneNumber: '555-0100',
    });
    const [checkout] = await t.db
      .insert(checkouts)
      .values({
        userId: shopper.id,
        provider: 'local',
        subtotalCents: 4800,
        shippingCents: 0,
        totalCents: 4800,
      })
      .returning();
    // One order with the checkout's snapshot, one (older data) without it.
    const [snapshotted] = await t.db
      .insert(orders)
      .values({
        checkoutId: checkout!.id,
        userId: shopper.id,
        businessId: shop.id,
        userFullName: 'Lea V.',
        userEmail: 'lea.at.checkout@example.com',
        status: 'Paid',
        totalCents: 4800,
      })
      .returning();
    const [blank] = await t.db
      .insert(orders)
      .values({ userId: shopper.id, businessId: shop.id, status: 'Shipped', totalCents: 1000 })
      .returning();

    const res = await t.app.inject({ method: 'DELETE', url: '/delete-account/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted successfully' });
    expect(res.json().message).toBe(MESSAGES.accountDeleted);

    expect(await t.db.select().from(users).where(eq(users.id, shopper.id))).toHaveLength(0);
    expect(
      await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, shopper.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(carts).where(eq(carts.userId, shopper.id))).toHaveLength(0);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(addresses).where(eq(addresses.userId, shopper.id)),
    ).toHaveLength(0);

    const [keptA] = await t.db.select().from(orders).where(eq(orders.id, snapshotted!.id));
    expect(keptA).toMatchObject({
      userId: null,
      businessId: shop.id,
      status: 'Paid',
      userFullName: 'Lea V.',
      userEmail: 'lea.at.checkout@example.com',
    });
    const [keptB] = await t.db.select().from(orders).where(eq(orders.id, blank!.id));
    expect(keptB).toMatchObject({
      userId: null,
      userFullName: 'Lea Ving',
      userEmail: 'leaving@example.com',
    });
    const [keptCheckout] = await t.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, checkout!.id));
    expect(keptCheckout!.userId).toBeNull();

    const [closed] = await t.db.select().from(businesses).where(eq(businesses.id, own.id));
    expect(closed).toMatchObject({
      isActive: false,
      ownerId: null,
      shopifyAccessToken: null,
      shopifyOrderSync: false,
    });
    // The other seller's business is untouched.
    const [open] = await t.db.select().from(businesses).where(eq(businesses.id, shop.id));
    expect(open).toMatchObject({ isActive: true, ownerId: seller.shopper.id });

    // The old session is dead everywhere, and the name and e-mail are free again.
    const after = await t.app.inject({ url: '/update-name/', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/token/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: shopper.username, password: shopper.password },
    });
    expect(login.statusCode).toBe(401);
    await registerShopper(t.app, { username: shopper.username, email: 'leaving@example.com' });
  });

  it('answers 401 for a second delete with the same token', async () => {
    const { headers } = await signedIn();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/delete-account/', headers })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: '/delete-account/', headers });
    expect(again.statusCode).toBe(401);
  });

  it('needs a session and deletes nobody without one', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const res = await t.app.inject({ method: 'DELETE', url: '/delete-account/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication credentials were not provided.' });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});
