import { index, integer, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { products } from './catalog';
import { users } from './users';

/**
 * The shopper's saved things (docs/decisions/0050): favourite products and followed brands, one
 * row per account and product (or brand), gone with the account, the product or the brand.
 * `favorites` is written only by the favorites module, `follows` only by the follows module.
 */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('favorites_user_product_uq').on(t.userId, t.productId),
    // The account's list, newest first.
    index('favorites_user_recent_idx').on(t.userId, t.createdAt, t.id),
    // The cascade when a product goes.
    index('favorites_product_idx').on(t.productId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('follows_user_business_uq').on(t.userId, t.businessId),
    index('follows_user_recent_idx').on(t.userId, t.createdAt, t.id),
    index('follows_business_idx').on(t.businessId),
  ],
);
