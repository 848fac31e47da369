import { RETURN_LIMITS, RETURN_STATUSES } from '@leafline/contract/returns-texts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders';

/**
 * A buyer's return of a Delivered order (decision 0055): requested, then accepted (its lines
 * refunded by the partial refund keyed `return-<id>`) or declined with the brand's reason. At
 * most one requested at a time per order. Written only by the returns module.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    declineReason: text('decline_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('order_returns_status', sql`${t.status} in ('requested', 'accepted', 'declined')`),
    check(
      'order_returns_decided',
      sql`(${t.status} = 'requested') = (${t.decidedAt} is null)
        and (${t.status} = 'declined') = (char_length(${t.declineReason}) between 1 and ${sql.raw(String(RETURN_LIMITS.reason))})`,
    ),
    index('order_returns_order_idx').on(t.orderId, t.id),
    // One return waiting for the brand per order.
    uniqueIndex('order_returns_open_uq').on(t.orderId).where(sql`${t.status} = 'requested'`),
  ],
);

/** A line of a return: which order line, how many units, and the buyer's reason. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    check('order_return_lines_quantity', sql`${t.quantity} > 0`),
    check(
      'order_return_lines_reason',
      sql`char_length(${t.reason}) between 1 and ${sql.raw(String(RETURN_LIMITS.reason))}`,
    ),
    uniqueIndex('order_return_lines_uq').on(t.returnId, t.orderItemId),
  ],
);
