import { REVIEW_LIMITS, REVIEW_SORTS, type ReviewSort } from '@leafline/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { rowsOf } from '../../db/raw-rows';
import { productRatings, reviewEvents, reviewReports, reviews } from '../../db/schema/index';
import { ORDERS_CHANNEL } from '../orders';

/**
 * The reviews' rows (issue 27, docs/decisions/0043): reviews, their reports and each product's
 * ratings, and the events that bring a new review to the brand's live dashboard. This module is
 * the only writer of the four tables.
 */

export interface ReviewRow {
  id: number;
  productId: number;
  userId: number;
  rating: number;
  title: string;
  body: string;
  variantOptions: Record<string, string> | null;
  replyBody: string | null;
  replyCreatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  firstName: string;
  lastName: string;
  username: string;
}

const shown = sql`r.hidden_at is null`;

const ORDER: Record<ReviewSort, string> = {
  recent: 'r.created_at desc, r.id desc',
  highest: 'r.rating desc, r.created_at desc, r.id desc',
  lowest: 'r.rating asc, r.created_at desc, r.id desc',
};

/** A review's columns as ReviewRow, over `reviews r join users u`. */
const COLUMNS = sql`r.id, r.product_id as "productId", r.user_id as "userId", r.rating,
    r.title, r.body, r.variant_options as "variantOptions", r.reply_body as "replyBody",
    r.reply_created_at as "replyCreatedAt", r.created_at as "createdAt",
    r.updated_at as "updatedAt", u.first_name as "firstName", u.last_name as "lastName",
    u.username`;

const SELECT = sql`select ${COLUMNS} from reviews r join users u on u.id = r.user_id`;

const dates = (row: ReviewRow): ReviewRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
  replyCreatedAt: row.replyCreatedAt ? new Date(row.replyCreatedAt) : null,
});

/** A page of a product's shown reviews in the asked order. */
export async function pageReviews(
  db: Db,
  productId: number,
  sort: ReviewSort,
  limit: number,
  offset: number,
): Promise<ReviewRow[]> {
  const rows = await rowsOf<ReviewRow>(
    db,
    sql`${SELECT} where r.product_id = ${productId} and ${shown}
      order by ${sql.raw(ORDER[sort])} limit ${limit} offset ${offset}`,
  );
  return rows.map(dates);
}

/** A product's page of reviews with its ratings: what `GET api/products/{id}/reviews/` reads. */
export interface ReviewsPageRead {
  ratings: Ratings;
  rows: ReviewRow[];
}

type PageRow = {
  count: number | null;
  sum: number | null;
  stars1: number | null;
  stars2: number | null;
  stars3: number | null;
  stars4: number | null;
  stars5: number | null;
  /** The review's place in the page (null with no review). */
  n: number | null;
} & { [K in keyof ReviewRow]: ReviewRow[K] | null };

/**
 * The public list's read in one round trip, planned once per connection (one statement per
 * order): the product of an open business, its ratings row and the asked page of its shown
 * reviews, a row per review (one row with no review for an empty page, none for a product not on
 * sale). Before, three statements in two round trips.
 */
const pageStatements = Object.fromEntries(
  REVIEW_SORTS.map((sort) => [
    sort,
    preparedSql<PageRow>(
      `reviews_page_${sort}`,
      sql`select pr.count, pr.sum, pr.stars1, pr.stars2, pr.stars3, pr.stars4, pr.stars5, page.*
        from products p join businesses b on b.id = p.business_id and b.is_active
        left join product_ratings pr on pr.product_id = p.id
        left join lateral (
          select ${COLUMNS}, row_number() over (order by ${sql.raw(ORDER[sort])}) as n
          from reviews r join users u on u.id = r.user_id
          where r.product_id = p.id and ${shown}
          order by ${sql.raw(ORDER[sort])}
          limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int
        ) page on true
        where p.id = ${sql.placeholder('id')}::int
        order by page.n`,
    ),
  ]),
) as Record<ReviewSort, ReturnType<typeof preparedSql<PageRow>>>;

/** undefined: no such product on sale. */
export async function readReviewsPage(
  db: Db,
  productId: number,
  sort: ReviewSort,
  limit: number,
  offset: number,
): Promise<ReviewsPageRead | undefined> {
  const rows = await pageStatements[sort](db, { id: productId, limit, offset });
  const first = rows[0];
  if (!first) return undefined;
  return {
    ratings: {
      count: first.count ?? 0,
      sum: first.sum ?? 0,
      stars: [
        first.stars1 ?? 0,
        first.stars2 ?? 0,
        first.stars3 ?? 0,
        first.stars4 ?? 0,
        first.stars5 ?? 0,
      ],
    },
    rows: rows.flatMap((row) => {
      if (row.id === null) return [];
      const { count, sum, stars1, stars2, stars3, stars4, stars5, n, ...review } = row;
      return [dates(review as ReviewRow)];
    }),
  };
}

export async function findReview(db: Db, reviewId: number): Promise<ReviewRow | undefined> {
  const [row] = await rowsOf<ReviewRow>(db, sql`${SELECT} where r.id = ${reviewId}`);
  return row ? dates(row) : undefined;
}

