import { z } from 'zod';
import { BUSINESS_TYPES, CURATED_LISTS, PRODUCT_CATEGORIES, PRODUCT_CONDITIONS } from './constants';
import { isCountryCode } from './countries';
import { MESSAGES } from './messages';
import { SEARCH_MAX_BRANDS, SHOP_FACET_MESSAGES } from './shop-facets-texts';
import { stockCount } from './stock';

/**
 * Catalogue and search calls of SPEC §7 (DESIGN 2.3, 2.9, 2.11): product detail, public
 * business, business list, storefront products, sustainability notes, curated lists, search.
 * Decisions in docs/decisions/0005-catalogue-api.md.
 */

/** Texts the catalogue calls answer with (SPEC §8 'Product not found'; DRF's page text). */
export const CATALOG_MESSAGES = {
  productNotFound: MESSAGES.productNotFound,
  businessNotFound: 'Business not found',
  listNotFound: 'List not found',
  invalidPage: 'Invalid page.',
} as const;

/** Largest page a caller may ask of `api/search/`; larger `page_size` values are capped. */
export const SEARCH_MAX_PAGE_SIZE = 100;
/** Characters of `search` that are used; the rest is cut (never an error). */
export const SEARCH_MAX_TERMS_LENGTH = 200;
/** Highest page number accepted at all; beyond the last page the answer is 404 anyway. */
export const MAX_PAGE_NUMBER = 1_000_000_000;

export { centsToPrice } from './money';

const id = z.number().int();
export const priceString = z.string().regex(/^-?\d+\.\d{2}$/);
/** A media address under the site root, `/media/<key>`. */
const mediaUrl = z.string();

export const productImage = z.object({
  id,
  image: mediaUrl,
  alt_text: z.string(),
  /**
   * A product picture tied to an option value (issue 24 point 14, docs/decisions/0024): it
   * shows every variant whose option1 (or option2) is this value, "Navy". Present only on a
   * tied product picture, in the product's `images` and, for the variants it shows, in theirs.
   */
  option1: z.string().optional(),
  option2: z.string().optional(),
});
export type ProductImage = z.infer<typeof productImage>;

export const productVariant = z.object({
  id,
  option1: z.string(),
  option2: z.string().nullable(),
  /** The variant's own price, else the product's. */
  price: priceString,
  /**
   * What it sold for before (issue 29, point 6), shown struck through beside `price`: its own,
   * or the product's when it has the product's price; null unless more than `price`.
   */
  compare_at_price: priceString.nullable(),
  /** The first of `images`, or null. */
  image: mediaUrl.nullable(),
  /**
   * The variant's own pictures, then the product's pictures tied to its option1 or option2
   * value (those carry `option1` / `option2`), each address once.
   */
  images: z.array(productImage),
  deleted: z.boolean(),
  /** Units of this variant that can be bought (issue 26); null when the brand does not count. */
  stock: stockCount,
});
export type ProductVariant = z.infer<typeof productVariant>;

export const productDetailResponse = z.object({
  id,
  name: z.string(),
  description: z.string(),
  price: priceString,
  /** What it sold for before (issue 29, point 6), struck through; null unless more than `price`. */
  compare_at_price: priceString.nullable(),
  condition: z.enum(PRODUCT_CONDITIONS),
  category: z.string(),
  product_category: z.string(),
  images: z.array(productImage),
  primary_image: mediaUrl.nullable(),
  business: id,
  business_name: z.string(),
  /**
   * The names of the variants' options, in order: option_names[0] names every variant's
   * option1 ("Size"), option_names[1] its option2 ("Color"). Empty when never named.
   */
  option_names: z.array(z.string()),
  /** Live variants only: deleted ones are kept for old orders but never shown. */
  variants: z.array(productVariant),
  /**
   * Units that can be bought (issue 26): of the product itself when it has no variants, else
   * the sum over its variants when every one is counted; null when not counted.
   */
  stock: stockCount,
  /** True when every counted unit is gone: stock 0, or every variant counted and at 0. */
  sold_out: z.boolean(),
  /** Its buyers' average rating, one decimal (null with no review), and how many (issue 27). */
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
});
export type ProductDetail = z.infer<typeof productDetailResponse>;

