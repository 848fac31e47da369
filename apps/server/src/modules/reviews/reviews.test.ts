import {
  CATALOG_MESSAGES,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewsResponse,
} from '@leafline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { type SignedInShopper, signedInShopper } from '../../../test/helpers/auth';
import { addBusiness, addProduct, searchCaughtUp } from '../../../test/helpers/catalog-fixtures';
import { orderEvents, orderItems, orders } from '../../db/schema/index';

/**
 * Issue 27: reviews from buyers. Who may write one (the eligibility matrix), one per buyer and
 * product, the author's edit and removal, the brand's one reply, reports hiding a review at 3,
 * and the product's ratings exact after every change, on the product page and in the lists.
 */

let t: TestApp;
let brandOwner: SignedInShopper;
let otherBrandOwner: SignedInShopper;
let businessId: number;
let productId: number;
let variantIds: number[];
let otherProductId: number;

type Status = 'Pending' | 'Paid' | 'Shipped' | 'Delivered' | 'Canceled';

/** An order of the product by the buyer, in this status, paid `paidDaysAgo` days ago. */
async function order(
  buyer: SignedInShopper,
  status: Status,
  options: { product?: number; variant?: number | null; paidDaysAgo?: number } = {},
) {
  const [row] = await t.db
    .insert(orders)
    .values({
      businessId,
      userId: buyer.shopper.id,
      userFullName: 'Fern Moss',
      userEmail: buyer.shopper.email,
      status,
      subtotalCents: 2400,
      totalCents: 2400,
    })
    .returning();
  const variantId = options.variant === undefined ? null : options.variant;
  await t.db.insert(orderItems).values({
    orderId: row!.id,
    productId: options.product ?? productId,
    variantId,
    productName: 'Linen Tote',
    productPriceCents: 2400,
    quantity: 1,
    totalPriceCents: 2400,
    variantOptions: variantId === variantIds[1] ? { Size: 'Large' } : { Size: 'Small' },
  });
  if (status !== 'Pending') {
    await t.db.insert(orderEvents).values({
      orderId: row!.id,
      businessId,
      type: 'paid',
      status: 'Paid',
      createdAt: new Date(Date.now() - (options.paidDaysAgo ?? 0) * 86_400_000),
    });
  }
  return row!.id;
}

/** A signed-in shopper with a Delivered order of the product (a buyer who may review). */
async function buyer(variant: number | null = null) {
  const b = await signedInShopper(t.app);
  await order(b, 'Delivered', { variant });
  return b;
}

const post = (who: SignedInShopper | null, payload: object, product = productId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${product}/reviews/`,
    headers: who?.headers ?? {},
    payload,
  });

const list = async (query = '', product = productId): Promise<ReviewsResponse> => {
  const res = await t.app.inject({ url: `/api/products/${product}/reviews/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewsResponse;
};

const detail = async (id = productId) =>
  (await t.app.inject({ url: `/api/products/${id}/` })).json() as {
    rating_average: number | null;
    rating_count: number;
  };

const OPS_TOKEN = 'ops-token-for-the-reviews-test-0123456789';

const REVIEW = { rating: 4, title: 'Good tote', body: 'Sturdy, and it washes well.' };

beforeAll(async () => {
  t = await buildTestApp({ OPS_TOKEN: OPS_TOKEN });
  brandOwner = await signedInShopper(t.app);
  otherBrandOwner = await signedInShopper(t.app);
  businessId = (await addBusiness(t.db, { ownerId: brandOwner.shopper.id, name: 'Fern & Flax' }))
    .id;
  await addBusiness(t.db, { ownerId: otherBrandOwner.shopper.id, name: 'Other Goods' });
  const product = await addProduct(t.db, businessId, {
    name: 'Reviewed Linen Tote',
    variants: [{ option1: 'Small' }, { option1: 'Large' }],
  });
  productId = product.id;
  variantIds = product.variants.map((v) => v.id);
  otherProductId = (await addProduct(t.db, businessId, { name: 'Unreviewed Jar' })).id;
}, 60_000);

afterAll(() => t?.close());

