import type { z } from 'zod';
import type {
  emailBody,
  emailResponse,
  emailUpdatedResponse,
  loginBody,
  logoutBody,
  messageResponse,
  nameBody,
  nameResponse,
  nameUpdatedResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  refreshBody,
  registerBody,
  registerResponse,
  tokenPair,
  userHasBusinessResponse,
} from './auth';
import type {
  businessOverviewResponse,
  businessOverviewUpdateBody,
  dashboardResponse,
  onboardingLinkBody,
  onboardingLinkResponse,
  registerBusinessResponse,
  shopifyConnectResponse,
  shopifyDisconnectResponse,
  shopifyManualConnectBody,
} from './business';
import type {
  addToCartBody,
  cartItemChangedResponse,
  cartResponse,
  removeFromCartBody,
  removeFromCartQuery,
  setCartQuantityBody,
  setCartQuantityResponse,
  shippingAddressBody,
  shippingAddressResponse,
  shippingAddressSavedResponse,
  shippingFeesBody,
  shippingFeesResponse,
  shippingFeesSavedResponse,
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
import type {
  awaitingPaymentResponse,
  checkoutBody,
  checkoutResponse,
  order,
  ordersResponse,
} from './orders';
import type { orderEventsQuery, orderExportQuery, salesOverviewResponse } from './seller-money';
import type {
  sellerOrder,
  sellerOrdersResponse,
  sellerOrderUpdateBody,
  sellerPageQuery,
} from './seller-orders';
import type { productSavedResponse, sellerProductsResponse } from './seller-products';
import type {
  shopifyProductSyncQuery,
  shopifyProductSyncResponse,
  shopifyShippingPreviewResponse,
  shopifySyncStatusResponse,
} from './shopify';

/**
 * The API's calls in one table (issue 25, point 4): for each call the web makes, its method, its
 * path (SPEC §7's, trailing slash included, `{name}` for a part of the path) and the shapes it
 * sends and answers, taken from the schemas the server checks them with. The web calls through
 * it (`apiCall`) and the server registers each route at its `pattern`, so a path is written once.
 *
 * This file imports types only: the other contract files may build their paths from it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names in a pattern's braces: `/a/{uid}/{token}/` → `'uid' | 'token'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** The values of a pattern's path parameters, each percent-encoded into the path. */
export type PathParams<P extends string> = { readonly [K in PathParamName<P>]: string | number };

/** A query string's fields as the client sends them (undefined, null and '' are left out). */
export type QueryFields<T> = { [K in keyof T]?: string | number | boolean | null | undefined };

/** What a call sends and answers; types only. */
export interface RouteShapes {
  response: unknown;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (fields and files). */
  form?: true;
  /** The query string's fields. */
  query?: unknown;
}

type PathArgs<P extends string> = [PathParamName<P>] extends [never] ? [] : [params: PathParams<P>];

export interface ApiRoute<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends RouteShapes = RouteShapes,
> {
  readonly method: M;
  /** The path with `{name}` for each parameter, as SPEC §7 writes it. */
  readonly pattern: P;
  /** The parameters' names, in the order of the path. */
  readonly params: readonly PathParamName<P>[];
  /** The path with the parameters filled in, each percent-encoded. */
  path(...params: PathArgs<P>): string;
  /** Never set: carries the shapes' types. */
  readonly shapes?: S;
}

/** Any route of the table, whatever its method, path and shapes. */
// biome-ignore lint/suspicious/noExplicitAny: the shapes of every route, for constraints only
export type AnyApiRoute = ApiRoute<HttpMethod, string, any>;

export type RouteShapesOf<R extends AnyApiRoute> = NonNullable<R['shapes']>;
export type RouteResponse<R extends AnyApiRoute> = RouteShapesOf<R>['response'];

const PARAM = /\{(\w+)\}/g;

/** `pattern` with each `{name}` replaced by `fill(name)`. */
export function mapPathParams(pattern: string, fill: (name: string) => string): string {
  return pattern.replace(PARAM, (_whole, name: string) => fill(name));
}

/** `pattern` with its parameters filled in, percent-encoded; a missing one is an error. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>>) {
  return mapPathParams(pattern, (name) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** A route whose shapes are `S`: `route<{ response: X }>()('GET', '/api/x/{id}/')`. */
function route<S extends RouteShapes>() {
  return <const M extends HttpMethod, const P extends `/${string}`>(
    method: M,
    pattern: P,
  ): ApiRoute<M, P, S> => ({
    method,
    pattern,
    params: [...pattern.matchAll(PARAM)].map((m) => m[1]) as PathParamName<P>[],
    path: (...params) => fillPath(pattern, params[0] ?? {}),
  });
}

type Out<T extends z.ZodType> = z.infer<T>;
/** A body as the client writes it (before the server's defaults and transforms). */
type In<T extends z.ZodType> = z.input<T>;
type Query<T extends z.ZodType> = QueryFields<z.input<T>>;

export const ROUTES = {
  // ---- sign-in (SPEC §7) ----
  login: route<{ response: Out<typeof tokenPair>; json: In<typeof loginBody> }>()(
    'POST',
    '/token/',
  ),
  refreshToken: route<{ response: Out<typeof tokenPair>; json: In<typeof refreshBody> }>()(
    'POST',
    '/token/refresh/',
  ),
  register: route<{ response: Out<typeof registerResponse>; json: In<typeof registerBody> }>()(
    'POST',
    '/register/',
  ),
  logout: route<{ response: Out<typeof messageResponse>; json: In<typeof logoutBody> }>()(
    'POST',
    '/logout/',
  ),
  passwordReset: route<{
    response: Out<typeof messageResponse>;
    json: In<typeof passwordResetBody>;
  }>()('POST', '/auth/password-reset/'),
  passwordResetConfirm: route<{
    response: Out<typeof messageResponse>;
    json: In<typeof passwordResetConfirmBody>;
  }>()('POST', '/auth/password-reset-confirm/{uid}/{token}/'),

  // ---- account ----
  userHasBusiness: route<{ response: Out<typeof userHasBusinessResponse> }>()(
    'GET',
    '/api/user-has-business/',
  ),
  accountName: route<{ response: Out<typeof nameResponse> }>()('GET', '/update-name/'),
  updateName: route<{ response: Out<typeof nameUpdatedResponse>; json: In<typeof nameBody> }>()(
    'PUT',
    '/update-name/',
  ),
  accountEmail: route<{ response: Out<typeof emailResponse> }>()('GET', '/update-email/'),
  updateEmail: route<{
    response: Out<typeof emailUpdatedResponse>;
    json: In<typeof emailBody>;
  }>()('PATCH', '/update-email/'),
  deleteAccount: route<{ response: Out<typeof messageResponse> }>()('DELETE', '/delete-account/'),

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
  shippingAddress: route<{ response: Out<typeof shippingAddressResponse> }>()(
    'GET',
    '/api/set-shipping-address/',
  ),
  saveShippingAddress: route<{
    response: Out<typeof shippingAddressSavedResponse>;
    json: In<typeof shippingAddressBody>;
  }>()('POST', '/api/set-shipping-address/'),
  checkout: route<{ response: Out<typeof checkoutResponse>; json: In<typeof checkoutBody> }>()(
    'POST',
    '/checkout/',
  ),
  cancelCheckout: route<{ response: Out<typeof messageResponse> }>()(
    'POST',
    '/checkout/{checkoutId}/cancel/',
  ),

  // ---- the buyer's orders ----
  orders: route<{ response: Out<typeof ordersResponse> }>()('GET', '/api/orders/'),
  awaitingPayment: route<{ response: Out<typeof awaitingPaymentResponse> }>()(
    'GET',
    '/api/orders/awaiting-payment/',
  ),
  order: route<{ response: Out<typeof order> }>()('GET', '/api/orders/{orderId}/'),

  // ---- the seller's business ----
  registerBusiness: route<{ response: Out<typeof registerBusinessResponse>; form: true }>()(
    'POST',
    '/api/registerbiz/',
  ),
  ownedBusinesses: route<{ response: Out<typeof dashboardResponse> }>()(
    'GET',
    '/api/business/dashboard/',
  ),
  businessOverview: route<{ response: Out<typeof businessOverviewResponse> }>()(
    'GET',
    '/api/business/overview/{businessId}/',
  ),
  updateBusinessOverview: route<{
    response: Out<typeof businessOverviewResponse>;
    json: In<typeof businessOverviewUpdateBody>;
  }>()('PUT', '/api/business/overview/{businessId}/'),
  editBusiness: route<{ response: Out<typeof businessOverviewResponse>; form: true }>()(
    'POST',
    '/api/business/edit/{businessId}/',
  ),
  onboardingLink: route<{
    response: Out<typeof onboardingLinkResponse>;
    json: In<typeof onboardingLinkBody>;
  }>()('POST', '/api/api/stripe/onboarding-link/'),
  sales: route<{ response: Out<typeof salesOverviewResponse> }>()(
    'GET',
    '/api/business/sales/{businessId}/',
  ),
  shippingFees: route<{ response: Out<typeof shippingFeesResponse> }>()(
    'GET',
    '/api/shipping-fees/{businessId}/',
  ),
  saveShippingFees: route<{
    response: Out<typeof shippingFeesSavedResponse>;
    json: In<typeof shippingFeesBody>;
  }>()('POST', '/api/shipping-fees/{businessId}/'),

  // ---- the seller's orders and products ----
  sellerOrders: route<{
    response: Out<typeof sellerOrdersResponse>;
    query: Query<typeof sellerPageQuery>;
  }>()('GET', '/api/business/orders/{businessId}/'),
  /** `text/csv`, read as a stream. */
  orderExport: route<{ response: string; query: Query<typeof orderExportQuery> }>()(
    'GET',
    '/api/business/orders/{businessId}/export/',
  ),
  /** Server-Sent Events (`text/event-stream`), read as a stream. */
  orderEvents: route<{ response: string; query: Query<typeof orderEventsQuery> }>()(
    'GET',
    '/api/business/orders/{businessId}/events/',
  ),
  updateSellerOrder: route<{
    response: Out<typeof sellerOrder>;
    json: In<typeof sellerOrderUpdateBody>;
  }>()('PATCH', '/api/business/orders/edit/{orderId}/'),
  sellerProducts: route<{
    response: Out<typeof sellerProductsResponse>;
    query: Query<typeof sellerPageQuery>;
  }>()('GET', '/api/business/products/{businessId}/'),
  addProduct: route<{ response: Out<typeof productSavedResponse>; form: true }>()(
    'POST',
    '/api/add-product/{businessId}/',
  ),
  editProduct: route<{ response: Out<typeof productSavedResponse>; form: true }>()(
    'PUT',
    '/api/products/{productId}/edit/',
  ),
  deleteProduct: route<{ response: Out<typeof messageResponse> }>()(
    'DELETE',
    '/api/products/{productId}/delete/',
  ),

  // ---- Shopify ----
  shopifyConnect: route<{
    response: Out<typeof shopifyConnectResponse>;
    json: In<typeof shopifyManualConnectBody>;
  }>()('POST', '/api/shopifymanualconnect/{businessId}/'),
  shopifyDisconnect: route<{ response: Out<typeof shopifyDisconnectResponse> }>()(
    'DELETE',
    '/api/shopifymanualconnect/{businessId}/',
  ),
  shopifyProductSync: route<{
    response: Out<typeof shopifyProductSyncResponse>;
    query: Query<typeof shopifyProductSyncQuery>;
  }>()('GET', '/api/sync-from-shopify-opt/{businessId}/'),
  shopifySyncStatus: route<{ response: Out<typeof shopifySyncStatusResponse> }>()(
    'GET',
    '/api/business/shopify-sync/{businessId}/',
  ),
  shopifyShippingSync: route<{ response: Out<typeof shippingFeesSavedResponse> }>()(
    'GET',
    '/api/sync-shopify-shipping-fees/{businessId}/',
  ),
  shopifyShippingPreview: route<{ response: Out<typeof shopifyShippingPreviewResponse> }>()(
    'GET',
    '/api/sync-shopify-shipping-fees/{businessId}/preview/',
  ),
} as const;

export type RouteName = keyof typeof ROUTES;
