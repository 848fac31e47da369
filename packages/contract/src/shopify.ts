import { z } from 'zod';
import { BUSINESS_MESSAGES } from './business';
import { shippingFeesResponse } from './cart';
import { priceString } from './catalog';
import { BRAND_NAME, CURRENCY, type ProductCategory } from './constants';
import { MESSAGES } from './messages';

/**
 * Shopify sync (SPEC §2 Shopify section, §4 Shopify states, §7, §8; issue 13): the product
 * sync and its progress, the shipping-fee sync, the order push and Shopify's webhooks.
 * The connect and disconnect shapes are in business.ts.
 */

/**
 * Where Shopify delivers its webhooks (products/update, products/delete,
 * inventory_levels/update, app/uninstalled).
 */
export const SHOPIFY_WEBHOOK_PATH = '/api/shopify/webhooks/';
export const SHOPIFY_WEBHOOK_TOPICS = [
  'products/update',
  'products/delete',
  'inventory_levels/update',
  'app/uninstalled',
] as const;
export type ShopifyWebhookTopic = (typeof SHOPIFY_WEBHOOK_TOPICS)[number];
/**
 * 200 of a webhook delivery: received (handled, a replay of one handled before, nothing for
 * Leafline to do, or an uninstall Shopify did not confirm: the token still works).
 */
export const SHOPIFY_WEBHOOK_OUTCOMES = ['handled', 'duplicate', 'ignored', 'unconfirmed'] as const;
export type ShopifyWebhookOutcome = (typeof SHOPIFY_WEBHOOK_OUTCOMES)[number];
export const shopifyWebhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(SHOPIFY_WEBHOOK_OUTCOMES),
});
export type ShopifyWebhookResponse = z.infer<typeof shopifyWebhookResponse>;
/** The tag every order Leafline creates in a brand's store carries. */
export const SHOPIFY_ORDER_TAG = BRAND_NAME;

/** A fee of the shipping-fee setting before and after the sync (null: not set). */
const feeChange = z.object({ from: priceString.nullable(), to: priceString.nullable() });
const countryFeeEntry = z.object({ country: z.string(), fee: priceString });

/** 200 of the shipping-fee sync's preview: the fees now, the store's, and what would change. */
export const shopifyShippingPreviewResponse = z.object({
  current: shippingFeesResponse,
  proposed: shippingFeesResponse,
  changes: z.object({
    /** Null when that fee stays as it is. */
    worldwide_shipping_fee: feeChange.nullable(),
    all_except_selected_fee: feeChange.nullable(),
    threshold_free: feeChange.nullable(),
    countries_added: z.array(countryFeeEntry),
    countries_removed: z.array(countryFeeEntry),
    countries_changed: z.array(
      z.object({ country: z.string(), from: priceString, to: priceString }),
    ),
  }),
  /** True when the sync would change nothing. */
  unchanged: z.boolean(),
});
export type ShopifyShippingPreview = z.infer<typeof shopifyShippingPreviewResponse>;

