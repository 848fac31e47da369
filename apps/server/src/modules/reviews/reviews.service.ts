import {
  CATALOG_MESSAGES,
  type MyReviewResponse,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewCreateBody,
  type ReviewEditBody,
  type ReviewSort,
  type ReviewSummary,
  type ReviewsResponse,
  SELLER_PAGE_SIZE,
  type SellerReview,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import {
  addReport,
  type BusinessReviewRow,
  deleteReview as deleteRow,
  findBusinessReviews,
  findLiveProduct,
  findPurchase,
  findReview,
  findReviewOf,
  insertReview,
  listReported,
  pageBusinessReviews,
  pageReviews,
  type Ratings,
  type ReviewRow,
  readReviewsPage,
  recordReviewEvent,
  refreshRatings,
  restoreReview,
  saveReply,
  updateReview,
} from './reviews.repo';

/**
 * Reviews (issue 27, docs/decisions/0043): who may write one (a buyer of the product, once),
 * edit or delete it (its author), answer it (the product's brand, through the seller guard),
 * report it (any other signed-in account); each change brings the product's ratings up to date
 * in its transaction.
 */

export interface ReviewsDeps {
  db: Db;
  publicUrl: string;
}

/** "Fern M.": the first name and the last name's initial; the username without a name. */
export function authorName(row: Pick<ReviewRow, 'firstName' | 'lastName' | 'username'>): string {
  const first = row.firstName.trim();
  const initial = Array.from(row.lastName.trim())[0];
  if (!first) return row.username;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author_name: authorName(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    verified_purchase: true,
    variant_options: row.variantOptions,
    reply:
      row.replyBody !== null && row.replyCreatedAt
        ? { body: row.replyBody, created_at: row.replyCreatedAt.toISOString() }
        : null,
  };
}

export function toSummary(ratings: Ratings): ReviewSummary {
  const [s1, s2, s3, s4, s5] = ratings.stars;
  return {
    average: ratings.count ? Math.round((ratings.sum / ratings.count) * 10) / 10 : null,
    count: ratings.count,
    histogram: { '1': s1, '2': s2, '3': s3, '4': s4, '5': s5 },
  };
}

async function liveProductOr404(db: Db, rawProductId: string): Promise<number> {
  const productId = parseId(rawProductId);
  const found = productId === null ? undefined : await findLiveProduct(db, productId);
  if (found === undefined) throw notFound(CATALOG_MESSAGES.productNotFound);
  return found;
}

/** The review, when it exists and is shown (or the caller wrote it). */
async function reviewOr404(db: Db, rawReviewId: string, authorId?: number): Promise<ReviewRow> {
  const reviewId = parseId(rawReviewId);
  const row = reviewId === null ? undefined : await findReview(db, reviewId);
  if (!row || (authorId !== undefined && row.userId !== authorId)) {
    throw notFound(REVIEW_MESSAGES.reviewNotFound);
  }
  return row;
}

const pageLink = (base: string, page: number) => {
  const url = new URL(base);
  url.searchParams.set('page', String(page));
  return url.toString();
};

export async function listReviews(
  deps: ReviewsDeps,
  rawProductId: string,
  query: {
    page?: number | undefined;
    page_size?: number | undefined;
    sort?: ReviewSort | undefined;
  },
  requestUrl: string,
): Promise<ReviewsResponse> {
  const productId = parseId(rawProductId);
  const page = query.page ?? 1;
  const size = Math.min(query.page_size ?? REVIEW_LIMITS.pageSize, REVIEW_LIMITS.maxPageSize);
  const read =
    productId === null
      ? undefined
      : await readReviewsPage(deps.db, productId, query.sort ?? 'recent', size, (page - 1) * size);
  if (!read) throw notFound(CATALOG_MESSAGES.productNotFound);
  const { ratings, rows } = read;
  if (page > 1 && rows.length === 0) throw notFound(CATALOG_MESSAGES.invalidPage);
  const base = new URL(requestUrl, deps.publicUrl).toString();
  return {
    count: ratings.count,
    next: page * size < ratings.count ? pageLink(base, page + 1) : null,
    previous: page > 1 ? pageLink(base, page - 1) : null,
    results: rows.map(toReview),
    summary: toSummary(ratings),
  };
}

/** Whether the user may review the product now, and their review when they wrote one. */
export async function myReview(
  deps: ReviewsDeps,
  userId: number,
  rawProductId: string,
): Promise<MyReviewResponse> {
  const productId = await liveProductOr404(deps.db, rawProductId);
  const [mine, purchase] = await Promise.all([
    findReviewOf(deps.db, productId, userId),
    findPurchase(deps.db, userId, productId),
  ]);
  return { can_review: !mine && purchase !== undefined, review: mine ? toReview(mine) : null };
}

export async function createReview(
  deps: ReviewsDeps,
  userId: number,
  rawProductId: string,
  body: ReviewCreateBody & { title?: string | undefined },
): Promise<Review> {
  const productId = await liveProductOr404(deps.db, rawProductId);
  const purchase = await findPurchase(deps.db, userId, productId);
  if (!purchase) throw forbidden(REVIEW_MESSAGES.notBuyer);
  const id = await deps.db.transaction(async (tx) => {
    const inserted = await insertReview(tx, {
      productId,
      userId,
      rating: body.rating,
      title: body.title ?? '',
      body: body.body,
      variantOptions: purchase.variantOptions,
    });
    if (inserted === undefined) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    await refreshRatings(tx, productId);
    await recordReviewEvent(tx, inserted);
    return inserted;
  });
  return toReview((await findReview(deps.db, id))!);
}

export async function editReview(
  deps: ReviewsDeps,
  userId: number,
  rawReviewId: string,
  body: ReviewEditBody,
): Promise<Review> {
  const row = await reviewOr404(deps.db, rawReviewId, userId);
  await deps.db.transaction(async (tx) => {
    await updateReview(tx, row.id, {
      ...(body.rating !== undefined ? { rating: body.rating } : {}),
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.body !== undefined ? { body: body.body } : {}),
    });
    await refreshRatings(tx, row.productId);
  });
  return toReview((await findReview(deps.db, row.id))!);
}

