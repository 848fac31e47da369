import {
  CATALOG_MESSAGES,
  FOLLOW_LIMITS,
  FOLLOW_MESSAGES,
  type FollowedNewProductsResponse,
  type FollowsResponse,
} from '@leafline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct } from '../../../test/helpers/catalog-fixtures';
import { businesses, follows } from '../../db/schema/index';

/**
 * Followed brands (docs/decisions/0050): follow and unfollow idempotently, only open brands,
 * the cap, one account's follows never another's, and the home row of the followed brands'
 * new products (the last 30 days, at most 12, only what the shop shows).
 */

let t: TestApp;
let ada: SignedInShopper;
let bob: SignedInShopper;
let moss: number;
let fern: number;
let cedar: number;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

beforeAll(async () => {
  t = await buildTestApp();
  [ada, bob] = await Promise.all([signedInShopper(t.app), signedInShopper(t.app)]);
  moss = (await addBusiness(t.db, { name: 'Moss', logo: 'logos/moss.webp', verified: true })).id;
  fern = (await addBusiness(t.db, { name: 'Fern' })).id;
  cedar = (await addBusiness(t.db, { name: 'Cedar' })).id;
});
afterAll(async () => {
  await t.close();
});

type Who = { headers: Record<string, string> };
const list = (who: Who) =>
  t.app.inject({ method: 'GET', url: '/api/follows/', headers: who.headers });
const follow = (who: Who, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/follows/',
    headers: who.headers,
    payload: payload as object,
  });