export const publicBusinessResponse = z.object({
  id,
  name: z.string(),
  description: z.string(),
  email: z.string(),
  website: z.string(),
  shipping_strategy: z.string(),
  price_range: z.string(),
  production: z.string(),
  logonew: mediaUrl.nullable(),
  banner: mediaUrl.nullable(),
  verified: z.boolean(),
  business_type: z.enum(BUSINESS_TYPES),
  /**
   * The brand's average rating over every review of its products, one decimal (null with
   * none), and how many reviews (issue 27): on its storefront. Not in the owner's overview.
   */
  rating_average: z.number().nullable().optional(),
  rating_count: z.number().int().optional(),
});
export type PublicBusiness = z.infer<typeof publicBusinessResponse>;

export const businessSummary = z.object({
  id,
  name: z.string(),
  logonew: mediaUrl.nullable(),
  verified: z.boolean(),
});
export type BusinessSummary = z.infer<typeof businessSummary>;
export const publicBusinessesResponse = z.array(businessSummary);

/** One product in a list: search, storefront, curated lists (SPEC §3 shop cache). */
export const productSummary = z.object({
  id,
  name: z.string(),
  price: priceString,
  business: id,
  business_name: z.string(),
  condition: z.enum(PRODUCT_CONDITIONS),
  primary_image: mediaUrl.nullable(),
  product_category: z.string(),
  /** As the product detail's `stock` and `sold_out` (issue 26). */
  stock: stockCount,
  sold_out: z.boolean(),
  /** As the product detail's (issue 27). */
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummary>;

/** DRF-style page: `next`/`previous` are absolute URLs or null. */
export const productPage = z.object({
  results: z.array(productSummary),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type ProductPage = z.infer<typeof productPage>;
export const searchResponse = productPage;
export type SearchResponse = ProductPage;
export const storefrontProductsResponse = productPage;
export type StorefrontProductsResponse = ProductPage;

export const sustainabilityNote = z.object({ id, title: z.string(), explanation: z.string() });
export type SustainabilityNote = z.infer<typeof sustainabilityNote>;
export const sustainabilityNotesResponse = z.array(sustainabilityNote);

export const CURATED_PRODUCT_LISTS = [
  CURATED_LISTS.newlyAdded,
  CURATED_LISTS.currentFavorites,
  CURATED_LISTS.peopleAlsoLove,
] as const;
export type CuratedProductList = (typeof CURATED_PRODUCT_LISTS)[number];

export const curatedProductsResponse = z.object({
  key: z.enum(CURATED_PRODUCT_LISTS),
  results: z.array(productSummary),
});
export type CuratedProductsResponse = z.infer<typeof curatedProductsResponse>;
export const hiddenBusinessesResponse = z.object({
  key: z.literal(CURATED_LISTS.hiddenBusinesses),
  ids: z.array(id),
});
export type HiddenBusinessesResponse = z.infer<typeof hiddenBusinessesResponse>;
export const curatedListResponse = z.union([curatedProductsResponse, hiddenBusinessesResponse]);
export type CuratedListResponse = z.infer<typeof curatedListResponse>;

// ---- requests ----

/** A path id as written; anything that is not a stored id answers 404, not 400. */
export const idParams = z.object({ id: z.string() });
export const businessIdParams = z.object({ businessId: z.string() });
export const curatedListParams = z.object({ key: z.string() });

/** An optional whole number in a query string; '' counts as absent. */
export const queryNumber = (label: string) =>
  z
    .string({ error: `${label} must be a single whole number.` })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return undefined;
      const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < 1 || n > MAX_PAGE_NUMBER) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`,
        });
        return z.NEVER;
      }
      return n;
    });

/** A price in dollars as a shopper types it in a query string ('12', '12.5', '12.50'); '' is absent. */
const queryPrice = (label: string) =>
  z
    .string({ error: `${label} must be a single price.` })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return undefined;
      const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a price such as 25 or 25.50.` });
        return z.NEVER;
      }
      return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    });

