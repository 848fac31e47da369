import type { messageResponse, refreshBody, tokenPair, userHasBusinessResponse } from './auth';
import type {
  addToCartBody,
  cartItemChangedResponse,
  cartResponse,
  removeFromCartBody,
  removeFromCartQuery,
  setCartQuantityBody,
  setCartQuantityResponse,
} from './cart';
import type {
  curatedListResponse,
  pageQuery,
  productDetailResponse,
  publicBusinessesResponse,
  publicBusinessResponse,
  searchFacetsResponse,
  searchQuery,
  searchResponse,
  searchSuggestionsQuery,
  searchSuggestionsResponse,
  storefrontProductsResponse,
  sustainabilityNotesResponse,
} from './catalog';
import type {
  faqResponse,
  partnersResponse,
  quizResponse,
  sendResultsEmailRequest,
  sendResultsEmailResponse,
  subscribeRequest,
  subscribeResponse,
} from './content';
import type { deliveryQuery, deliveryResponse } from './delivery';
import type {
  favoriteBody,
  favoriteSavedResponse,
  favoritesMergeBody,
  favoritesMergedResponse,
  favoritesResponse,
  followBody,
  followedNewProductsResponse,
  followSavedResponse,
  followsResponse,
} from './favorites';
import type { cartPromoBody, cartPromoResponse } from './promo-codes';
import type { reviewsQuery, reviewsResponse } from './reviews';
import { type In, type Out, type Query, route } from './route-kit';

/**
 * The route table's calls of the shop (issue 25, point 4): the catalogue, search, the home's
 * content, the cart, and what every page's header asks (the session's refresh, the cart, whether
 * the user has a business). With ACCOUNT_ROUTES and SELLER_ROUTES it makes ROUTES (`routes.ts`);
 * a part of its own, so the home page's first load carries only these paths.
 */

