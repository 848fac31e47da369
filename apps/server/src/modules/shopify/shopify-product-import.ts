import { createHash } from 'node:crypto';
import {
  CURRENCY,
  PRODUCT_CATEGORIES,
  PRODUCT_LIMITS,
  type ProductCategory,
  SHOPIFY_FALLBACK_PRODUCT_CATEGORY,
  type ShopifyImportMode,
  type ShopifyImportStatus,
} from '@leafline/contract';
import type { MediaStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { ResponseCache } from '../catalog';
import { ImageBatch, MAX_INPUT_BYTES } from '../media';
import {
  deleteImportedProduct,
  type ImportedPictureKeys,
  type ImportedProduct,
  importedProductsOf,
  PRODUCT_MEDIA_FOLDER,
  storedShopifyPictures,
  writeImportedProduct,
} from '../seller-products';
import type { ShopifyAdmin } from './shopify-admin';
import { type ShopifyDeps, shopifyAdminForBusiness } from './shopify-connection';
import { findImportSettings, picksAmong } from './shopify-import.repo';
import {
  applyShopifyCounts,
  countsOfImport,
  type ShopifyCount,
  type ShopifyVariantStock,
} from './shopify-stock';

/**
 * Importing Shopify products into a business's shop (issue 13 Build 2; SPEC §2 Shopify section):
 * one product as it comes from the Admin GraphQL API becomes one of our products keyed by
 * (business, Shopify product id), its variants keyed by Shopify variant id and its pictures by
 * Shopify image id. A product whose imported content (its digest) did not change is not written
 * and its pictures are not fetched again. Pictures are downloaded only from Shopify's CDN (or
 * the stand-in's origin) and go through the one image pipeline of uploads. This file reads
 * Shopify and maps its products to seller-products' ImportedProduct; the rows are written by
 * seller-products (writeImportedProduct, deleteImportedProduct), the one writer of products.
 *
 * Used by the product sync's page job (shopify-sync.service.ts) and by the `products/update`
 * and `products/delete` webhooks (refreshShopifyProduct, removeShopifyProduct).
 */

export interface ImportDeps extends ShopifyDeps {
  storage: MediaStorage;
  catalogCache: ResponseCache;
}

// ---- what the Admin API answers ----

/** The fields of one product the import reads (fragment `LeaflineProduct`). */
export const PRODUCT_FIELDS = `#graphql
  fragment LeaflineProduct on Product {
    id
    title
    descriptionHtml
    productType
    tags
    status
    options {
      name
      position
    }
    variants(first: 100) {
      nodes {
        id
        title
        price
        selectedOptions {
          name
          value
        }
        image {
          id
          url
          altText
        }
        inventoryQuantity
        inventoryPolicy
        inventoryItem {
          id
          tracked
        }
      }
      pageInfo {
        hasNextPage
      }
    }
    media(first: 10) {
      nodes {
        ... on MediaImage {
          id
          image {
            id
            url
            altText
          }
        }
      }
    }
  }
`;

/**
 * One product with up to 100 variants (PRODUCT_LIMITS.variants), and the store's currency.
 * Requested cost (Shopify: object 1, connection 2 + first × node): shop 1 + product (1 +
 * options 1 + variants 2 + 100 × (variant 1 + selectedOptions 1 + image 1 + inventoryItem 1)
 * + media 2 + 10 × (MediaImage 1 + image 1)) = 1 + 426 = 427 of the 1,000 a query may cost.
 */
export const PRODUCT_QUERY = `#graphql
  query LeaflineProduct($id: ID!) {
    shop {
      currencyCode
    }
    product(id: $id) {
      ...LeaflineProduct
    }
  }
  ${PRODUCT_FIELDS}
`;

/** Whether a store's currency (`shop.currencyCode`) is the marketplace's (CURRENCY). */
export const isMarketplaceCurrency = (code: string | null | undefined) =>
  !!code && code.toLowerCase() === CURRENCY.toLowerCase();

export interface ShopifyImage {
  id: string;
  url: string;
  altText: string | null;
}

export interface ShopifyProductNode {
  id: string;
  title: string;
  descriptionHtml: string | null;
  productType: string | null;
  tags: string[] | null;
  status: string;
  options: Array<{ name: string; position: number }>;
  variants: {
    nodes: Array<
      {
        id: string;
        title: string;
        price: string | null;
        selectedOptions: Array<{ name: string; value: string }>;
        image: ShopifyImage | null;
      } & ShopifyVariantStock
    >;
    /** More variants than the query asked for (a page reads fewer than PRODUCT_QUERY). */
    pageInfo?: { hasNextPage: boolean };
  };
  media: { nodes: Array<{ id?: string; image?: ShopifyImage | null }> };
}

// ---- turning it into ours ----

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  bull: '•',
  middot: '·',
  times: '×',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) &&
        code > 0 &&
        code <= 0x10ffff &&
        (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    // Own keys only: `&constructor;` would otherwise find the object's inherited function.
    const key = name.toLowerCase();
    return Object.hasOwn(NAMED_ENTITIES, key) ? NAMED_ENTITIES[key]! : whole;
  });
}