/** `clear_with_shopify_sync=true` removes the business's products that are not in the store. */
export const shopifyProductSyncQuery = z.object({
  clear_with_shopify_sync: z
    .enum(['true', 'false'], { error: 'clear_with_shopify_sync must be true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});

export const SHOPIFY_SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ShopifySyncStatus = (typeof SHOPIFY_SYNC_STATUSES)[number];

/** One product sync as the dashboard shows it: progress while it runs, then the result. */
export const shopifySyncRun = z.object({
  id: z.number().int(),
  status: z.enum(SHOPIFY_SYNC_STATUSES),
  clear_with_shopify_sync: z.boolean(),
  /** Products read from the store so far, and how many the store has (null until known). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
  /** Why it failed, for the seller (with `failed`). */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ShopifySyncRun = z.infer<typeof shopifySyncRun>;

/** 202 (a sync was queued) or 200 (one was already queued or running: that one). */
export const shopifyProductSyncResponse = z.object({ sync: shopifySyncRun });
export type ShopifyProductSyncResponse = z.infer<typeof shopifyProductSyncResponse>;

/** The latest product sync of the business, or null when it never synced. */
export const shopifySyncStatusResponse = z.object({ sync: shopifySyncRun.nullable() });
export type ShopifySyncStatusResponse = z.infer<typeof shopifySyncStatusResponse>;

export const SHOPIFY_MESSAGES = {
  /** SPEC §8. */
  productSyncFailed: BUSINESS_MESSAGES.productSyncFailed,
  shippingSyncFailed: 'Failed to sync shipping fees.',
  somethingWentWrong: MESSAGES.somethingWentWrong,
  /** 409 of a sync without a connected store. */
  notConnected: 'Connect your Shopify store first.',
  /** 409 of the order-sync toggle turned on without a connected store (the toggle reverts). */
  orderSyncNeedsStore: 'Connect your Shopify store before sending orders to it.',
  /** A failed sync's reasons (the run's `error`). */
  tokenRefused:
    'Shopify refused the access token. Reconnect your store with a token that may read products.',
  unreachable: 'Shopify could not be reached. Please try again in a few minutes.',
  /** A product sync whose store sells in another currency than the marketplace's. */
  currencyMismatch: (code: string) =>
    `Your Shopify store sells in ${code}. ${BRAND_NAME} sells in ${CURRENCY.toUpperCase()} only, so no products were imported.`,
  /** A run that made no progress for a long time (its job died); a new sync replaced it. */
  syncStalled: 'This sync stopped making progress and was replaced by a new one.',
  /** 409 of a sync with the clear option while a sync without it is running. */
  syncRunningWithoutClear:
    'A sync is already running. Try again with this option when it has finished.',
  /** 409 of the shipping-fee sync: the store has no rate Leafline can use. */
  noShippingRates: 'Your Shopify store has no shipping rates to copy.',
  /** 400 of the shipping-fee sync: the token may not read the store's shipping settings. */
  shippingTokenRefused:
    'Shopify refused the access token. Reconnect your store with a token that may read shipping settings.',
  /** Webhooks. */
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  webhookHeadersMissing: 'The webhook is missing its Shopify headers.',
  /** X-Shopify-Triggered-At missing, unreadable, or older than SHOPIFY_WEBHOOK_MAX_AGE_MS. */
  webhookStale: 'The webhook is too old, or does not say when it was triggered.',
  /** 503 of an uninstall while Shopify cannot be asked whether the token is revoked. */
  uninstallUnconfirmed:
    'Shopify could not be reached to confirm the uninstall. Please deliver it again later.',
} as const;

/**
 * How old a webhook may be (its X-Shopify-Triggered-At) when it arrives: a replay of an old
 * signed delivery under a fresh webhook id is refused past it. A clock ahead of ours by up to
 * a minute still passes.
 */
export const SHOPIFY_WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/** Texts of the connected view (SPEC §2 Shopify section). */
export const SHOPIFY_TEXTS = {
  syncProducts: 'Sync products',
  syncShipping: 'Sync shipping fees',
  clearOption: 'Also remove products that are no longer in my Shopify store',
  orderSync: 'Send paid orders to my Shopify store',
  queued: 'Waiting to start…',
  syncing: (done: number, total: number | null) =>
    total === null ? 'Syncing products…' : `Syncing products… ${done} of ${total}`,
  synced: (
    run: Pick<ShopifySyncRun, 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped'>,
  ) =>
    `Products synced: ${run.created} added, ${run.updated} updated, ${run.unchanged} unchanged` +
    (run.removed ? `, ${run.removed} removed` : '') +
    (run.skipped ? `, ${run.skipped} skipped` : '') +
    '.',
  shippingSynced: 'Shipping fees copied from Shopify.',
  /** The confirm step of the shipping-fee sync: what it would change (issue 24, point 4). */
  shippingPreviewTitle: 'Replace your shipping fees?',
  shippingPreviewDescription:
    'These fees from your Shopify store replace the ones set under Shipping fees. Fees you set by hand that are not in Shopify are removed.',
  shippingPreviewUnchanged: 'Your shipping fees already match your Shopify store.',
  shippingPreviewWorldwide: 'Worldwide fee',
  shippingPreviewAllExcept: 'Fee for all other countries',
  shippingPreviewThreshold: 'Free shipping from',
  shippingPreviewAdded: 'Countries added',
  shippingPreviewRemoved: 'Countries removed',
  shippingPreviewChanged: 'Country fees changed',
  shippingPreviewNotSet: 'not set',
  shippingPreviewConfirm: 'Replace fees',
  close: 'Close',
  /** The link to the logistics section after the shipping-fee sync. */
  shippingSyncedLink: 'See them under Shipping fees',
  /** The accessible name of the product sync's progress bar. */
  syncProgressLabel: 'Product sync progress',
  /** The confirm step of a sync with the clear option (it removes products). */
  clearConfirmTitle: 'Remove products that are not in Shopify?',
  clearConfirmDescription:
    'Products of your shop that are not in your Shopify store will be removed from your shop. Orders keep their lines. Products in the store are imported or updated as usual.',
  clearConfirm: 'Sync and remove',
  cancel: 'Cancel',
  /** The connect form's optional field for the custom app's API secret key (webhooks). */
  apiSecret: 'API secret key (optional, for automatic updates)',
  apiSecretHint:
    "From your custom app's API credentials in Shopify. With it, product changes and deletions in your store reach Leafline on their own.",
} as const;

/**
 * The product_category of an imported product whose Shopify product type and tags name none of
 * the eight (SPEC §3): the broadest of them.
 */
export const SHOPIFY_FALLBACK_PRODUCT_CATEGORY = 'Home Goods' satisfies ProductCategory;
