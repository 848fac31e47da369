import { CARRIERS } from '@leafline/contract/carriers';
import { PAYOUT_ROW_STATUSES } from '@leafline/contract/seller-money';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { products, variants } from './catalog';
import { users } from './users';

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('cart_items_line_uq').on(t.cartId, t.productId, t.variantId).nullsNotDistinct()],
);

/** One checkout = one hosted payment for a whole multi-brand cart (DESIGN 2.5, 2.7). */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'paid', 'expired', 'failed'] })
      .notNull()
      .default('open'),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    /**
     * The provider's hosted payment page of the session (a path on this site for the local
     * provider): the buyer's way back to it from My Orders while the checkout is open.
     */
    paymentUrl: text('payment_url'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    discountCode: text('discount_code'),
    /** When the provider's session stops taking payment (set once the session exists). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId),
    index('checkouts_open_idx').on(t.status, t.createdAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    checkoutId: integer('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** Null after the buyer deleted their account; the order stays for the seller's books. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    userFullName: text('user_full_name').notNull().default(''),
    userEmail: text('user_email').notNull().default(''),
    status: text('status', {
      enum: ['Pending', 'Paid', 'Shipped', 'Delivered', 'Refunded', 'Canceled'],
    })
      .notNull()
      .default('Pending'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
    /**
     * Why the brand's shipping fee was not charged, as the fee computation said at checkout
     * (issue 24 point 3): `marketplace_threshold` (the whole cart reached the marketplace's
     * free-shipping subtotal), `business_threshold` (the brand's own "free from"), or null
     * (the fee was charged, or there was none to waive). Recorded, not derived later: the
     * brand's fees and the threshold may change after the order.
     */
    shippingFreeReason: text('shipping_free_reason', {
      enum: ['business_threshold', 'marketplace_threshold'],
    }),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** What the brand receives: total − round(3 % × total) (DESIGN 2.7). */
    payoutCents: integer('payout_cents'),
    stripeTransferId: text('stripe_transfer_id'),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** Who carries the parcel (issue 29), null until the brand says. */
    carrier: text('carrier', { enum: CARRIERS }),
    /** JSON text: discount_applied, discount_code, global_* amounts, related_orders (SPEC §3). */
    notes: text('notes').notNull().default(''),
    /**
     * The seller's own notes on the order (the dashboard's `notes`): kept apart from `notes`,
     * which holds the discount details the buyer side reads. Never in a buyer's payload.
     */
    sellerNotes: text('seller_notes').notNull().default(''),
    /**
     * When the buyer's "your order has shipped" e-mail was queued: set once, the first time the
     * order becomes Shipped, so that repeated or concurrent changes to Shipped send one e-mail.
     */
    shippedEmailAt: timestamp('shipped_email_at', { withTimezone: true }),
    /**
     * When the buyer's "How was it?" e-mail was queued (issue 27): set once, the first time the
     * order becomes Delivered; the e-mail goes REVIEW_LIMITS.requestAfterDays days later.
     */
    reviewEmailAt: timestamp('review_email_at', { withTimezone: true }),
    cardBrand: text('card_brand').notNull().default(''),
    billingAddress: jsonb('billing_address'),
    shippingAddress: jsonb('shipping_address'),
    source: text('source', { enum: ['marketplace', 'shopify'] })
      .notNull()
      .default('marketplace'),
    shopifyOrderId: text('shopify_order_id'),
    /**
     * What the seller's order search reads (issue 29): the buyer's name and e-mail as the order
     * recorded them, lower-cased once when written, so a search is a plain LIKE over it rather
     * than an ILIKE lower-casing every order of the brand on every request (decision 0046).
     */
    buyerSearch: text('buyer_search').generatedAlwaysAs(
      sql`lower(user_full_name || ' ' || user_email)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The seller's list: a business's orders newest first (created_at desc, id desc), a page
    // at a time, read straight off this index.
    index('orders_business_idx').on(t.businessId, t.createdAt, t.id),
    index('orders_checkout_idx').on(t.checkoutId),
    // The seller's order search (issue 29): a part of the buyer's name or e-mail, a trigram
    // index for a brand whose orders are too many to read through (`businessOrderWhere` in orders.repo.ts).
    index('orders_buyer_search_idx').using('gin', sql`${t.buyerSearch} gin_trgm_ops`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productPriceCents: integer('product_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    /** Map of option name to value, e.g. {"Size": "M", "Colour": "Sage"}. */
    variantOptions: jsonb('variant_options').$type<Record<string, string>>(),
    /**
     * The picture of the chosen variant when it was bought (media key; docs/decisions/0024):
     * the order keeps showing it after the product's pictures change. Null on older lines.
     */
    image: text('image'),
    /**
     * The line's units in the stock counts (docs/decisions/0042): `none` (not counted when
     * bought), `held` (reserved while its checkout is open), `sold` (taken out of stock by the
     * payment), `released` (the checkout ended unpaid), `restocked` (a refund put them back).
     * Each change moves from one named state, so it happens once.
     */
    stockState: text('stock_state', {
      enum: ['none', 'held', 'sold', 'released', 'restocked'],
    })
      .notNull()
      .default('none'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Whether a picture a product no longer uses is still an order line's (before removing it).
    index('order_items_image_idx').on(t.image).where(sql`image is not null`),
  ],
);

/** Payment-provider webhook events already handled: replays change nothing (DESIGN 2.7). */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Promo codes entered on the local provider's payment page (DESIGN 2.7). A code is unique
 * whatever its case and takes either a percentage or a fixed amount off the items.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_lower_uq').on(sql`lower(${t.code})`),
    check('promo_codes_one_kind', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check(
      'promo_codes_percent_range',
      sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`,
    ),
    check(
      'promo_codes_amount_positive',
      sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`,
    ),
  ],
);

/** A line of the local provider's payment page: a product, or a brand's shipping. */
export interface LocalPaymentLine {
  kind: 'product' | 'shipping';
  name: string;
  quantity: number;
  unitAmountCents: number;
  businessId: number;
  businessName: string;
}

/**
 * Hosted payment sessions of the local provider (the default without Stripe keys), kept in the
 * database so that any instance serves the page and the state survives a restart.
 */
export const localPaymentSessions = pgTable(
  'local_payment_sessions',
  {
    id: text('id').primaryKey(),
    checkoutId: integer('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    currency: text('currency').notNull().default('usd'),
    lineItems: jsonb('line_items').$type<LocalPaymentLine[]>().notNull(),
    customerEmail: text('customer_email').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, {
      onDelete: 'set null',
    }),
    discountCode: text('discount_code'),
    amountDiscountCents: integer('amount_discount_cents').notNull().default(0),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The event (JSON text) that reports the session's end, until the webhook took it. */
    pendingEvent: text('pending_event'),
    eventDeliveredAt: timestamp('event_delivered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('local_payment_sessions_checkout_idx').on(t.checkoutId),
    index('local_payment_sessions_status_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * What a brand is paid for one order (DESIGN 2.7): total − round(3 % × total), sent as one
 * transfer with the idempotency key `payout-<orderId>`. `pending` until a transfer exists (also
 * while the brand has no connected account), `paid` with its transfer id, `failed` after the
 * last retry (someone has to look).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    transferGroup: text('transfer_group').notNull(),
    transferId: text('transfer_id'),
    /**
     * `canceled`: the order was refunded before any transfer was made (nothing is sent);
     * `reversed`: it was refunded after, and the transfer was taken back (`reversal_id`).
     */
    status: text('status', { enum: PAYOUT_ROW_STATUSES }).notNull().default('pending'),
    /**
     * Why the money has not moved yet (the provider's last refusal or error, or a note): the
     * seller sees a pending payout with one as retrying. Its transfer's attempts are its job's.
     */
    lastError: text('last_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    reversalId: text('reversal_id'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /**
     * The part of the transfer taken back by partial refunds (issue 29 point 3, decision 0047):
     * claimed under this row's lock before each is asked of the provider, so the reversal of a
     * full refund afterwards takes back `amount_cents − reversed_cents`, never more.
     */
    reversedCents: integer('reversed_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payouts_business_idx').on(t.businessId, t.createdAt)],
);

/**
 * Connected accounts of the local payment provider (DESIGN 2.8): what Stripe keeps for a
 * Connect Express account, kept here so the local onboarding page can be served by any
 * instance. The latest account link is the only one that works; completing it stores an
 * `account.updated` event that is delivered to the webhook route like Stripe's.
 */
export const localConnectedAccounts = pgTable(
  'local_connected_accounts',
  {
    id: text('id').primaryKey(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** The secret part of the current onboarding link (`/connect/onboarding/{token}`). */
    linkToken: text('link_token').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    refreshUrl: text('refresh_url'),
    returnUrl: text('return_url'),
    /** The `account.updated` event (JSON text) until the webhook route took it. */
    pendingEvent: text('pending_event'),
    eventDeliveredAt: timestamp('event_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_connected_accounts_business_idx').on(t.businessId)],
);

/**
 * What happened to an order, in the order it happened (DESIGN 2.13): `paid` when its payment
 * came in, `status` when its seller changed the status, `edit` for a tracking number or notes
 * changed without one. Written in the transaction of the change, with a NOTIFY on
 * `leafline_orders` carrying the id: the live stream sends it to the business's open
 * dashboards (its id is the SSE event id: a reconnecting dashboard is sent what it missed),
 * and the buyer's order history is its `paid` and `status` rows.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /**
     * `paid`, `status` (a status change), `edit` (tracking or notes alone), `message` (the buyer
     * wrote to the brand about the order, decision 0051), `return` (the buyer asked to return
     * lines of it, decision 0055): the last two tell the brand's open dashboards live.
     */
    type: text('type', { enum: ['paid', 'status', 'edit', 'message', 'return'] }).notNull(),
    /** The order's status after the change. */
    status: text('status', {
      enum: ['Pending', 'Paid', 'Shipped', 'Delivered', 'Refunded', 'Canceled'],
    }).notNull(),
    /** The order's tracking number after the change. */
    trackingNumber: text('tracking_number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_business_idx').on(t.businessId, t.id),
    index('order_events_order_idx').on(t.orderId, t.id),
  ],
);

/**
 * The refund of a paid order (set to Refunded or Canceled by its seller): one per order, ever
 * (the unique order id makes a second impossible, whatever the retries or concurrent requests).
 * `pending` while the provider is asked (with the idempotency keys `refund-<orderId>-<attempt>`
 * and `reversal-<orderId>`), `succeeded`, or `failed` with the provider's reason; a failed one
 * is tried again (attempt + 1) when the seller sets the status again.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** The status the order takes once the money is back with the buyer. */
    targetStatus: text('target_status', { enum: ['Refunded', 'Canceled'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(1),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    /** When the buyer's refund e-mail was queued (once). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /**
     * The tracking number and notes of the seller's PATCH that asked for the refund (null: not
     * given), set on the order with its status by whoever finishes the refund (the request,
     * or its settle job).
     */
    trackingNumber: text('tracking_number'),
    sellerNotes: text('seller_notes'),
    /**
     * Whether the order's sold units go back in stock when the refund succeeds (issue 26: the
     * seller's "put the items back in stock", on by default).
     */
    restock: boolean('restock').notNull().default(false),
    /** Why, as the brand said it (issue 29 point 3: "cancelled by the brand" for a cancel). */
    reason: text('reason').notNull().default(''),
    /** The request key of the refund call that asked for it (null: a status change asked). */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_pending_idx').on(t.status, t.updatedAt)],
);

/** A line of a partial refund: which order line, how many of its units. */
export interface PartialRefundLine {
  orderItemId: number;
  quantity: number;
}

/**
 * A partial refund of a paid order (issue 29 point 3, decision 0047): chosen lines and
 * quantities, or an amount, given back to the buyer once per request key (the unique
 * (order, request key)); several up to the order's total, claimed under the order's lock
 * against what is left. `reversal_cents` is the brand's share taken back from its payout
 * (cumulative rounding: every partial reversal of an order adds up to its payout exactly once
 * all is refunded). The reversal waits (`waiting`) while the payout is not transferred yet,
 * is `reversing` once claimed on a transferred payout, `reversed` when the provider took it
 * back, `not_needed` when the payout was never sent (cancelled by a full refund meanwhile).
 */
export const partialRefunds = pgTable(
  'partial_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    requestKey: text('request_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reversalCents: integer('reversal_cents').notNull(),
    reason: text('reason').notNull().default(''),
    /** The lines refunded (null: an amount). */
    lines: jsonb('lines').$type<PartialRefundLine[]>(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    reversalStatus: text('reversal_status', {
      enum: ['waiting', 'reversing', 'reversed', 'not_needed'],
    })
      .notNull()
      .default('waiting'),
    reversalId: text('reversal_id'),
    lastError: text('last_error'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partial_refunds_key_uq').on(t.orderId, t.requestKey),
    check('partial_refunds_amount_ck', sql`${t.amountCents} > 0 and ${t.reversalCents} >= 0`),
  ],
);

/**
 * Refunds and transfer reversals of the local payment provider (DESIGN 2.7): recorded, not
 * sent; the same idempotency key always names the same record, as with Stripe.
 */
export const localMoneyMovements = pgTable('local_money_movements', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind', { enum: ['refund', 'reversal'] }).notNull(),
  /** The checkout session refunded, or the transfer reversed. */
  source: text('source').notNull(),
  amountCents: integer('amount_cents').notNull(),
  orderId: integer('order_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each change of a product's or a variant's `stock` (docs/decisions/0042), with its cause and,
 * for a sale or a refund's restock, its order: what the seller's order card and the dashboard
 * show. Nothing reads it to decide a sale (the counts on the rows do).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant whose count changed; null for a product without variants. */
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * `sale` (a payment took the units), `restock` (a refund put them back), `set` (the seller
     * changed the count), `shopify` (the brand's Shopify store did).
     */
    kind: text('kind', { enum: ['sale', 'restock', 'set', 'shopify'] }).notNull(),
    /** The change of `stock` (negative for a sale); null when the count stopped being tracked. */
    delta: integer('delta'),
    /** `stock` after the change; null: not tracked. */
    stockAfter: integer('stock_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_order_idx').on(t.orderId).where(sql`order_id is not null`),
    index('stock_movements_product_idx').on(t.productId, t.id),
  ],
);
