import type { StripeStatus } from '@leafline/contract/business';
import { DELIVERY_DEFAULTS, DELIVERY_LIMITS } from '@leafline/contract/delivery-texts';
import { SHOPIFY_IMPORT_MODES, SHOPIFY_IMPORT_STATUSES } from '@leafline/contract/shopify-import';
import { VERIFICATION_STATUSES } from '@leafline/contract/verification';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    /** Null once the owner deleted their account; the business is then closed. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Public contact e-mail. */
    email: text('email').notNull(),
    /**
     * Where the brand's new-order e-mails go (issue 24 point 7); null: the owner's account
     * e-mail. Never the public `email` above.
     */
    orderEmail: text('order_email'),
    website: text('website').notNull().default(''),
    businessType: text('business_type', { enum: ['eco_friendly_company', 'individual_seller'] })
      .notNull()
      .default('eco_friendly_company'),
    shippingStrategy: text('shipping_strategy').notNull().default(''),
    priceRange: text('price_range').notNull().default(''),
    production: text('production').notNull().default(''),
    /** Media path of the logo (served as `logonew`). */
    logo: text('logo'),
    banner: text('banner'),
    verified: boolean('verified').notNull().default(false),
    /** False once closed (owner deleted); closed businesses are hidden from the shop. */
    isActive: boolean('is_active').notNull().default(true),
    stripeAccountId: text('stripe_account_id'),
    stripeStatus: text('stripe_status').$type<StripeStatus>().notNull().default('pending'),
    /**
     * When the provider's account snapshot behind `stripe_status` was made (its event's
     * `created`): an older `account.updated` arriving late changes nothing.
     */
    stripeStatusAt: timestamp('stripe_status_at', { withTimezone: true }),
    shopifyAccessToken: text('shopify_access_token'),
    shopifyStoreUrl: text('shopify_store_url'),
    shopifyOrderSync: boolean('shopify_order_sync').notNull().default(false),
    /**
     * The API secret key of the brand's Shopify custom app, encrypted like the token: Shopify
     * signs the webhooks of that app's subscriptions with it (issue 13). Null: not given.
     */
    shopifyWebhookSecret: text('shopify_webhook_secret'),
    /**
     * Days the brand takes to send an order (docs/decisions/0052): the first part of the
     * shopper's delivery estimate, within DELIVERY_LIMITS.processingDays.
     */
    processingDays: integer('processing_days').notNull().default(DELIVERY_DEFAULTS.processingDays),
    /** Whether the brand takes returns, and within how many days (null when it does not). */
    returnsAccepted: boolean('returns_accepted')
      .notNull()
      .default(DELIVERY_DEFAULTS.returnsAccepted),
    returnsDays: integer('returns_days').default(DELIVERY_DEFAULTS.returnsDays),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('businesses_owner_idx').on(t.ownerId),
    // `account.updated` finds its business by the connected account.
    index('businesses_stripe_account_idx').on(t.stripeAccountId),
    check(
      'businesses_processing_days_range',
      sql`${t.processingDays} between ${sql.raw(String(DELIVERY_LIMITS.processingDays.min))} and ${sql.raw(String(DELIVERY_LIMITS.processingDays.max))}`,
    ),
    // Returns accepted: within a number of days in range; not accepted: no days.
    check(
      'businesses_returns_days_range',
      sql`(${t.returnsAccepted} and ${t.returnsDays} is not null and ${t.returnsDays} between ${sql.raw(String(DELIVERY_LIMITS.returnsDays.min))} and ${sql.raw(String(DELIVERY_LIMITS.returnsDays.max))}) or (not ${t.returnsAccepted} and ${t.returnsDays} is null)`,
    ),
  ],
);

export const sustainabilityNotes = pgTable(
  'sustainability_notes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    explanation: text('explanation').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('sustainability_notes_business_idx').on(t.businessId)],
);

/** Fees in integer cents; null means "not set" (DESIGN 2.6). */
export const shippingFeeConfigs = pgTable('shipping_fee_configs', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  worldwideShippingFeeCents: integer('worldwide_shipping_fee_cents'),
  allExceptSelectedFeeCents: integer('all_except_selected_fee_cents'),
  thresholdFreeCents: integer('threshold_free_cents'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shippingCountryFees = pgTable(
  'shipping_country_fees',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => shippingFeeConfigs.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    feeCents: integer('fee_cents').notNull(),
  },
  (t) => [unique('shipping_country_fees_uq').on(t.configId, t.countryCode)],
);

/**
 * One Shopify sync of a business (issue 13): what was asked, how far it got and how it ended.
 * A product sync is a chain of durable jobs (one page each) that records its cursor here with
 * each page, so a restart resumes where it was. At most one sync per business and kind runs.
 */
export const shopifySyncRuns = pgTable(
  'shopify_sync_runs',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['products'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    /** `clear_with_shopify_sync=true`: products not in the store leave the shop at the end. */
    clear: boolean('clear').notNull().default(false),
    /** The store's product count (known after the first page). */
    total: integer('total'),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** Products that could not be imported (none of their variants has a price, …). */
    skipped: integer('skipped').notNull().default(0),
    /** Shopify's `endCursor` of the last page imported; null before the first. */
    cursor: text('cursor'),
    /** Why it failed, in words a seller can act on. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shopify_sync_runs_business_idx').on(t.businessId, t.kind, t.id),
    uniqueIndex('shopify_sync_runs_active_uq')
      .on(t.businessId, t.kind)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/** Shopify webhooks already handled, by X-Shopify-Webhook-Id: a redelivery changes nothing. */
export const shopifyWebhookDeliveries = pgTable('shopify_webhook_deliveries', {
  webhookId: text('webhook_id').primaryKey(),
  shopDomain: text('shop_domain').notNull(),
  topic: text('topic').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a business's product sync imports from its Shopify store (issue 29 point 8): every active
 * product (`all`) or only those picked in `shopify_import_picks` (`picked`), and the status a
 * product the sync or a webhook creates gets (`active`: in the shop at once; `draft`: the brand
 * makes it active). One row a business; no row is the default (all, active), as before the
 * choice existed. A product the sync updates keeps the status it has.
 */
export const shopifyImportSettings = pgTable('shopify_import_settings', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: SHOPIFY_IMPORT_MODES }).notNull().default('all'),
  status: text('status', { enum: SHOPIFY_IMPORT_STATUSES }).notNull().default('active'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Shopify products a business picked for import (`gid://shopify/Product/<n>`), read in
 * `picked` mode only and emptied when the brand goes back to `all`. An id is kept even while
 * the product is not active in the store: it is imported again once it is.
 */
export const shopifyImportPicks = pgTable(
  'shopify_import_picks',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    shopifyProductId: text('shopify_product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.shopifyProductId] })],
);

/**
 * A brand's notes sent for the Verified badge (issue 29, point 10): reviewed by an operator
 * (`/ops/verifications/`), approved (the business becomes verified) or declined with a reason.
 * One pending request per business at a time; the decided ones are kept as its history.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    materials: text('materials').notNull(),
    packaging: text('packaging').notNull(),
    certifications: text('certifications').notNull().default(''),
    /** The optional document image's media key. */
    document: text('document'),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
    /** Why it was declined. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_requests_business_idx').on(t.businessId, t.createdAt),
    index('verification_requests_pending_idx').on(t.status, t.createdAt),
    uniqueIndex('verification_requests_one_pending_uq')
      .on(t.businessId)
      .where(sql`status = 'pending'`),
  ],
);
