import {
  ACCOUNT_MESSAGES,
  CATALOG_MESSAGES,
  FAVORITE_LIMITS,
  FAVORITE_MESSAGES,
  type FavoritesResponse,
} from '@leafline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct, addProducts } from '../../../test/helpers/catalog-fixtures';
import { favorites, products, users } from '../../db/schema/index';

/**
 * Favourites (docs/decisions/0050): saved and removed idempotently, only products the shop
 * shows, newest first as the shop's summaries, the cap, the sign-in merge, and one account's
 * favourites never seen or changed by another.
 */

let t: TestApp;
let ada: SignedInShopper;
let bob: SignedInShopper;
let businessId: number;
let linen: number;
let hemp: number;
let cork: number;

beforeAll(async () => {
  t = await buildTestApp();
  [ada, bob] = await Promise.all([signedInShopper(t.app), signedInShopper(t.app)]);
  const business = await addBusiness(t.db, { name: 'Moss & Fern' });
  businessId = business.id;
  linen = (await addProduct(t.db, businessId, { name: 'Linen Tote', priceCents: 2400 })).id;
  hemp = (await addProduct(t.db, businessId, { name: 'Hemp Cap', stock: 0 })).id;
  cork = (await addProduct(t.db, businessId, { name: 'Cork Mat' })).id;
});
afterAll(async () => {
  await t.close();
});

type Who = { headers: Record<string, string> };
const list = (who: Who) =>
  t.app.inject({ method: 'GET', url: '/api/favorites/', headers: who.headers });
const add = (who: Who, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/favorites/',
    headers: who.headers,
    payload: payload as object,
  });
const merge = (who: Who, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/favorites/merge/',
    headers: who.headers,
    payload: payload as object,
  });