export const SHOP_ROUTES = {
  // ---- sign-in (SPEC §7) ----
  refreshToken: route<{ response: Out<typeof tokenPair>; json: In<typeof refreshBody> }>()(
    'POST',
    '/token/refresh/',
  ),

  // ---- account ----
  userHasBusiness: route<{ response: Out<typeof userHasBusinessResponse> }>()(
    'GET',
    '/api/user-has-business/',
  ),

  // ---- catalogue, search and content ----
  publicBusinesses: route<{ response: Out<typeof publicBusinessesResponse> }>()(
    'GET',
    '/api/publicbusinesses/',
  ),
  product: route<{ response: Out<typeof productDetailResponse> }>()('GET', '/api/products/{id}/'),
  publicBusiness: route<{ response: Out<typeof publicBusinessResponse> }>()(
    'GET',
    '/api/business/{id}/',
  ),
  storefrontProducts: route<{
    response: Out<typeof storefrontProductsResponse>;
    query: Query<typeof pageQuery>;
  }>()('GET', '/api/products-by-business/{id}/'),
  /** A product's reviews and its ratings (issue 27). */
  productReviews: route<{
    response: Out<typeof reviewsResponse>;
    query: Query<typeof reviewsQuery>;
  }>()('GET', '/api/products/{productId}/reviews/'),
  /**
   * A brand's shipping fee, free-shipping rules, delivery estimate and returns policy for the
   * shopper's country (decision 0052): `?country=`, else the signed-in shopper's default
   * address's, else US. Not cached (it depends on who asks).
   */
  businessDelivery: route<{
    response: Out<typeof deliveryResponse>;
    query: Query<typeof deliveryQuery>;
  }>()('GET', '/api/businesses/{businessId}/delivery/'),
  sustainabilityNotes: route<{ response: Out<typeof sustainabilityNotesResponse> }>()(
    'GET',
    '/api/sustainability/{businessId}/',
  ),
  curatedList: route<{ response: Out<typeof curatedListResponse> }>()('GET', '/api/curated/{key}/'),
  search: route<{ response: Out<typeof searchResponse>; query: Query<typeof searchQuery> }>()(
    'GET',
    '/api/search/',
  ),
  searchFacets: route<{
    response: Out<typeof searchFacetsResponse>;
    query: Query<typeof searchQuery>;
  }>()('GET', '/api/search/facets/'),
  searchSuggestions: route<{
    response: Out<typeof searchSuggestionsResponse>;
    query: Query<typeof searchSuggestionsQuery>;
  }>()('GET', '/api/search/suggestions/'),
  faq: route<{ response: Out<typeof faqResponse> }>()('GET', '/api/faq/'),
  partners: route<{ response: Out<typeof partnersResponse> }>()('GET', '/api/partners/'),
  subscribe: route<{
    response: Out<typeof subscribeResponse>;
    json: In<typeof subscribeRequest>;
  }>()('POST', '/api/subscribe/'),
  quiz: route<{ response: Out<typeof quizResponse> }>()('GET', '/api/quiz/'),
  sendResultsEmail: route<{
    response: Out<typeof sendResultsEmailResponse>;
    json: In<typeof sendResultsEmailRequest>;
  }>()('POST', '/api/send-results-email/'),

  // ---- cart and checkout ----
  cart: route<{ response: Out<typeof cartResponse> }>()('GET', '/api/cart/'),
  addToCart: route<{
    response: Out<typeof cartItemChangedResponse>;
    json: In<typeof addToCartBody>;
  }>()('POST', '/add-to-cart/{productId}/'),
  removeFromCart: route<{
    response: Out<typeof messageResponse>;
    json: In<typeof removeFromCartBody>;
    query: Query<typeof removeFromCartQuery>;
  }>()('DELETE', '/api/remove-from-cart/{productId}/'),
  setCartQuantity: route<{
    response: Out<typeof setCartQuantityResponse>;
    json: In<typeof setCartQuantityBody>;
  }>()('PATCH', '/api/cart/items/{itemId}/'),
  /**
   * A promo code checked against the cart as it is now (docs/decisions/0056): the discount and
   * each brand's share as the payment will split it; 400 for a code that does not work.
   */
  cartPromo: route<{
    response: Out<typeof cartPromoResponse>;
    json: In<typeof cartPromoBody>;
  }>()('POST', '/api/cart/promo/'),

  // ---- the shopper's favourites and followed brands (docs/decisions/0050) ----
  // Here, not with the account's calls: every product card's heart, the storefront's Follow
  // and the home row call them.
  favorites: route<{ response: Out<typeof favoritesResponse> }>()('GET', '/api/favorites/'),
  /** 201 saved now, 200 already saved; 404 a product the shop does not show; 409 `tooMany`. */
  addFavorite: route<{
    response: Out<typeof favoriteSavedResponse>;
    json: In<typeof favoriteBody>;
  }>()('POST', '/api/favorites/'),
  /** The browser's favourites at sign-in: unknown ones and those beyond the cap skipped. */
  mergeFavorites: route<{
    response: Out<typeof favoritesMergedResponse>;
    json: In<typeof favoritesMergeBody>;
  }>()('POST', '/api/favorites/merge/'),
  /** 200 whether or not it was a favourite. */
  removeFavorite: route<{ response: Out<typeof messageResponse> }>()(
    'DELETE',
    '/api/favorites/{productId}/',
  ),
  follows: route<{ response: Out<typeof followsResponse> }>()('GET', '/api/follows/'),
  /** 201 followed now, 200 already followed; 404 a brand not open; 409 `tooMany`. */
  follow: route<{
    response: Out<typeof followSavedResponse>;
    json: In<typeof followBody>;
  }>()('POST', '/api/follows/'),
  /** 200 whether or not it was followed. */
  unfollow: route<{ response: Out<typeof messageResponse> }>()(
    'DELETE',
    '/api/follows/{businessId}/',
  ),
  followedNewProducts: route<{ response: Out<typeof followedNewProductsResponse> }>()(
    'GET',
    '/api/follows/new-products/',
  ),

  // ---- the buyer's orders ----
} as const;
