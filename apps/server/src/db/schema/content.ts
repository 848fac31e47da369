import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_uq').on(sql`lower(${t.email})`)],
);

export const quizPersonas = pgTable('quiz_personas', {
  /** 1–6 (SPEC §3). */
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  nextSteps: jsonb('next_steps').$type<string[]>().notNull(),
  productIds: jsonb('product_ids').$type<number[]>().notNull(),
  matchingAnswers: jsonb('matching_answers').$type<string[]>().notNull(),
  /** Media path of the persona's mascot poster. */
  poster: text('poster'),
});

export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('faq_items_category_idx').on(t.category, t.position)],
);

export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  website: text('website').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * Hand-picked lists (DESIGN 2.9): newly_added, current_favorites, people_also_love
 * (product ids) and hidden_businesses (business ids). Data, editable, served by the API.
 */
export const curatedLists = pgTable('curated_lists', {
  key: text('key').primaryKey(),
  itemIds: jsonb('item_ids').$type<number[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
