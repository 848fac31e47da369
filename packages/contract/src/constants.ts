/** Business constants and limits of SPEC §9, shared by the server and the web app. */

export const BRAND_NAME = 'Leafline';

export const FREE_SHIPPING_THRESHOLD_CENTS = 7500;
export const COMMISSION_RATE = 0.03;
/** The commission as people read it: "3%". */
export const COMMISSION_PERCENT = `${Math.round(COMMISSION_RATE * 100)}%`;
export const CURRENCY = 'usd';
export const SUPPORTED_COUNTRIES = ['US'] as const;
/** The country shipping is priced for before an address is saved (the only supported one). */
export const DEFAULT_SHIPPING_COUNTRY = 'US';
/** Most of one line (product and variant) a cart may hold; 0 in a quantity update removes it. */
export const MAX_CART_QUANTITY = 99;

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_INPUT_PAUSE_MS = 500;
export const SHOP_CACHE_TTL_MS = 1_200_000;
export const SHOP_CACHE_WRITE_DELAY_MS = 300;
export const SEARCH_TIMEOUT_MS = 55_000;
export const PAGING_TIMEOUT_MS = 30_000;
export const SUGGESTION_TIMEOUT_MS = 10_000;

export const PLACEHOLDER_ROTATE_MS = 3000;
export const CAROUSEL_AUTOPLAY_MS = 5000;
export const CAROUSEL_STEP_PX = 220;
export const CAROUSEL_CONTROLS_ABOVE = 4;
export const NEWLY_ADDED_MAX = 9;
export const SUGGESTIONS_COUNT = 8;
export const FAVORITES_COUNT = 8;
export const HIDDEN_BUSINESSES_COUNT = 19;

/**
 * Stored images (DESIGN 2.10): the main WebP is at most this wide; the smaller widths sit
 * beside it as `<key>-320.webp` and `<key>-640.webp`, from which the web app builds srcset.
 */
export const IMAGE_MAIN_WIDTH = 1200;
export const IMAGE_SIBLING_WIDTHS = [320, 640] as const;

export const STOREFRONT_PAGE_SIZE = 10;
export const RELATED_PRODUCTS_COUNT = 3;
export const VARIANT_DROPDOWN_ABOVE = 9;
export const PAGER_ALL_NUMBERS_UP_TO = 5;

export const ACCOUNT_STATUS_MS = 4000;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_ORDER_SAVE_MS = 4000;
export const CART_TOAST_MS = 3000;
export const PRODUCT_TOAST_MS = 5000;
export const AUTH_REDIRECT_MS = 2000;
export const PRODUCT_LOGIN_REDIRECT_MS = 3000;
export const QUIZ_PANEL_CLOSE_MS = 1500;

export const QUIZ_QUESTIONS = 10;
export const QUIZ_PERSONAS = 6;
export const QUIZ_PRODUCTS_PER_PERSONA = 6;

export const PRODUCT_CATEGORIES = [
  'Apparel',
  'Shoes',
  'Accessories',
  'Home Goods',
  'Cosmetics / Skin Care',
  'Hygiene',
  'Cleaning Products',
  'Art Supplies',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Shop category dropdown: label to value (SPEC §9). */
export const CATEGORY_OPTIONS = [
  { label: 'Current Favorites', value: 'weekly_favorites' },
  { label: 'All Products', value: '' },
  { label: 'Apparel', value: 'Apparel' },
  { label: 'Shoes', value: 'Shoes' },
  { label: 'Accessories', value: 'Accessories' },
  { label: 'Home', value: 'Home Goods' },
  { label: 'Cosmetics', value: 'Cosmetics / Skin Care' },
  { label: 'Hygiene', value: 'Hygiene' },
  { label: 'Cleaning', value: 'Cleaning Products' },
  { label: 'Stationery', value: 'Stationary' },
  { label: 'Art Supplies', value: 'Art Supplies' },
] as const;

export const SORT_OPTIONS = [
  { label: 'No Filter', value: '' },
  { label: 'Price: Low to High', value: 'price_low_to_high' },
  { label: 'Price: High to Low', value: 'price_high_to_low' },
  { label: 'Customer rating', value: 'rating_high_to_low' },
] as const;

export const PRODUCT_CONDITIONS = ['new', 'second_hand'] as const;
/**
 * Where a product is (issue 29, point 5): `active` in the shop and search; `draft` and
 * `archived` only in its brand's dashboard (an archived one keeps its orders' lines).
 */
export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
};
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export const CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  second_hand: 'Secondhand',
};
export const DEFAULT_PRODUCT_CATEGORY = 'Eco-Friendly Business';

/** A product card's word for none left (issue 26; the rest of stock's texts: stock-texts.ts). */
export const SOLD_OUT = 'Sold out';

export const ORDER_STATUSES = [
  'Pending',
  'Paid',
  'Shipped',
  'Delivered',
  'Refunded',
  'Canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Rows per page of the dashboard's orders and products lists (`?page=`). */
export const SELLER_PAGE_SIZE = 50;
/** Header carrying the total of a paged dashboard list (the list itself stays an array, §7). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const BUSINESS_TYPES = ['eco_friendly_company', 'individual_seller'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Keys of the browser's local storage (SPEC §3). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  productRedirect: 'product_redirect',
  shopProductsCache: 'shop_products_cache',
  shopFiltersCache: 'shop_filters_cache',
  /** The business last chosen in the seller dashboard (DESIGN 2.18: the selection is remembered). */
  dashboardBusiness: 'dashboard_business',
  /** Set once the app's fonts have loaded: a server-rendered page then asks for them at once. */
  fontsCached: 'fonts_cached',
  /**
   * The products a signed-out shopper saved with the heart, newest first (decision 0050): kept
   * through the sign-in's clean slate and merged into the account.
   */
  guestFavorites: 'guest_favorites',
} as const;

/** Names of the curated lists kept in the database (DESIGN 2.9). */
export const CURATED_LISTS = {
  newlyAdded: 'newly_added',
  currentFavorites: 'current_favorites',
  peopleAlsoLove: 'people_also_love',
  hiddenBusinesses: 'hidden_businesses',
} as const;