/**
 * A Shopify `descriptionHtml` as safe plain text: scripts, styles and comments dropped, block
 * ends as paragraph breaks, list items on their own lines, tags removed, entities decoded.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  let text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|section|article|table|tr)\s*>/gi, '\n\n')
    .replace(/<(p|div|h[1-6]|ul|ol|blockquote|section|article|table|tr)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/</g, '');
  text = decodeEntities(text);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, PRODUCT_LIMITS.description);
}

/** Words of a Shopify product type or tag that name one of our eight product categories. */
const CATEGORY_WORDS: Array<[ProductCategory, RegExp]> = [
  ['Shoes', /\b(shoes?|sneakers?|boots?|sandals?|footwear|slippers?|loafers?|clogs?)\b/],
  [
    'Cosmetics / Skin Care',
    /\b(cosmetics?|skin ?care|skincare|makeup|beauty|lotions?|serums?|moisturi[sz]ers?|lip ?balms?|face|creams?|mascara)\b/,
  ],
  [
    'Hygiene',
    /\b(hygiene|toothbrush(es)?|toothpaste|deodorants?|soaps?|shampoos?|conditioners?|razors?|menstrual|period|floss|bath|personal care)\b/,
  ],
  [
    'Cleaning Products',
    /\b(cleaning|cleaners?|detergents?|laundry|dish ?(soap|washing)?|sponges?|household cleaning)\b/,
  ],
  [
    'Art Supplies',
    /\b(art|arts|paints?|pencils?|sketch(book)?|canvas|crayons?|markers?|stationery|craft|crafts|notebooks?)\b/,
  ],
  [
    'Apparel',
    /\b(apparel|clothing|clothes|shirts?|t-shirts?|tees?|dress(es)?|hoodies?|sweaters?|jackets?|pants|jeans|tops?|socks|leggings|shorts|skirts?|underwear|knitwear)\b/,
  ],
  [
    'Accessories',
    /\b(accessor(y|ies)|bags?|totes?|wallets?|jewel(le)?ry|necklaces?|earrings?|bracelets?|rings?|hats?|caps?|beanies?|scarf|scarves|sunglasses|belts?|backpacks?|watch(es)?)\b/,
  ],
  [
    'Home Goods',
    /\b(home|kitchen|decor|candles?|towels?|bedding|mugs?|cups?|furniture|blankets?|pillows?|cushions?|plates?|bowls?|vases?|garden|storage)\b/,
  ],
];

/** The product category from Shopify's product type first, then its tags; else the fallback. */
export function guessProductCategory(
  productType: string | null | undefined,
  tags: readonly string[] | null | undefined = [],
): ProductCategory {
  for (const source of [productType ?? '', ...(tags ?? [])]) {
    const text = source.toLowerCase().trim();
    if (!text) continue;
    const exact = PRODUCT_CATEGORIES.find((c) => c.toLowerCase() === text);
    if (exact) return exact;
    for (const [category, words] of CATEGORY_WORDS) if (words.test(text)) return category;
  }
  return SHOPIFY_FALLBACK_PRODUCT_CATEGORY;
}

/** "12.50" → 1250; null for anything that is not a price we can sell at. */
export function priceToCents(price: string | null | undefined): number | null {
  if (price == null || !/^\d{1,9}(\.\d{1,2})?$/.test(price.trim())) return null;
  const [whole, fraction = ''] = price.trim().split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 && cents <= PRODUCT_LIMITS.maxPriceCents ? cents : null;
}

const clip = (text: string, max: number) => text.trim().slice(0, max);

/** Shopify's placeholder option of a product without options. */
const isDefaultOption = (options: ShopifyProductNode['options']) =>
  options.length === 1 && options[0]!.name === 'Title';

/**
 * One product as we store it (seller-products' ImportedProduct), from a Shopify product; null
 * when it cannot be imported.
 */