const remove = (who: Who, productId: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/favorites/${productId}/`, headers: who.headers });
const ids = async (who: Who) =>
  ((await list(who)).json() as FavoritesResponse).results.map((p) => p.id);
const rowsOf = (userId: number) =>
  t.db.select().from(favorites).where(eq(favorites.userId, userId));

describe('favourites', () => {
  it('needs a session for every call', async () => {
    const anonymous = { headers: {} };
    for (const res of [
      await list(anonymous),
      await add(anonymous, { product_id: linen }),
      await merge(anonymous, { product_ids: [linen] }),
      await remove(anonymous, linen),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('starts empty', async () => {
    const res = await list(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: [] });
  });

  it('saves a product once however often it is added, and lists it as the shop does', async () => {
    const first = await add(ada, { product_id: linen });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: FAVORITE_MESSAGES.saved,
      product: { id: linen, name: 'Linen Tote', price: '24.00', business: businessId },
    });
    const again = await add(ada, { product_id: linen });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(FAVORITE_MESSAGES.alreadySaved);
    expect(await rowsOf(ada.shopper.id)).toHaveLength(1);

    const res = await list(ada);
    expect(res.json().results).toEqual([
      {
        id: linen,
        name: 'Linen Tote',
        price: '24.00',
        business: businessId,
        business_name: 'Moss & Fern',
        condition: 'new',
        primary_image: null,
        product_category: 'Apparel',
        stock: null,
        sold_out: false,
        rating_average: null,
        rating_count: 0,
      },
    ]);
  });

  it('lists the newest first, a sold-out product too', async () => {
    expect((await add(ada, { product_id: hemp })).statusCode).toBe(201);
    const res = await list(ada);
    expect(res.json().results.map((p: { id: number }) => p.id)).toEqual([hemp, linen]);
    expect(res.json().results[0]).toMatchObject({ id: hemp, sold_out: true, stock: 0 });
  });

  it('refuses an unknown, draft or closed brand’s product with a readable 404', async () => {
    const draft = await addProduct(t.db, businessId, { status: 'draft' });
    const closed = await addBusiness(t.db, { isActive: false });
    const ofClosed = await addProduct(t.db, closed.id);
    for (const productId of [draft.id, ofClosed.id, 2_000_000_000, 99_999_999_999]) {
      const res = await add(ada, { product_id: productId });
      expect(res.statusCode, String(productId)).toBe(404);
      expect(res.json()).toEqual({ error: CATALOG_MESSAGES.productNotFound });
    }
    expect(await ids(ada)).toEqual([hemp, linen]);
  });

  it('refuses a body without a product id with a readable 400', async () => {
    for (const payload of [{}, { product_id: 'linen' }, { product_id: 1.5 }, { product_id: -3 }]) {
      const res = await add(ada, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(FAVORITE_MESSAGES.productId);
    }
  });

  it('removes a favourite, and removing it again is fine', async () => {
    const res = await remove(ada, hemp);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FAVORITE_MESSAGES.removed });
    const again = await remove(ada, hemp);
    expect(again.statusCode).toBe(200);
    expect(await ids(ada)).toEqual([linen]);
    // Never saved, or not an id at all.
    expect((await remove(ada, cork)).statusCode).toBe(200);
    expect((await remove(ada, 'abc')).statusCode).toBe(404);
  });

  it('hides a favourite whose product leaves the shop, and shows it again when it is back', async () => {
    await add(ada, { product_id: cork });
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, cork));
    expect(await ids(ada)).toEqual([linen]);
    await t.db.update(products).set({ status: 'active' }).where(eq(products.id, cork));
    expect(await ids(ada)).toEqual([cork, linen]);
    await remove(ada, cork);
  });

  it('forgets the favourite when the product is deleted (cascade)', async () => {
    const gone = await addProduct(t.db, businessId);
    await add(ada, { product_id: gone.id });
    await t.db.delete(products).where(eq(products.id, gone.id));
    expect(await ids(ada)).toEqual([linen]);
    const rows = await t.db.select().from(favorites).where(eq(favorites.productId, gone.id));
    expect(rows).toEqual([]);
  });
});

describe('one account’s favourites are its own', () => {
  it('never shows another account’s favourites', async () => {
    expect(await ids(bob)).toEqual([]);
    await add(bob, { product_id: cork });
    expect(await ids(bob)).toEqual([cork]);
    expect(await ids(ada)).toEqual([linen]);
  });

  it('leaves another account’s favourite alone when one removes the same product', async () => {
    const res = await remove(bob, linen);
    expect(res.statusCode).toBe(200);
    expect(await ids(ada)).toEqual([linen]);
    expect(
      await t.db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, ada.shopper.id), eq(favorites.productId, linen))),
    ).toHaveLength(1);
  });

  it('takes the account from the token, never from the body', async () => {
    const res = await add(bob, { product_id: hemp, user_id: ada.shopper.id });
    expect(res.statusCode).toBe(201);
    expect(await ids(ada)).toEqual([linen]);
    expect(await ids(bob)).toEqual([hemp, cork]);
  });

  it('goes with the account when it is deleted', async () => {
    const gone = await signedInShopper(t.app);
    await add(gone, { product_id: linen });
    await t.db.delete(users).where(eq(users.id, gone.shopper.id));
    expect(await rowsOf(gone.shopper.id)).toEqual([]);
    const res = await list(gone);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
  });
});

describe('the sign-in merge', () => {
  it('adds the browser’s favourites, newest first before the account’s, skipping the unknown', async () => {
    const cy = await signedInShopper(t.app);
    await add(cy, { product_id: linen });
    const draft = await addProduct(t.db, businessId, { status: 'draft' });
    const res = await merge(cy, { product_ids: [cork, hemp, linen, draft.id, 123_456_789, cork] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: FAVORITE_MESSAGES.merged, added: 2, skipped: 2 });
    expect(res.json().results.map((p: { id: number }) => p.id)).toEqual([cork, hemp, linen]);
    expect(await ids(cy)).toEqual([cork, hemp, linen]);
    // Merged again (a retry): nothing changes.
    const again = await merge(cy, { product_ids: [cork, hemp] });
    expect(again.json()).toMatchObject({ added: 0, skipped: 0 });
    expect(await rowsOf(cy.shopper.id)).toHaveLength(3);
  });

  it('takes an empty list, and refuses more than the most with a readable 400', async () => {
    const empty = await merge(ada, { product_ids: [] });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ results: [{ id: linen }], added: 0, skipped: 0 });
    const tooMany = Array.from({ length: FAVORITE_LIMITS.mergeMax + 1 }, (_, i) => i + 1);
    for (const payload of [{ product_ids: tooMany }, { product_ids: 'all' }, {}]) {
      const res = await merge(ada, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/product_id/);
    }
    expect((await merge(ada, { product_ids: tooMany })).json().error).toBe(
      FAVORITE_MESSAGES.productIds,
    );
  });
});

describe('the cap', () => {
  it(`keeps at most ${FAVORITE_LIMITS.max} favourites, with a readable 409, and merges what fits`, async () => {
    const dee = await signedInShopper(t.app);
    const shop = await addBusiness(t.db);
    const many = await addProducts(t.db, shop.id, FAVORITE_LIMITS.max + 2);
    await t.db
      .insert(favorites)
      .values(
        many
          .slice(0, FAVORITE_LIMITS.max - 1)
          .map((p) => ({ userId: dee.shopper.id, productId: p.id })),
      );
    const last = many[FAVORITE_LIMITS.max - 1]!.id;
    const over = many[FAVORITE_LIMITS.max]!.id;
    const overToo = many[FAVORITE_LIMITS.max + 1]!.id;

    const merged = await merge(dee, { product_ids: [last, over, overToo] });
    expect(merged.json()).toMatchObject({ added: 1, skipped: 2 });
    expect(merged.json().results).toHaveLength(FAVORITE_LIMITS.max);

    const res = await add(dee, { product_id: over });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: FAVORITE_MESSAGES.tooMany });
    // One already saved is still fine at the cap, and a removal makes room.
    expect((await add(dee, { product_id: last })).statusCode).toBe(200);
    await remove(dee, last);
    expect((await add(dee, { product_id: over })).statusCode).toBe(201);
    expect(await rowsOf(dee.shopper.id)).toHaveLength(FAVORITE_LIMITS.max);
  });

  it('counts each account apart: two saves at once never pass the cap', async () => {
    const eve = await signedInShopper(t.app);
    const shop = await addBusiness(t.db);
    const many = await addProducts(t.db, shop.id, FAVORITE_LIMITS.max + 1);
    await t.db
      .insert(favorites)
      .values(
        many
          .slice(0, FAVORITE_LIMITS.max - 1)
          .map((p) => ({ userId: eve.shopper.id, productId: p.id })),
      );
    const [a, b] = await Promise.all([
      add(eve, { product_id: many[FAVORITE_LIMITS.max - 1]!.id }),
      add(eve, { product_id: many[FAVORITE_LIMITS.max]!.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await rowsOf(eve.shopper.id)).toHaveLength(FAVORITE_LIMITS.max);
    // Ada's list is untouched by it all.
    expect(await ids(ada)).toEqual([linen]);
  });
});

describe('OpenAPI', () => {
  it('documents the favourites calls with their bearer security', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.paths['/api/favorites/'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/favorites/'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/favorites/merge/'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/favorites/{productId}/'].delete.security).toEqual([{ bearer: [] }]);
  });
});
