import { z } from 'zod';
import { businessSummary, productSummary } from './catalog';
import { FAVORITE_LIMITS, FAVORITE_MESSAGES, FOLLOW_MESSAGES } from './favorites-texts';

/**
 * The shopper's saved things (docs/decisions/0050): favourite products (`api/favorites/…`) and
 * followed brands (`api/follows/…`), each the signed-in account's own. A favourite is shown as
 * the shop's product summary, so the web shows it on the shop's card; a followed brand as the
 * home carousel's business summary, linked to its storefront by id.
 */

export * from './favorites-texts';

const productId = z
  .number({ error: FAVORITE_MESSAGES.productId })
  .int(FAVORITE_MESSAGES.productId)
  .positive(FAVORITE_MESSAGES.productId);
const businessId = z
  .number({ error: FOLLOW_MESSAGES.businessId })
  .int(FOLLOW_MESSAGES.businessId)
  .positive(FOLLOW_MESSAGES.businessId);

// ---- favourites ----

/** `POST api/favorites/`: save one product (saved twice, it is one favourite). */
export const favoriteBody = z.object({ product_id: productId });
export type FavoriteBody = z.input<typeof favoriteBody>;

/**
 * `POST api/favorites/merge/`: the products a signed-out shopper saved in the browser, newest
 * first, added at sign-in. Ids of products gone or not shown are skipped, as are those beyond
 * FAVORITE_LIMITS.max: the sign-in never fails on them.
 */
export const favoritesMergeBody = z.object({
  product_ids: z
    .array(productId, { error: FAVORITE_MESSAGES.productIds })
    .max(FAVORITE_LIMITS.mergeMax, FAVORITE_MESSAGES.productIds),
});
export type FavoritesMergeBody = z.input<typeof favoritesMergeBody>;

/** `GET api/favorites/`: the account's favourite products that the shop shows, newest first. */
export const favoritesResponse = z.object({ results: z.array(productSummary) });
export type FavoritesResponse = z.infer<typeof favoritesResponse>;

/** 201 when saved now, 200 when it already was. */
export const favoriteSavedResponse = z.object({ message: z.string(), product: productSummary });
export type FavoriteSavedResponse = z.infer<typeof favoriteSavedResponse>;

/** The favourites after the merge, with how many were added and how many skipped. */
export const favoritesMergedResponse = favoritesResponse.extend({
  message: z.string(),
  added: z.number().int(),
  skipped: z.number().int(),
});
export type FavoritesMergedResponse = z.infer<typeof favoritesMergedResponse>;

// ---- followed brands ----

/** `POST api/follows/`: follow one open brand (followed twice, it is one follow). */
export const followBody = z.object({ business_id: businessId });
export type FollowBody = z.input<typeof followBody>;

/** `GET api/follows/`: the brands the account follows, newest follow first. */
export const followsResponse = z.object({ results: z.array(businessSummary) });
export type FollowsResponse = z.infer<typeof followsResponse>;

/** 201 when followed now, 200 when it already was. */
export const followSavedResponse = z.object({ message: z.string(), business: businessSummary });
export type FollowSavedResponse = z.infer<typeof followSavedResponse>;

/**
 * `GET api/follows/new-products/`: the followed brands' active products added in the last
 * FOLLOW_LIMITS.newProductsDays days, newest first, at most FOLLOW_LIMITS.newProductsMax.
 */
export const followedNewProductsResponse = z.object({ results: z.array(productSummary) });
export type FollowedNewProductsResponse = z.infer<typeof followedNewProductsResponse>;