export interface Ratings {
  count: number;
  sum: number;
  stars: [number, number, number, number, number];
}

/**
 * The variant options of the line that makes this user a buyer who may review the product: a
 * line of one of their orders that is Shipped or Delivered, or Paid over REVIEW_LIMITS.paidDays
 * days ago (its `paid` event); the newest such order's. undefined: not a buyer.
 */
export async function findPurchase(
  db: Db,
  userId: number,
  productId: number,
): Promise<{ variantOptions: Record<string, string> | null } | undefined> {
  const [row] = await rowsOf<{ variant_options: Record<string, string> | null }>(
    db,
    sql`select i.variant_options from order_items i join orders o on o.id = i.order_id
      where o.user_id = ${userId} and i.product_id = ${productId}
        and (o.status in ('Shipped', 'Delivered')
          or (o.status = 'Paid' and exists (select 1 from order_events e
            where e.order_id = o.id and e.type = 'paid'
              and e.created_at <= now() - make_interval(days => ${REVIEW_LIMITS.paidDays}))))
      order by o.created_at desc, o.id desc limit 1`,
  );
  return row ? { variantOptions: row.variant_options ?? null } : undefined;
}

/** The product's id when it is on sale (its business open), else undefined. */
export async function findLiveProduct(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select p.id from products p join businesses b on b.id = p.business_id
      where p.id = ${productId} and b.is_active`,
  );
  return row?.id;
}

/** Inserts the review; undefined when this user has one of this product already. */
export async function insertReview(
  tx: Db,
  values: {
    productId: number;
    userId: number;
    rating: number;
    title: string;
    body: string;
    variantOptions: Record<string, string> | null;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
    .returning({ id: reviews.id });
  return row?.id;
}

export async function updateReview(
  tx: Db,
  reviewId: number,
  values: { rating?: number; title?: string; body?: string },
): Promise<void> {
  await tx
    .update(reviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reviews.id, reviewId));
}

export async function deleteReview(tx: Db, reviewId: number): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, reviewId));
}

export async function saveReply(tx: Db, reviewId: number, body: string): Promise<void> {
  await tx
    .update(reviews)
    .set({
      replyBody: body,
      replyCreatedAt: sql`coalesce(${reviews.replyCreatedAt}, now())`,
      replyUpdatedAt: sql`now()`,
    })
    .where(eq(reviews.id, reviewId));
}

/**
 * Records the account's report of the review (once) and hides the review when
 * REVIEW_LIMITS.reportsToHide accounts reported it. Answers whether it is hidden now.
 */
export async function addReport(tx: Db, reviewId: number, userId: number): Promise<boolean> {
  await tx.insert(reviewReports).values({ reviewId, userId }).onConflictDoNothing();
  const [row] = await rowsOf<{ hidden: boolean }>(
    tx,
    sql`update reviews set hidden_at = coalesce(hidden_at, now())
      where id = ${reviewId} and hidden_at is null
        and (select count(*) from review_reports where review_id = ${reviewId})
          >= ${REVIEW_LIMITS.reportsToHide}
      returning true as hidden`,
  );
  return row?.hidden === true;
}

/**
 * Brings the product's ratings row up to date with its shown reviews. The row is locked first
 * (made when missing), so two review changes of one product count one after the other: the sum
 * read after the lock holds every change committed before it.
 */
export async function refreshRatings(tx: Db, productId: number): Promise<void> {
  await tx.insert(productRatings).values({ productId }).onConflictDoNothing();
  await tx.execute(sql`select 1 from product_ratings where product_id = ${productId} for update`);
  await tx.execute(sql`update product_ratings t set count = a.count, sum = a.sum,
      stars1 = a.s1, stars2 = a.s2, stars3 = a.s3, stars4 = a.s4, stars5 = a.s5
    from (select count(*)::int as count, coalesce(sum(rating), 0)::int as sum,
        count(*) filter (where rating = 1)::int as s1, count(*) filter (where rating = 2)::int as s2,
        count(*) filter (where rating = 3)::int as s3, count(*) filter (where rating = 4)::int as s4,
        count(*) filter (where rating = 5)::int as s5
      from reviews where product_id = ${productId} and hidden_at is null) a
    where t.product_id = ${productId}
      and (t.count, t.sum, t.stars1, t.stars2, t.stars3, t.stars4, t.stars5)
        is distinct from (a.count, a.sum, a.s1, a.s2, a.s3, a.s4, a.s5)`);
}

/** This user's review of the product, shown or not. */
export async function findReviewOf(
  db: Db,
  productId: number,
  userId: number,
): Promise<ReviewRow | undefined> {
  const [row] = await rowsOf<ReviewRow>(
    db,
    sql`${SELECT} where r.product_id = ${productId} and r.user_id = ${userId}`,
  );
  return row ? dates(row) : undefined;
}

export interface ModerationRow {
  id: number;
  productId: number;
  productName: string;
  rating: number;
  title: string;
  body: string;
  reports: number;
  hiddenAt: Date | null;
  createdAt: Date;
}

/** Reviews hidden by reports, then those reported but still shown; most reported first. */
export async function listReported(db: Db): Promise<ModerationRow[]> {
  const rows = await rowsOf<ModerationRow>(
    db,
    sql`select r.id, r.product_id as "productId", p.name as "productName", r.rating, r.title,
        r.body, count(x.user_id)::int as reports, r.hidden_at as "hiddenAt",
        r.created_at as "createdAt"
      from reviews r join products p on p.id = r.product_id
        join review_reports x on x.review_id = r.id
      group by r.id, p.name
      order by (r.hidden_at is null), count(x.user_id) desc, r.id desc
      limit 200`,
  );
  return rows.map((r) => ({
    ...r,
    hiddenAt: r.hiddenAt ? new Date(r.hiddenAt) : null,
    createdAt: new Date(r.createdAt),
  }));
}

/** An operator keeps a reported review: shown again, its reports cleared. */
export async function restoreReview(tx: Db, reviewId: number): Promise<boolean> {
  await tx.execute(sql`delete from review_reports where review_id = ${reviewId}`);
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`update reviews set hidden_at = null where id = ${reviewId} returning id`,
  );
  return row !== undefined;
}

/** A review row with its product's name, as the dashboard lists it. */
export type BusinessReviewRow = ReviewRow & { productName: string };

const BUSINESS_SELECT = sql`select ${COLUMNS}, p.name as "productName"
  from reviews r join users u on u.id = r.user_id join products p on p.id = r.product_id`;

const businessRow = (r: BusinessReviewRow): BusinessReviewRow => ({
  ...dates(r),
  productName: r.productName,
});

/** A page of the business's reviews (shown ones), with their products' names, and the total. */
export async function pageBusinessReviews(
  db: Db,
  businessId: number,
  sort: 'newest' | 'lowest',
  limit: number,
  offset: number,
): Promise<{ rows: BusinessReviewRow[]; total: number }> {
  const order =
    sort === 'lowest'
      ? 'r.rating asc, r.created_at desc, r.id desc'
      : 'r.created_at desc, r.id desc';
  const [rows, totals] = await Promise.all([
    rowsOf<BusinessReviewRow>(
      db,
      sql`${BUSINESS_SELECT}
        where p.business_id = ${businessId} and r.hidden_at is null
        order by ${sql.raw(order)} limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from reviews r join products p on p.id = r.product_id
        where p.business_id = ${businessId} and r.hidden_at is null`,
    ),
  ]);
  return {
    rows: rows.map(businessRow),
    total: totals[0]?.total ?? 0,
  };
}

/** These reviews of the business's products that are shown (a live event's review). */
export async function findBusinessReviews(
  db: Db,
  businessId: number,
  reviewIds: readonly number[],
): Promise<BusinessReviewRow[]> {
  if (!reviewIds.length) return [];
  const rows = await rowsOf<BusinessReviewRow>(
    db,
    sql`${BUSINESS_SELECT}
      where r.id in (${sql.join(
        reviewIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and p.business_id = ${businessId} and r.hidden_at is null`,
  );
  return rows.map(businessRow);
}

/** What a NOTIFY of a new review carries on ORDERS_CHANNEL (beside the orders' notices). */
export interface ReviewNotice {
  id: number;
  business: number;
  review: number;
  type: 'review';
}

/**
 * Records a new review for its brand's live dashboard, in the review's transaction, and
 * announces it on the orders' channel (delivered at commit, never on a rollback).
 */
export async function recordReviewEvent(tx: Db, reviewId: number): Promise<void> {
  const [row] = await rowsOf<{ id: number; business: number }>(
    tx,
    sql`insert into review_events (review_id, business_id)
      select r.id, p.business_id from reviews r join products p on p.id = r.product_id
      where r.id = ${reviewId}
      returning id, business_id as business`,
  );
  if (!row) return;
  const notice: ReviewNotice = {
    id: row.id,
    business: row.business,
    review: reviewId,
    type: 'review',
  };
  await tx.execute(sql`select pg_notify(${ORDERS_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * The business's review events after `afterId` (and, with `sinceMs`, those of the last that
 * many milliseconds), oldest first, at most `limit`: the orders' catch-up rule (listOrderEventsAfter).
 */
export async function listReviewEventsAfter(
  db: Db,
  businessId: number,
  afterId: number,
  options: { limit: number; sinceMs?: number },
): Promise<ReviewNotice[]> {
  const newer =
    options.sinceMs === undefined
      ? sql`id > ${afterId}`
      : sql`(id > ${afterId} or created_at > now() - make_interval(secs => ${options.sinceMs / 1000}))`;
  return rowsOf<ReviewNotice>(
    db,
    sql`select id, business_id as business, review_id as review, 'review' as type
      from review_events where business_id = ${businessId} and ${newer}
      order by id limit ${options.limit}`,
  );
}

/** The business's newest review event id (0 when none). */
export async function latestReviewEventId(db: Db, businessId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${reviewEvents.id})` })
    .from(reviewEvents)
    .where(eq(reviewEvents.businessId, businessId));
  return Number(row?.id ?? 0);
}