const unfollow = (who: Who, businessId: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/follows/${businessId}/`, headers: who.headers });
const newProducts = (who: Who) =>
  t.app.inject({ method: 'GET', url: '/api/follows/new-products/', headers: who.headers });
const followed = async (who: Who) =>
  ((await list(who)).json() as FollowsResponse).results.map((b) => b.id);
const rowNames = async (who: Who) =>
  ((await newProducts(who)).json() as FollowedNewProductsResponse).results.map((p) => p.name);

describe('following brands', () => {
  it('needs a session for every call', async () => {
    const anonymous = { headers: {} };
    for (const res of [
      await list(anonymous),
      await follow(anonymous, { business_id: moss }),
      await unfollow(anonymous, moss),
      await newProducts(anonymous),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('follows a brand once however often it is asked, and lists it as the carousel does', async () => {
    const first = await follow(ada, { business_id: moss });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: FOLLOW_MESSAGES.followed,
      business: { id: moss, name: 'Moss', logonew: '/media/logos/moss.webp', verified: true },
    });
    const again = await follow(ada, { business_id: moss });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(FOLLOW_MESSAGES.alreadyFollowed);
    await follow(ada, { business_id: fern });
    const res = await list(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: fern, name: 'Fern', logonew: null, verified: false },
      { id: moss, name: 'Moss', logonew: '/media/logos/moss.webp', verified: true },
    ]);
    expect(
      await t.db.select().from(follows).where(eq(follows.userId, ada.shopper.id)),
    ).toHaveLength(2);
  });

  it('refuses a brand that is not open with a readable 404, and a bad body with a 400', async () => {
    const closed = await addBusiness(t.db, { isActive: false });
    for (const businessId of [closed.id, 2_000_000_000, 99_999_999_999]) {
      const res = await follow(ada, { business_id: businessId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: CATALOG_MESSAGES.businessNotFound });
    }
    for (const payload of [{}, { business_id: 'moss' }, { business_id: 0 }]) {
      const res = await follow(ada, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(FOLLOW_MESSAGES.businessId);
    }
  });

  it('unfollows, and unfollowing again is fine', async () => {
    const res = await unfollow(ada, fern);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FOLLOW_MESSAGES.unfollowed });
    expect((await unfollow(ada, fern)).statusCode).toBe(200);
    expect((await unfollow(ada, 'fern')).statusCode).toBe(404);
    expect(await followed(ada)).toEqual([moss]);
  });

  it('keeps each account’s follows its own', async () => {
    expect(await followed(bob)).toEqual([]);
    await follow(bob, { business_id: cedar, user_id: ada.shopper.id });
    expect(await followed(bob)).toEqual([cedar]);
    expect(await followed(ada)).toEqual([moss]);
    // Bob's unfollow of Ada's brand leaves Ada's follow.
    expect((await unfollow(bob, moss)).statusCode).toBe(200);
    expect(await followed(ada)).toEqual([moss]);
    const adaRows = await t.db
      .select()
      .from(follows)
      .where(and(eq(follows.userId, ada.shopper.id), eq(follows.businessId, moss)));
    expect(adaRows).toHaveLength(1);
  });

  it('hides a brand that closes, and forgets it when it is deleted', async () => {
    const brief = await addBusiness(t.db, { name: 'Brief' });
    await follow(ada, { business_id: brief.id });
    expect(await followed(ada)).toEqual([brief.id, moss]);
    await t.db.update(businesses).set({ isActive: false }).where(eq(businesses.id, brief.id));
    expect(await followed(ada)).toEqual([moss]);
    await t.db.delete(businesses).where(eq(businesses.id, brief.id));
    expect(await t.db.select().from(follows).where(eq(follows.businessId, brief.id))).toEqual([]);
  });

  it(`follows at most ${FOLLOW_LIMITS.max} brands, with a readable 409`, async () => {
    const cy = await signedInShopper(t.app);
    const many = await t.db
      .insert(businesses)
      .values(
        Array.from({ length: FOLLOW_LIMITS.max }, (_, i) => ({
          name: `Cap brand ${i}`,
          email: 'cap@brand.example',
        })),
      )
      .returning({ id: businesses.id });
    await t.db
      .insert(follows)
      .values(many.map((b) => ({ userId: cy.shopper.id, businessId: b.id })));
    const res = await follow(cy, { business_id: moss });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: FOLLOW_MESSAGES.tooMany });
    expect((await follow(cy, { business_id: many[0]!.id })).statusCode).toBe(200);
  });
});

describe('the home row: new products of followed brands', () => {
  it('lists the followed brands’ products of the last 30 days, newest first, at most 12', async () => {
    const dee = await signedInShopper(t.app);
    expect((await newProducts(dee)).json()).toEqual({ results: [] });
    const oak = (await addBusiness(t.db, { name: 'Oak' })).id;
    const elm = (await addBusiness(t.db, { name: 'Elm' })).id;
    for (let i = 0; i < 10; i++) {
      await addProduct(t.db, oak, { name: `Oak ${i}`, createdAt: daysAgo(10 - i) });
      await addProduct(t.db, elm, { name: `Elm ${i}`, createdAt: daysAgo(10.5 - i) });
    }
    await addProduct(t.db, oak, {
      name: 'Oak old',
      createdAt: daysAgo(FOLLOW_LIMITS.newProductsDays + 1),
    });
    await addProduct(t.db, oak, { name: 'Oak draft', status: 'draft', createdAt: daysAgo(0.1) });
    await addProduct(t.db, cedar, { name: 'Cedar new', createdAt: daysAgo(0.1) });

    await follow(dee, { business_id: oak });
    expect(await rowNames(dee)).toEqual([
      'Oak 9',
      'Oak 8',
      'Oak 7',
      'Oak 6',
      'Oak 5',
      'Oak 4',
      'Oak 3',
      'Oak 2',
      'Oak 1',
      'Oak 0',
    ]);

    await follow(dee, { business_id: elm });
    const row = (await newProducts(dee)).json() as FollowedNewProductsResponse;
    expect(row.results).toHaveLength(FOLLOW_LIMITS.newProductsMax);
    expect(row.results.map((p) => p.name)).toEqual([
      'Oak 9',
      'Elm 9',
      'Oak 8',
      'Elm 8',
      'Oak 7',
      'Elm 7',
      'Oak 6',
      'Elm 6',
      'Oak 5',
      'Elm 5',
      'Oak 4',
      'Elm 4',
    ]);
    expect(row.results[0]).toMatchObject({ business: oak, business_name: 'Oak', price: '10.00' });

    // Another account's follows are never in it; an unfollowed brand leaves it.
    expect(await rowNames(bob)).toEqual(['Cedar new']);
    await unfollow(dee, elm);
    expect(await rowNames(dee)).toHaveLength(10);
  });
});

describe('OpenAPI', () => {
  it('documents the follows calls with their bearer security', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.paths['/api/follows/'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/follows/'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/follows/{businessId}/'].delete.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/follows/new-products/'].get.security).toEqual([{ bearer: [] }]);
  });
});
