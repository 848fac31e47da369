import { ORDER_MESSAGE_LIMITS, ORDER_MESSAGE_SIDES } from '@leafline/contract/order-messages-texts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * A message about an order between its buyer and its brand (decision 0051), oldest first by id.
 * `author_id` is who wrote it (the buyer, or the business's owner at the time; null once that
 * account is gone); the per-order limits count an author's recent rows. Written only by the
 * order-messages module.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ORDER_MESSAGE_SIDES }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_messages_side', sql`${t.side} in ('buyer', 'brand')`),
    check(
      'order_messages_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(ORDER_MESSAGE_LIMITS.body))}`,
    ),
    // A thread, oldest first; the counts of a list of orders.
    index('order_messages_order_idx').on(t.orderId, t.id),
    // The limits: an author's messages about an order in the last minute and day.
    index('order_messages_author_idx').on(t.orderId, t.authorId, t.createdAt),
  ],
);
