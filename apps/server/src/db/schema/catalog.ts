import { PRODUCT_STATUSES } from '@leafline/contract/constants';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';

/** PostgreSQL full-text document; filled by the `products_search_vector` trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /**
     * The names of the variants' options, in order: [0] names every variant's option1, [1]
     * its option2 (as Shopify's product options). Empty when the seller never named them.
     */
    optionNames: text('option_names').array().notNull().default(sql`'{}'::text[]`),
    shopifyProductId: text('shopify_product_id'),
    /**
     * The Shopify variant of a product imported without options (Shopify's one default
     * variant, which has no row in `variants` here): what the order push sends its lines as.
     */
    shopifyVariantId: text('shopify_variant_id'),
    /**
     * What the product sold for before (issue 29, point 6): shown struck through beside the
     * price when more than it; null for none. A product without variants only.
     */
    compareAtCents: integer('compare_at_cents'),
    /** The brand's own stock-keeping code of a product without variants; null for none. */
    sku: text('sku'),
    /**
     * Issue 29, point 5: `active` in the shop; `draft` (being prepared) and `archived` (no longer
     * sold; its orders keep their lines) only in the brand's dashboard.
     */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /**
     * A digest of what the last Shopify sync imported for this product (issue 13): a re-sync
     * that reads the same digest changes nothing.
     */
    shopifySyncDigest: text('shopify_sync_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Weighted search document (DESIGN 2.11): name A, business name B, product_category C,
     * description D. Kept by triggers (migration 0003), also when the business is renamed.
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    // Storefront listing, newest first (also serves the foreign key).
    index('products_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_created_idx').on(
      t.productCategory,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_category_price_idx').on(t.productCategory, t.priceCents, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    // One product per Shopify product and business: the sync's key (issue 13).
    uniqueIndex('products_shopify_uq')
      .on(t.businessId, t.shopifyProductId)
      .where(sql`shopify_product_id is not null`),
  ],
);

/**
 * Words of product, business and category names (lower case), kept by the same triggers: the
 * vocabulary a misspelt search word is corrected against with pg_trgm (DESIGN 2.11).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  // GiST rather than GIN: the planner takes it for `%` (it seq-scanned past the GIN index).
  index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
]);

/**
 * The search engine's change log (issue 15, docs/decisions/0023): one row for each product
 * whose searched fields changed (inserted, updated, deleted) and each business whose open,
 * verified or shipping state changed, written by triggers (migration 0016) in the transaction
 * of the change. Every app instance's in-memory index applies the rows after the last `seq` it
 * applied before it answers a search, so no instance answers from an older catalogue than the
 * database had when the search began. Rows older than a day are deleted.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    productId: integer('product_id'),
    businessId: integer('business_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_changes_changed_idx').on(t.changedAt)],
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
    /** The Shopify image it was imported from (its id): a re-sync keeps it, never re-downloads. */
    shopifyImageId: text('shopify_image_id'),
    /**
     * The option value the picture shows (issue 24 point 14, docs/decisions/0024): 1 or 2 (the
     * variants' option1 or option2) with `option_value`, both null for a picture of every variant.
     */
    optionIndex: smallint('option_index'),
    optionValue: text('option_value'),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId),
    check(
      'product_images_option_tie',
      sql`(${t.optionIndex} is null and ${t.optionValue} is null) or (${t.optionIndex} in (1, 2) and ${t.optionValue} <> '')`,
    ),
  ],
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
    /** What the variant sold for before (issue 29, point 6): struck through when more than its price. */
    compareAtCents: integer('compare_at_cents'),
    /** The brand's own stock-keeping code of the variant; null for none. */
    sku: text('sku'),
  },
  (t) => [
    index('variants_product_idx').on(t.productId),
    uniqueIndex('variants_shopify_uq')
      .on(t.productId, t.shopifyVariantId)
      .where(sql`shopify_variant_id is not null`),
  ],
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
    shopifyImageId: text('shopify_image_id'),
  },
  (t) => [index('variant_images_variant_idx').on(t.variantId)],
);

/**
 * The stock of each counted unit (issue 26, docs/decisions/0042): a product without variants
 * (variant_id null) or one variant. No row: not counted, sold without limit. `stock` is what
 * the brand has, `reserved` what open checkouts hold of it; what can be bought is their
 * difference. Written only by the stock module; the check constraints keep both at 0 or more.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    stock: integer('stock').notNull(),
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [
    unique('stock_levels_unit_uq').on(t.productId, t.variantId).nullsNotDistinct(),
    check('stock_levels_stock_not_negative', sql`${t.stock} >= 0`),
    check('stock_levels_reserved_not_negative', sql`${t.reserved} >= 0`),
  ],
);