export function toImportedProduct(node: ShopifyProductNode): ImportedProduct | null {
  const name = clip(node.title ?? '', PRODUCT_LIMITS.name);
  if (!name || !node.id) return null;
  const priced = node.variants.nodes
    .map((v) => ({ v, cents: priceToCents(v.price) }))
    .filter(
      (x): x is { v: (typeof node.variants.nodes)[number]; cents: number } => x.cents !== null,
    );
  if (!priced.length) return null;
  const priceCents = Math.min(...priced.map((x) => x.cents));

  // We keep two options: a third one is folded into the second ("Size / Colour").
  const options = [...(node.options ?? [])].sort((a, b) => a.position - b.position);
  const named = isDefaultOption(options) ? [] : options.map((o) => o.name);
  const optionNames =
    named.length > 2
      ? [
          clip(named[0]!, PRODUCT_LIMITS.optionName),
          clip(named.slice(1).join(' / '), PRODUCT_LIMITS.optionName),
        ]
      : named.map((n) => clip(n, PRODUCT_LIMITS.optionName));
  const image = (i: ShopifyImage | null | undefined, alt: string) =>
    i?.id && i.url
      ? { shopifyImageId: i.id, url: i.url, altText: clip(i.altText || alt, 200) }
      : null;

  const importedVariants: ImportedProduct['variants'] = named.length
    ? priced.slice(0, PRODUCT_LIMITS.variants).map(({ v, cents }) => {
        const values = named.map((n) => v.selectedOptions.find((o) => o.name === n)?.value ?? '');
        const option1 = clip(values[0] || v.title || '', PRODUCT_LIMITS.option);
        const rest = values.slice(1).filter(Boolean).join(' / ');
        return {
          shopifyVariantId: v.id,
          option1,
          option2: rest ? clip(rest, PRODUCT_LIMITS.option) : null,
          priceCents: cents === priceCents ? null : cents,
          image: image(v.image, name),
        };
      })
    : [];

  const seen = new Set<string>();
  const images: ImportedProduct['images'] = [];
  for (const media of node.media?.nodes ?? []) {
    const i = image(media.image, name);
    if (i && !seen.has(i.shopifyImageId) && images.length < PRODUCT_LIMITS.images) {
      seen.add(i.shopifyImageId);
      images.push(i);
    }
  }
  const product = {
    shopifyProductId: node.id,
    name,
    description: htmlToText(node.descriptionHtml),
    priceCents,
    productCategory: guessProductCategory(node.productType, node.tags),
    optionNames,
    shopifyVariantId: named.length ? null : (priced[0]?.v.id ?? null),
    images,
    variants: importedVariants,
  };
  // Image addresses are left out: Shopify's CDN links change (versions) for the same picture.
  const digest = createHash('sha256')
    .update(
      JSON.stringify({
        ...product,
        images: images.map((i) => [i.shopifyImageId, i.altText]),
        variants: importedVariants.map((v) => ({ ...v, image: v.image?.shopifyImageId ?? null })),
      }),
    )
    .digest('base64url');
  return { ...product, digest };
}

// ---- pictures ----

/** Whether a picture address may be fetched: Shopify's CDN, or the stand-in's origin. */
export function isAllowedImageUrl(url: string, adminOrigin: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:' && parsed.hostname === 'cdn.shopify.com' && !parsed.port) {
    return true;
  }
  return adminOrigin !== undefined && parsed.origin === adminOrigin;
}