/** A yes/no filter of the shop: 'true' (or '1') turns it on; '', 'false', '0' or absent leave it off. */
const queryFlag = (label: string) =>
  z
    .string({ error: `${label} must be true or false.` })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim().toLowerCase() ?? '';
      if (text === '' || text === 'false' || text === '0') return false;
      if (text === 'true' || text === '1') return true;
      ctx.addIssue({ code: 'custom', message: `${label} must be true or false.` });
      return z.NEVER;
    });

/** Brand ids as the shop's address writes them, '3,7': distinct, in order; '' is none. */
const queryBrands = z
  .string({ error: SHOP_FACET_MESSAGES.brands })
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (text === '') return [];
    const parts = text.split(',').map((part) => part.trim());
    const ids = parts.map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : Number.NaN));
    if (ids.some((n) => !Number.isSafeInteger(n) || n < 1) || ids.length > SEARCH_MAX_BRANDS) {
      ctx.addIssue({ code: 'custom', message: SHOP_FACET_MESSAGES.brands });
      return z.NEVER;
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  });

/** `?country=`: two letters of ISO 3166, either case; absent or '' for the shopper's own. */
export const queryCountry = z
  .string({ error: SHOP_FACET_MESSAGES.country })
  .trim()
  .toUpperCase()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isCountryCode(v), SHOP_FACET_MESSAGES.country);

/**
 * The filters eco shoppers ask for (issue 15), beside `category` and the price sort, each in
 * the query string of `api/search/` and `api/search/facets/` (and of the shop's URL):
 * - `second_hand=true`: second-hand products only;
 * - `verified=true`: products of verified brands only;
 * - `min_price`, `max_price` (dollars, both ends included): the price range;
 * - `free_shipping_at` (dollars): products of brands that ship free to the US at that cart
 *   amount (their US rate is 0, their own free-shipping threshold is reached, or the amount
 *   reaches the marketplace's $75);
 * - `in_stock=true`: products that can be bought now (not sold out; issue 26);
 * - `brands=3,7` (issue 30): products of these brands only (at most SEARCH_MAX_BRANDS);
 * - `ships_free=true` (issue 30): products a cart of which alone ships free to the shopper's
 *   country — the product's price reaches the amount its brand ships free from there (its rate
 *   is 0, or the price reaches its own threshold or the marketplace's $75; decision 0057);
 * - `country` (issue 30): the country `ships_free` and its count are for; absent, the signed-in
 *   shopper's default address's (a token is then read), else US — as the delivery call.
 * Prices are turned into cents here. Without `in_stock`, sold-out products come after the
 * others, each part in the asked order.
 */
export const searchRefinements = {
  second_hand: queryFlag('second_hand'),
  in_stock: queryFlag('in_stock'),
  verified: queryFlag('verified'),
  min_price: queryPrice('min_price'),
  max_price: queryPrice('max_price'),
  free_shipping_at: queryPrice('free_shipping_at'),
  brands: queryBrands,
  ships_free: queryFlag('ships_free'),
  country: queryCountry,
};

/** The price ranges the shop offers, in cents: [min, max] with max null for "and over". */
export const SEARCH_PRICE_RANGES: ReadonlyArray<readonly [number, number | null]> = [
  [0, 2499],
  [2500, 4999],
  [5000, 9999],
  [10000, null],
];

export const SEARCH_FILTERS = [
  '',
  'price_low_to_high',
  'price_high_to_low',
  'rating_high_to_low',
] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];
/** Category values the shop sends (SPEC §9): '', a product category, 'Stationary', favorites. */
export const SEARCH_CATEGORIES = [
  '',
  ...PRODUCT_CATEGORIES,
  'Stationary',
  'weekly_favorites',
] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
/** SPEC §9 offers 'Stationery' (value 'Stationary'), which is not a product category: it lists Art Supplies. */
export const CATEGORY_ALIASES: Partial<Record<SearchCategory, string>> = {
  Stationary: 'Art Supplies',
};

