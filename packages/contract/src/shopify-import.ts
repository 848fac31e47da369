import { z } from 'zod';
import { priceString } from './catalog';

/**
 * Shopify: choose what to import (issue 29 point 8). The brand sees its store's active products,
 * picks those to sell on Leafline (or all of them) and whether new ones arrive active or as
 * drafts; the product sync, and the store's product webhooks afterwards, then create and update
 * only those. Nothing picked yet is "all", as before the choice existed.
 */

export const SHOPIFY_IMPORT_MODES = ['all', 'picked'] as const;
export type ShopifyImportMode = (typeof SHOPIFY_IMPORT_MODES)[number];
/** The status a product the sync creates gets (one it updates keeps its own). */
export const SHOPIFY_IMPORT_STATUSES = ['active', 'draft'] as const;
export type ShopifyImportStatus = (typeof SHOPIFY_IMPORT_STATUSES)[number];

/** The most products a brand can pick (a larger store imports all). */
export const SHOPIFY_MAX_PICKS = 5000;
/** The store's products per page of the picker. */
export const SHOPIFY_STORE_PAGE_SIZE = 50;

/** A Shopify product id as the Admin API gives it: `gid://shopify/Product/<digits>`. */
export const shopifyProductGid = z
  .string()
  .regex(/^gid:\/\/shopify\/Product\/\d{1,20}$/, 'Each product must be a Shopify product id.');

export const SHOPIFY_IMPORT_MESSAGES = {
  mode: 'Import must be "all" or "picked".',
  status: 'New products must arrive "active" or "draft".',
  tooMany: `Pick at most ${SHOPIFY_MAX_PICKS} products (or import all).`,
  nonePicked: 'Pick at least one product, or import all.',
  cursor: 'That page of your store is not known.',
} as const;

/** One of the store's active products, as the picker lists it. */
export const shopifyStoreProduct = z.object({
  id: shopifyProductGid,
  title: z.string(),
  /** Its first variant's price in the store (null: none). */
  price: priceString.nullable(),
  /** Picked for import (in "picked" mode; every product is imported in "all"). */
  picked: z.boolean(),
  /** Already a Leafline product of this business (from an earlier sync). */
  imported: z.boolean(),
});
export type ShopifyStoreProduct = z.infer<typeof shopifyStoreProduct>;

/** `GET api/business/shopify-products/{businessId}/?after=`: a page of the store's products. */
export const shopifyStoreProductsQuery = z.object({
  after: z.string().max(500, SHOPIFY_IMPORT_MESSAGES.cursor).optional(),
});
export const shopifyStoreProductsResponse = z.object({
  products: z.array(shopifyStoreProduct),
  /** The next page's cursor (`after`), null on the last page. */
  next: z.string().nullable(),
  /** The store's active products (on the first page; null after). */
  total: z.number().int().nullable(),
});
export type ShopifyStoreProductsResponse = z.infer<typeof shopifyStoreProductsResponse>;

/** `GET` and `PUT api/business/shopify-import/{businessId}/`: the brand's choice. */
export const shopifyImportSettings = z.object({
  mode: z.enum(SHOPIFY_IMPORT_MODES),
  status: z.enum(SHOPIFY_IMPORT_STATUSES),
  /** The picked products (empty in "all" mode). */
  product_ids: z.array(shopifyProductGid),
});
export type ShopifyImportSettings = z.infer<typeof shopifyImportSettings>;

export const shopifyImportSettingsBody = z
  .object({
    mode: z.enum(SHOPIFY_IMPORT_MODES, { error: SHOPIFY_IMPORT_MESSAGES.mode }),
    status: z.enum(SHOPIFY_IMPORT_STATUSES, { error: SHOPIFY_IMPORT_MESSAGES.status }),
    product_ids: z
      .array(shopifyProductGid)
      .max(SHOPIFY_MAX_PICKS, SHOPIFY_IMPORT_MESSAGES.tooMany)
      .default([]),
  })
  .refine((v) => v.mode === 'all' || v.product_ids.length > 0, {
    message: SHOPIFY_IMPORT_MESSAGES.nonePicked,
    path: ['product_ids'],
  });
export type ShopifyImportSettingsBody = z.input<typeof shopifyImportSettingsBody>;

/** The dashboard's picker. */
export const SHOPIFY_IMPORT_TEXTS = {
  open: 'Choose products…',
  title: 'Choose what to import',
  description:
    'Pick the products of your Shopify store to sell on Leafline. The sync imports them, and keeps only them up to date.',
  modeAll: 'All active products',
  modePicked: 'Only the products I pick',
  statusLegend: 'New products arrive',
  statusActive: 'Active (in the shop at once)',
  statusDraft: 'As drafts (you make them active)',
  pick: (title: string) => `Import ${title}`,
  imported: 'On Leafline',
  more: 'Show more products',
  picked: (n: number) => `${n} picked`,
  save: 'Save and sync',
  summaryAll: (status: ShopifyImportStatus) =>
    `Importing all active products${status === 'draft' ? ', new ones as drafts' : ''}.`,
  summaryPicked: (n: number, status: ShopifyImportStatus) =>
    `Importing ${n} picked product${n === 1 ? '' : 's'}${status === 'draft' ? ', new ones as drafts' : ''}.`,
} as const;
