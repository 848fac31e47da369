import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { products } from './catalog';
import { users } from './users';

/**
 * Reviews from buyers (issue 27, docs/decisions/0043): one per buyer and product, with the
 * brand's one reply on the same row. `hidden_at` is set when REVIEW_LIMITS.reportsToHide
 * accounts reported it (until an operator looks). Written only by the reviews module.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    /** The options of the variant the author bought ({"Size": "M"}), when it had any. */
    variantOptions: jsonb('variant_options').$type<Record<string, string>>(),
    replyBody: text('reply_body'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_product_user_uq').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // A product's page of reviews, newest first or by rating.
    index('reviews_product_recent_idx').on(t.productId, t.createdAt, t.id),
    index('reviews_product_rating_idx').on(t.productId, t.rating, t.createdAt, t.id),
    index('reviews_user_idx').on(t.userId),
  ],
);

/** Who reported a review (one report per account and review). */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * A product's ratings over its shown reviews, kept in the transaction of each review change
 * (the product page, the lists and the search read one row): how many, their sum, per star.
 */
export const productRatings = pgTable(
  'product_ratings',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    sum: integer('sum').notNull().default(0),
    stars1: integer('stars1').notNull().default(0),
    stars2: integer('stars2').notNull().default(0),
    stars3: integer('stars3').notNull().default(0),
    stars4: integer('stars4').notNull().default(0),
    stars5: integer('stars5').notNull().default(0),
  },
  (t) => [check('product_ratings_count_not_negative', sql`${t.count} >= 0`)],
);

/**
 * A new review, for the brand's live dashboard (issue 27 point 4): written in the review's
 * transaction with a NOTIFY on the orders' channel, so it travels the same stream as the
 * orders. Its id comes from the order events' sequence: one growing id for every event of the
 * stream, and a dashboard resuming after `Last-Event-ID` is sent what it missed of both.
 */
export const reviewEvents = pgTable(
  'review_events',
  {
    id: integer('id').primaryKey().default(sql`nextval('order_events_id_seq')`),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_events_business_idx').on(t.businessId, t.id)],
);