describe('who may review a product', () => {
  it('anonymous 401; a shopper who did not buy it, or whose order is Pending, Canceled or only just Paid, 403', async () => {
    expect((await post(null, REVIEW)).statusCode).toBe(401);

    const stranger = await signedInShopper(t.app);
    const refused = await post(stranger, REVIEW);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(REVIEW_MESSAGES.notBuyer);

    for (const status of ['Pending', 'Canceled', 'Paid'] as const) {
      const b = await signedInShopper(t.app);
      await order(b, status, { paidDaysAgo: status === 'Paid' ? 3 : 0 });
      const res = await post(b, REVIEW);
      expect(res.statusCode, status).toBe(403);
      expect(res.json().error).toBe(REVIEW_MESSAGES.notBuyer);
    }
    // A buyer of another product of the brand may not review this one.
    const otherBuyer = await signedInShopper(t.app);
    await order(otherBuyer, 'Delivered', { product: otherProductId });
    expect((await post(otherBuyer, REVIEW)).statusCode).toBe(403);
    expect(await list()).toMatchObject({ count: 0, results: [] });
  });

  it('a Shipped or Delivered order, or one Paid over 14 days ago, makes its buyer eligible; another variant counts', async () => {
    const shipped = await signedInShopper(t.app);
    await order(shipped, 'Shipped');
    expect((await post(shipped, REVIEW)).statusCode).toBe(201);

    const paidLongAgo = await signedInShopper(t.app);
    await order(paidLongAgo, 'Paid', { paidDaysAgo: REVIEW_LIMITS.paidDays + 1 });
    expect((await post(paidLongAgo, { ...REVIEW, rating: 2 })).statusCode).toBe(201);

    const largeBuyer = await buyer(variantIds[1]!);
    const mine = (who: SignedInShopper) =>
      t.app.inject({ url: `/api/products/${productId}/reviews/mine/`, headers: who.headers });
    expect((await mine(largeBuyer)).json()).toEqual({ can_review: true, review: null });
    expect((await mine(await signedInShopper(t.app))).json()).toEqual({
      can_review: false,
      review: null,
    });
    const res = await post(largeBuyer, { rating: 5, body: 'The large one fits a laptop.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: REVIEW_MESSAGES.created,
      review: {
        rating: 5,
        title: '',
        body: 'The large one fits a laptop.',
        verified_purchase: true,
        variant_options: { Size: 'Large' },
        reply: null,
      },
    });
    // One review per buyer and product.
    expect((await mine(largeBuyer)).json()).toMatchObject({
      can_review: false,
      review: { rating: 5, body: 'The large one fits a laptop.' },
    });
    const again = await post(largeBuyer, REVIEW);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect((await list()).count).toBe(3);
  });

  it('refuses what is not a review: rating, body length, title length, NUL and control characters; 404 for no product', async () => {
    const b = await buyer();
    const cases: Array<[object, string]> = [
      [{ ...REVIEW, rating: 0 }, REVIEW_MESSAGES.rating],
      [{ ...REVIEW, rating: 6 }, REVIEW_MESSAGES.rating],
      [{ ...REVIEW, rating: 3.5 }, REVIEW_MESSAGES.rating],
      [{ ...REVIEW, body: 'Too short' }, REVIEW_MESSAGES.body],
      [{ ...REVIEW, body: 'x'.repeat(REVIEW_LIMITS.body + 1) }, REVIEW_MESSAGES.body],
      [{ ...REVIEW, title: 't'.repeat(REVIEW_LIMITS.title + 1) }, REVIEW_MESSAGES.title],
      [{ ...REVIEW, body: 'A good bag\u0000 really.' }, REVIEW_MESSAGES.controlCharacters],
      [{ ...REVIEW, title: 'Bell\u0007' }, REVIEW_MESSAGES.controlCharacters],
    ];
    for (const [payload, message] of cases) {
      const res = await post(b, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const missing = await post(b, REVIEW, 99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(CATALOG_MESSAGES.productNotFound);
  });
});

describe('the product’s ratings', () => {
  it('are exact after each create, edit and delete, on the list, the product page and in search', async () => {
    const before = await list();
    const ratings = [...before.results.map((r) => r.rating)];
    const expected = () => {
      const histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } as Record<string, number>;
      for (const r of ratings) histogram[String(r)]!++;
      const average = ratings.length
        ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
        : null;
      return { average, count: ratings.length, histogram };
    };
    expect(before.summary).toEqual(expected());

    const b = await buyer();
    const created = (await post(b, { rating: 1, body: 'The strap tore in a week.' })).json();
    ratings.push(1);
    expect((await list()).summary).toEqual(expected());
    expect(await detail()).toMatchObject({
      rating_average: expected().average,
      rating_count: expected().count,
    });

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/reviews/${created.review.id}/`,
      headers: b.headers,
      payload: { rating: 3, body: 'The strap tore, the brand sent a new one.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      message: REVIEW_MESSAGES.updated,
      review: { rating: 3, body: 'The strap tore, the brand sent a new one.' },
    });
    ratings[ratings.indexOf(1)] = 3;
    expect((await list()).summary).toEqual(expected());

    // Someone else can neither edit nor delete it: 404, as for no review.
    const other = await buyer();
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/reviews/${created.review.id}/`,
        headers: other.headers,
        ...(method === 'PATCH' ? { payload: { rating: 5 } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error).toBe(REVIEW_MESSAGES.reviewNotFound);
    }

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${created.review.id}/`,
      headers: b.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: REVIEW_MESSAGES.deleted });
    ratings.splice(ratings.indexOf(3), 1);
    const after = await list();
    expect(after.summary).toEqual(expected());
    expect(after.results.map((r) => r.id)).not.toContain(created.review.id);

    // The lists carry the same figures (the search index follows within its notice).
    await searchCaughtUp(t.app, t.db);
    const search = await t.app.inject({ url: '/api/search/?search=reviewed%20linen' });
    const found = search.json().results.find((r: { id: number }) => r.id === productId);
    expect(found).toMatchObject({
      rating_average: expected().average,
      rating_count: ratings.length,
    });
    const storefront = await t.app.inject({ url: `/api/products-by-business/${businessId}/` });
    const unreviewed = storefront
      .json()
      .results.find((r: { id: number }) => r.id === otherProductId);
    expect(unreviewed).toMatchObject({ rating_average: null, rating_count: 0 });
    // The storefront's brand: its average over all its products' reviews.
    const brand = await t.app.inject({ url: `/api/business/${businessId}/` });
    expect(brand.json()).toMatchObject({
      rating_average: expected().average,
      rating_count: ratings.length,
    });
  });

  it('sorts by recent, highest and lowest, a page at a time; a body with HTML comes back as the same text', async () => {
    const html = '<script>alert("x")</script><b>Bold</b> & fine';
    const b = await buyer();
    const res = await post(b, { rating: 5, title: '<img src=x onerror=alert(1)>', body: html });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ body: html, title: '<img src=x onerror=alert(1)>' });

    const recent = await list('?sort=recent');
    expect(recent.results[0]!.body).toBe(html);
    const highest = (await list('?sort=highest')).results.map((r) => r.rating);
    expect(highest).toEqual([...highest].sort((x, y) => y - x));
    const lowest = (await list('?sort=lowest')).results.map((r) => r.rating);
    expect(lowest).toEqual([...lowest].sort((x, y) => x - y));

    const firstPage = await list('?page_size=2');
    expect(firstPage.results).toHaveLength(2);
    expect(firstPage.next).toContain('page=2');
    const second = await list('?page_size=2&page=2');
    expect(second.results.map((r) => r.id)).not.toContain(firstPage.results[0]!.id);
    expect(second.previous).toContain('page=1');
    const bad = await t.app.inject({ url: `/api/products/${productId}/reviews/?sort=best` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(REVIEW_MESSAGES.sort);
    // The author's name is their first name and last initial.
    expect(recent.results[0]!.author_name).toMatch(/^\S+ [A-Z]\.$|^\S+$/);
  });
});

describe('the brand’s reply and reports', () => {
  it('only the brand that sells the product may answer, once, editable; the shopper sees it', async () => {
    const b = await buyer();
    const review = (await post(b, { rating: 2, body: 'It came a week late.' })).json().review;
    const url = `/api/business/reviews/${review.id}/reply/`;
    for (const who of [otherBrandOwner, b]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: who.headers,
        payload: { body: 'Not yours to answer.' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(REVIEW_MESSAGES.reviewNotFound);
    }
    expect((await t.app.inject({ method: 'POST', url, payload: { body: 'x' } })).statusCode).toBe(
      401,
    );
    const first = await t.app.inject({
      method: 'POST',
      url,
      headers: brandOwner.headers,
      payload: { body: 'Sorry: the carrier lost a day. We refunded the shipping.' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(REVIEW_MESSAGES.replied);
    const createdAt = first.json().review.reply.created_at;
    const edited = await t.app.inject({
      method: 'POST',
      url,
      headers: brandOwner.headers,
      payload: { body: 'Sorry: the carrier lost two days. We refunded the shipping.' },
    });
    expect(edited.json().review.reply).toEqual({
      body: 'Sorry: the carrier lost two days. We refunded the shipping.',
      created_at: createdAt,
    });
    const shown = (await list()).results.find((r) => r.id === review.id);
    expect(shown?.reply?.body).toBe('Sorry: the carrier lost two days. We refunded the shipping.');

    // The brand's dashboard lists its reviews, newest or lowest first, with the product.
    const mine = async (sort: string) => {
      const res = await t.app.inject({
        url: `/api/business/reviews/${businessId}/?sort=${sort}`,
        headers: brandOwner.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const newest = await mine('newest');
    expect(newest.json()[0]).toMatchObject({
      id: review.id,
      product_id: productId,
      product_name: 'Reviewed Linen Tote',
      reply: { body: 'Sorry: the carrier lost two days. We refunded the shipping.' },
    });
    expect(Number(newest.headers['x-total-count'])).toBe((await list()).summary.count);
    const lowest = (await mine('lowest')).json().map((r: { rating: number }) => r.rating);
    expect(lowest).toEqual([...lowest].sort((x: number, y: number) => x - y));
    const other = await t.app.inject({
      url: `/api/business/reviews/${businessId}/`,
      headers: otherBrandOwner.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('a review reported by 3 accounts is hidden and leaves the ratings; one account counts once; the author cannot report', async () => {
    const author = await buyer();
    const review = (await post(author, { rating: 1, body: 'Buy from my shop instead!!' })).json()
      .review;
    const countBefore = (await list()).summary.count;
    const report = (who: SignedInShopper) =>
      t.app.inject({
        method: 'POST',
        url: `/api/reviews/${review.id}/report/`,
        headers: who.headers,
      });
    const own = await report(author);
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe(REVIEW_MESSAGES.ownReview);
    const first = await signedInShopper(t.app);
    expect((await report(first)).json()).toEqual({ message: REVIEW_MESSAGES.reported });
    expect((await report(first)).statusCode).toBe(200);
    expect((await report(await signedInShopper(t.app))).statusCode).toBe(200);
    // Two accounts so far (the same one twice counts once): still shown.
    expect((await list()).results.map((r) => r.id)).toContain(review.id);
    expect((await report(await signedInShopper(t.app))).statusCode).toBe(200);
    const after = await list();
    expect(after.results.map((r) => r.id)).not.toContain(review.id);
    expect(after.summary.count).toBe(countBefore - 1);
    const hidden = await t.db.execute(
      sql`select hidden_at is not null as hidden from reviews where id = ${review.id}`,
    );
    expect((hidden as unknown as { rows: Array<{ hidden: boolean }> }).rows[0]!.hidden).toBe(true);

    // The operator sees it (/ops/reviews/, token only) and keeps it: shown and counted again.
    const ops = { authorization: `Bearer ${OPS_TOKEN}` };
    expect((await t.app.inject({ url: '/ops/reviews/' })).statusCode).toBe(401);
    const queue = await t.app.inject({ url: '/ops/reviews/', headers: ops });
    expect(queue.json().reviews[0]).toMatchObject({ id: review.id, reports: 3, hidden: true });
    const kept = await t.app.inject({
      method: 'POST',
      url: `/ops/reviews/${review.id}/keep/`,
      headers: ops,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const shownAgain = await list();
    expect(shownAgain.results.map((r) => r.id)).toContain(review.id);
    expect(shownAgain.summary.count).toBe(countBefore);
    // Reported again by three accounts, the operator removes it for good.
    for (let i = 0; i < 3; i++) await report(await signedInShopper(t.app));
    expect((await list()).summary.count).toBe(countBefore - 1);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/ops/reviews/${review.id}/remove/`,
      headers: ops,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/ops/reviews/', headers: ops }))
        .json()
        .reviews.map((r: { id: number }) => r.id),
    ).not.toContain(review.id);
    expect((await list()).summary.count).toBe(countBefore - 1);
  });
});