export const pageQuery = z.object({ page: queryNumber('page') });

export const searchQuery = z.object({
  search: z
    .string({ error: 'search must be a single text.' })
    .optional()
    // Cut by characters (not UTF-16 units) and without NUL, which PostgreSQL text refuses.
    .transform((v) =>
      Array.from((v ?? '').replaceAll('\u0000', ' ').trim())
        .slice(0, SEARCH_MAX_TERMS_LENGTH)
        .join(''),
    ),
  filter: z
    .enum(SEARCH_FILTERS, {
      error: 'filter must be empty, price_low_to_high, price_high_to_low or rating_high_to_low.',
    })
    .optional()
    .transform((v) => v ?? ''),
  category: z
    .enum(SEARCH_CATEGORIES, { error: 'This category does not exist.' })
    .optional()
    .transform((v) => v ?? ''),
  page: queryNumber('page'),
  page_size: queryNumber('page_size'),
  ...searchRefinements,
});
export type SearchQuery = z.infer<typeof searchQuery>;

/**
 * The facet counts of a search (issue 15): for each choice of the shop's filters, how many
 * products the search would find with that choice made and every other current choice kept
 * (so a count never contradicts the list it leads to). Same query string as `api/search/`;
 * `page` and `page_size` are ignored.
 */
export const searchFacetsResponse = z.object({
  /** Products of the search as it is (the `count` of `api/search/`). */
  count: z.number().int(),
  second_hand: z.number().int(),
  verified: z.number().int(),
  /**
   * Products whose brand ships free to the US at `free_shipping_at` (the shopper's cart amount,
   * '0.00' when not given).
   */
  free_shipping: z.number().int(),
  /** Products of the search that are not sold out (`in_stock=true`). */
  in_stock: z.number().int(),
  /** The country `ships_free` counts for (`country`, else the shopper's, else US). */
  country: z.string(),
  /** Products a cart of which alone ships free to `country` (`ships_free=true`). */
  ships_free: z.number().int(),
  /**
   * The brand facet: per brand, the products of the search with that brand and every other
   * current choice (the brand choice itself left out); the brands with any and the chosen ones
   * (even at 0), most first, then by name; at most SEARCH_BRAND_FACET_MAX besides the chosen.
   */
  brands: z.array(z.object({ id, name: z.string(), count: z.number().int() })),
  /** One entry per SEARCH_PRICE_RANGES range, in order, with the price filter itself left out. */
  price_ranges: z.array(
    z.object({
      min_price: priceString,
      max_price: priceString.nullable(),
      count: z.number().int(),
    }),
  ),
  /** One entry per product category (PRODUCT_CATEGORIES order), the category itself left out. */
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
});
export type SearchFacets = z.infer<typeof searchFacetsResponse>;

/** Most suggestions `api/search/suggestions/` gives. */
export const SEARCH_SUGGESTIONS_MAX = 8;
/** Characters of `q` that are used. */
export const SEARCH_SUGGESTIONS_MAX_LENGTH = 100;
export const SUGGESTION_KINDS = ['product', 'brand', 'category'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const searchSuggestionsQuery = z.object({
  q: z
    .string({ error: 'q must be a single text.' })
    .optional()
    .transform((v) =>
      Array.from((v ?? '').replaceAll('\u0000', ' ').trim())
        .slice(0, SEARCH_SUGGESTIONS_MAX_LENGTH)
        .join(''),
    ),
});
export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuery>;

/**
 * Search as you type (issue 15): product names, brands and categories that start with or
 * nearly match what was typed (a typo in a word is forgiven), best first, at most
 * SEARCH_SUGGESTIONS_MAX. `id` is the product's or brand's id; a category's `category` is
 * the `category` value of `api/search/` that lists it.
 */
export const searchSuggestion = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  label: z.string(),
  id: z.number().int().nullable(),
  category: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestion>;
export const searchSuggestionsResponse = z.object({
  query: z.string(),
  suggestions: z.array(searchSuggestion),
});
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponse>;
