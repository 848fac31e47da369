import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    condition: text('condition', { enum: ['new', 'second_hand'] })
      .notNull()
      .default('new'),
    category: text('category').notNull().default('Eco-Friendly Business'),
    productCategory: text('product_category').notNull(),
    shopifyProductId: text('shopify_product_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_business_idx').on(t.businessId),
    index('products_category_idx').on(t.productCategory),
    index('products_price_idx').on(t.priceCents),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Media path, relative to /media/. */
    image: text('image').notNull(),
    altText: text('alt_text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    option1: text('option1').notNull().default(''),
    option2: text('option2'),
    /** Null means "the product's price". */
    priceCents: integer('price_cents'),
    /** Soft delete: variants that orders or carts refer to are kept (SPEC §3). */
    deleted: boolean('deleted').notNull().default(false),
    position: integer('position').notNull().default(0),
    shopifyVariantId: text('shopify_variant_id'),
  },
  (t) => [index('variants_product_idx').on(t.productId)],
);

export const variantImages = pgTable(
  'variant_images',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    altText: text('alt_text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('variant_images_variant_idx').on(t.variantId)],
);