export async function removeReview(
  deps: ReviewsDeps,
  userId: number,
  rawReviewId: string,
): Promise<void> {
  const row = await reviewOr404(deps.db, rawReviewId, userId);
  await deps.db.transaction(async (tx) => {
    await deleteRow(tx, row.id);
    await refreshRatings(tx, row.productId);
  });
}

export async function reportReview(
  deps: ReviewsDeps,
  userId: number,
  rawReviewId: string,
): Promise<void> {
  const row = await reviewOr404(deps.db, rawReviewId);
  if (row.userId === userId) throw badRequest(REVIEW_MESSAGES.ownReview);
  await deps.db.transaction(async (tx) => {
    if (await addReport(tx, row.id, userId)) await refreshRatings(tx, row.productId);
  });
}

/** The brand's answer (its business found by the seller guard); sent again, it is edited. */
export async function replyToReview(
  deps: ReviewsDeps,
  reviewId: number,
  body: string,
): Promise<Review> {
  await deps.db.transaction((tx) => saveReply(tx, reviewId, body));
  return toReview((await findReview(deps.db, reviewId))!);
}

// ---- the operator's moderation (`/ops/reviews/`) ----

export async function reportedReviews(deps: ReviewsDeps) {
  const rows = await listReported(deps.db);
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      product_id: r.productId,
      product_name: r.productName,
      rating: r.rating,
      title: r.title,
      body: r.body,
      reports: r.reports,
      hidden: r.hiddenAt !== null,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** `keep`: shown again, its reports cleared; `remove`: deleted. Either way the ratings follow. */
export async function moderateReview(
  deps: ReviewsDeps,
  rawReviewId: string,
  decision: 'keep' | 'remove',
): Promise<{ message: string }> {
  const row = await reviewOr404(deps.db, rawReviewId);
  await deps.db.transaction(async (tx) => {
    if (decision === 'keep') await restoreReview(tx, row.id);
    else await deleteRow(tx, row.id);
    await refreshRatings(tx, row.productId);
  });
  return {
    message: decision === 'keep' ? 'The review is shown again.' : 'The review was removed.',
  };
}

/** The dashboard's Reviews section: a page of the business's reviews and the total. */
export async function businessReviews(
  deps: ReviewsDeps,
  businessId: number,
  query: { page?: number | undefined; sort?: 'newest' | 'lowest' | undefined },
): Promise<{ reviews: SellerReview[]; total: number }> {
  const page = query.page ?? 1;
  const { rows, total } = await pageBusinessReviews(
    deps.db,
    businessId,
    query.sort ?? 'newest',
    SELLER_PAGE_SIZE,
    (page - 1) * SELLER_PAGE_SIZE,
  );
  return { reviews: rows.map(toSellerReview), total };
}

const toSellerReview = (r: BusinessReviewRow): SellerReview => ({
  ...toReview(r),
  product_id: r.productId,
  product_name: r.productName,
});

/** These reviews as the business's dashboard lists them (the live stream's review events). */
export async function sellerReviewsByIds(
  db: Db,
  businessId: number,
  reviewIds: readonly number[],
): Promise<SellerReview[]> {
  return (await findBusinessReviews(db, businessId, reviewIds)).map(toSellerReview);
}

/** A product's newest shown reviews (the share preview's JSON-LD). */
export async function recentReviews(db: Db, productId: number, limit: number): Promise<Review[]> {
  return (await pageReviews(db, productId, 'recent', limit, 0)).map(toReview);
}
