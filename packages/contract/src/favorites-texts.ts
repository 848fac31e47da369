/**
 * The shopper's saved things (docs/decisions/0050): favourite products and followed brands —
 * their limits, paths and texts, without zod: the shop's cards and pages import these and keep
 * their JavaScript small. favorites.ts adds the shapes and re-exports these.
 */

export const FAVORITE_LIMITS = {
  /** Favourites one account keeps; one more is refused with `FAVORITE_MESSAGES.tooMany`. */
  max: 500,
  /** Product ids one sign-in merge may send (the browser keeps at most this many). */
  mergeMax: 200,
} as const;

export const FOLLOW_LIMITS = {
  /** Brands one account follows; one more is refused with `FOLLOW_MESSAGES.tooMany`. */
  max: 500,
  /** The home row "From brands you follow": products this new at most… */
  newProductsDays: 30,
  /** …and at most this many, newest first. */
  newProductsMax: 12,
} as const;

/** The account page that lists the favourites. */
export const FAVORITES_PATH = '/account/favorites';

/** What the API answers about favourites. */
export const FAVORITE_MESSAGES = {
  saved: 'Saved to your Favourites.',
  alreadySaved: 'Already in your Favourites.',
  removed: 'Removed from your Favourites.',
  merged: 'Your saved products are in your Favourites.',
  tooMany: `You can keep up to ${FAVORITE_LIMITS.max} favourites. Remove some to save more.`,
  productId: 'product_id must be the id of a product.',
  productIds: `product_ids must be a list of at most ${FAVORITE_LIMITS.mergeMax} product ids.`,
} as const;

/** What the API answers about followed brands. */
export const FOLLOW_MESSAGES = {
  followed: 'You now follow this brand.',
  alreadyFollowed: 'You already follow this brand.',
  unfollowed: 'You no longer follow this brand.',
  tooMany: `You can follow up to ${FOLLOW_LIMITS.max} brands. Unfollow some to follow more.`,
  businessId: 'business_id must be the id of a brand.',
} as const;

/** The web's texts of the heart, the Favourites page, Follow and the home row. */
export const FAVORITE_TEXTS = {
  /** The heart's label (aria-label) while the product is not saved… */
  save: 'Save to Favourites',
  /** …and while it is. */
  remove: 'Remove from Favourites',
  /** The account menu's link and the page's title. */
  title: 'Favourites',
  intro: 'Products you saved with the heart, newest first.',
  /** Shown on the page while signed out: the list lives in this browser only. */
  guestNote: 'Saved in this browser only. Log in to keep your favourites in your account.',
  guestLogin: 'Log in',
  empty: 'Nothing saved yet. Tap the heart on any product to keep it here.',
  browse: 'Browse the shop',
  loadFailed: 'Your favourites could not be loaded. Please try again.',
  saveFailed: 'Your favourites could not be changed. Please try again.',
  listLabel: 'Your favourite products',
} as const;

export const FOLLOW_TEXTS = {
  follow: 'Follow',
  following: 'Following',
  /** The button's name for assistive technology: what a press does, with the brand's name. */
  followLabel: (brand: string) => `Follow ${brand}`,
  unfollowLabel: (brand: string) => `Unfollow ${brand}`,
  /** Signed out: as Add to Cart (SPEC §8), a notice and the login page. */
  mustLogin: 'You must be logged in to follow a brand',
  loginNow: 'Login Now',
  failed: 'Could not change whom you follow. Please try again.',
  /** The home row of followed brands' new products. */
  rowTitle: 'From brands you follow',
  rowIntro: 'New from the brands you follow.',
  rowLabel: 'New products from brands you follow',
} as const;