/** The bytes of a picture (bounded in time and size), or null when it cannot be had. */
async function download(deps: ImportDeps, url: string): Promise<Buffer | null> {
  if (!isAllowedImageUrl(url, deps.config.shopifyAdminOrigin)) {
    deps.log.warn('Shopify sync: a picture address outside Shopify was not fetched');
    return null;
  }
  try {
    const response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(deps.config.shopifyTimeoutMs),
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return null;
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_INPUT_BYTES) {
      await response.body.cancel();
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/** Pictures downloaded at a time. */
export const PICTURE_CONCURRENCY = 4;
/** How long one page (or one refreshed product) may spend downloading pictures, at most. */
export const PICTURE_BUDGET_MS = 120_000;

/**
 * Runs `fn` over `items`, at most `limit` at a time. After a failure no item is started, and
 * the first error is thrown once the ones under way have ended (so that what they stored can
 * be discarded).
 */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await fn(items[next++]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

/**
 * The stored media keys of the products' pictures by Shopify image id: the ones the business
 * already has are reused, the others downloaded and stored through the upload pipeline (into
 * `batch`, removed again when the write fails). A picture that cannot be had is left out.
 */
async function picturesOf(
  deps: ImportDeps,
  db: Db,
  businessId: number,
  batch: ImageBatch,
  items: readonly ImportedProduct[],
  counters: { fetched: number },
  deadline: number,
): Promise<ImportedPictureKeys> {
  const wanted = new Map<string, string>();
  for (const p of items) {
    for (const i of p.images) wanted.set(i.shopifyImageId, i.url);
    for (const v of p.variants) if (v.image) wanted.set(v.image.shopifyImageId, v.image.url);
  }
  const ids = [...wanted.keys()];
  const keys = await storedShopifyPictures(db, businessId, ids);
  const missing = ids.filter((id) => !keys.has(id));
  let late = 0;
  await eachLimited(missing, PICTURE_CONCURRENCY, async (id) => {
    // Past the page's time for pictures: left for the next sync (the product's digest is then
    // left empty, so it is written again and the picture asked for again).
    if (Date.now() > deadline) {
      late++;
      return;
    }
    const bytes = await download(deps, wanted.get(id)!);
    if (!bytes) return;
    counters.fetched++;
    const saved = await batch.trySave(PRODUCT_MEDIA_FOLDER, bytes);
    if (saved) keys.set(id, saved.key);
    else deps.log.warn({ shopifyImageId: id }, 'Shopify sync: picture not readable');
  });
  if (late) deps.log.warn({ late }, 'Shopify sync: pictures left for the next sync (time limit)');
  return keys;
}

// ---- the brand's choice (issue 29 point 8) ----

/** What an import does with some of the store's products, by the business's choice. */
export interface ImportChoice {
  mode: ShopifyImportMode;
  /** The status of a product the import creates (one it updates keeps its own). */
  status: ShopifyImportStatus;
  /** Whether the product is created or updated: every one in "all", the picked in "picked". */
  wanted(shopifyProductId: string): boolean;
}

/**
 * The business's choice for these Shopify products (a sync's page, a webhook's product, the
 * store's ids for the clear option): its settings, and in "picked" mode which of them are
 * picked. Read once for all of them, so that they follow one choice.
 */
export async function importChoiceFor(
  db: Db,
  businessId: number,
  shopifyProductIds: readonly string[],
): Promise<ImportChoice> {
  const { mode, status } = await findImportSettings(db, businessId);
  if (mode === 'all') return { mode, status, wanted: () => true };
  const picked = await picksAmong(db, businessId, shopifyProductIds);
  return { mode, status, wanted: (id) => picked.has(id) };
}

// ---- writing ----

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Pictures downloaded. */
  fetched: number;
  /** Stock counts changed (the store's, shopify-stock.ts), known once written. */
  counted: number;
}

/** A page of products prepared for its transaction: pictures stored, what to write decided. */
export interface PreparedImport {
  batch: ImageBatch;
  write(tx: Db): Promise<void>;
  counts: ImportCounts;
}

/**
 * Prepares the import of Shopify products: decides per product created / updated / unchanged /
 * skipped (by its digest), and stores the pictures of the ones to write. `write(tx)` then writes
 * them in the caller's transaction; run it with `batch.commit` so pictures of a failed write go.
 * The products it creates get `newStatus` (the brand's choice: active, or drafts); the ones it
 * updates keep the status they have. The caller passes only the products the brand wants
 * imported (ImportChoice).
 */
export async function prepareImport(
  deps: ImportDeps,
  businessId: number,
  nodes: readonly ShopifyProductNode[],
  newStatus: ShopifyImportStatus,
): Promise<PreparedImport> {
  const counts: ImportCounts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    fetched: 0,
    counted: 0,
  };
  const items: ImportedProduct[] = [];
  // Every imported product's counts, written or not (a count is not in the digest).
  const stock: ShopifyCount[] = [];
  for (const node of nodes) {
    const item = toImportedProduct(node);
    if (item) {
      items.push(item);
      stock.push(...countsOfImport(node, item));
    } else counts.skipped++;
  }
  const existing = await importedProductsOf(
    deps.db,
    businessId,
    items.map((i) => i.shopifyProductId),
  );
  const toWrite = items.filter((i) => existing.get(i.shopifyProductId)?.digest !== i.digest);
  counts.unchanged = items.length - toWrite.length;
  for (const i of toWrite) {
    if (existing.has(i.shopifyProductId)) counts.updated++;
    else counts.created++;
  }
  const batch = new ImageBatch(deps.storage);
  let pictures: ImportedPictureKeys;
  try {
    pictures = await picturesOf(
      deps,
      deps.db,
      businessId,
      batch,
      toWrite,
      counts,
      Date.now() + PICTURE_BUDGET_MS,
    );
  } catch (error) {
    // The pictures stored before the failure belong to nothing.
    await batch.discard();
    throw error;
  }
  return {
    batch,
    counts,
    async write(tx) {
      for (const item of toWrite) {
        await writeImportedProduct(
          tx,
          batch,
          businessId,
          item,
          existing.get(item.shopifyProductId)?.id,
          pictures,
          newStatus,
        );
      }
      counts.counted = await applyShopifyCounts(tx, businessId, stock);
    },
  };
}

/**
 * The products of a page whose variants did not all fit in it, read again one by one with up
 * to 100 variants (PRODUCT_LIMITS.variants): the rest of the page as it came.
 */
export async function withAllVariants(
  admin: ShopifyAdmin,
  nodes: readonly ShopifyProductNode[],
): Promise<ShopifyProductNode[]> {
  const complete: ShopifyProductNode[] = [];
  for (const node of nodes) {
    if (!node.variants.pageInfo?.hasNextPage) {
      complete.push(node);
      continue;
    }
    const data = await admin.request<{ product: ShopifyProductNode | null }>(PRODUCT_QUERY, {
      id: node.id,
    });
    complete.push(data.product ?? node);
  }
  return complete;
}

/** `gid://shopify/Product/123` from `123` or the gid itself. */
export const productGid = (id: string | number) =>
  String(id).startsWith('gid://') ? String(id) : `gid://shopify/Product/${id}`;

/**
 * The `products/update` webhook's job (SHOPIFY_PRODUCT_REFRESH_QUEUE): imports that one product
 * again. A product that is no longer active in the store leaves the shop (as products/delete).
 * Nothing happens when the store is not connected any more.
 *
 * The brand's choice (issue 29 point 8): in "picked" mode a product that is not picked is
 * neither created nor updated (`not-picked`); one that is on Leafline still leaves the shop when
 * the store no longer has it active, as its products/delete asks. Shopify is not even asked
 * about an un-picked product that is not on Leafline: there is nothing to do either way. A
 * product the refresh creates gets the choice's status.
 */
export async function refreshShopifyProduct(
  deps: ImportDeps,
  businessId: number,
  shopifyProductId: string,
  admin?: ShopifyAdmin,
  signal?: AbortSignal,
): Promise<
  'created' | 'updated' | 'unchanged' | 'skipped' | 'removed' | 'not-picked' | 'not-connected'
> {
  const gid = productGid(shopifyProductId);
  const choice = await importChoiceFor(deps.db, businessId, [gid]);
  if (!choice.wanted(gid) && !(await importedProductsOf(deps.db, businessId, [gid])).has(gid)) {
    return 'not-picked';
  }
  const client =
    admin ??
    (
      await shopifyAdminForBusiness(deps, businessId, {
        expectedCost: 20,
        maxWaitMs: 60_000,
        ...(signal ? { signal } : {}),
      })
    )?.admin;
  if (!client) return 'not-connected';
  const data = await client.request<{
    shop: { currencyCode: string } | null;
    product: ShopifyProductNode | null;
  }>(PRODUCT_QUERY, {
    id: gid,
  });
  if (!isMarketplaceCurrency(data.shop?.currencyCode)) {
    deps.log.warn(
      { businessId, currencyCode: data.shop?.currencyCode ?? null },
      'Shopify product refresh skipped: the store sells in another currency',
    );
    return 'skipped';
  }
  if (data.product?.status !== 'ACTIVE') {
    return (await removeShopifyProduct(deps, businessId, gid)) ? 'removed' : 'unchanged';
  }
  if (!choice.wanted(gid)) return 'not-picked';
  const prepared = await prepareImport(deps, businessId, [data.product], choice.status);
  await prepared.batch.commit(() => deps.db.transaction((tx) => prepared.write(tx)));
  const { created, updated, skipped, counted } = prepared.counts;
  if (created || updated || counted) deps.catalogCache.clear();
  return created ? 'created' : updated || counted ? 'updated' : skipped ? 'skipped' : 'unchanged';
}

/**
 * The `products/delete` webhook: the business's product imported from that Shopify product
 * leaves the shop through the seller's delete path (orders keep their lines). false when there
 * was none.
 */
export async function removeShopifyProduct(
  deps: ImportDeps,
  businessId: number,
  shopifyProductId: string,
): Promise<boolean> {
  const gid = productGid(shopifyProductId);
  const batch = new ImageBatch(deps.storage);
  const removed = await batch.commit(() =>
    deps.db.transaction((tx) => deleteImportedProduct(tx, batch, businessId, gid)),
  );
  if (removed) deps.catalogCache.clear();
  return removed;
}
