import type {
  savedAddressBody,
  savedAddressesResponse,
  savedAddressPatchBody,
  savedAddressSavedResponse,
} from './addresses';
import type {
  changePasswordBody,
  emailBody,
  emailResponse,
  emailUpdatedResponse,
  loginBody,
  logoutBody,
  messageResponse,
  nameBody,
  nameResponse,
  nameUpdatedResponse,
  passwordChangedResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  registerBody,
  registerResponse,
  tokenPair,
} from './auth';
import type {
  shippingAddressBody,
  shippingAddressResponse,
  shippingAddressSavedResponse,
} from './cart';
import type {
  orderMessageBody,
  orderMessageSentResponse,
  orderMessageSummariesResponse,
  orderMessagesResponse,
} from './order-messages';
import type {
  awaitingPaymentResponse,
  checkoutBody,
  checkoutResponse,
  order,
  ordersResponse,
} from './orders';
import type { orderReturnsResponse, returnRequestBody } from './returns';
import type {
  myReviewResponse,
  reviewCreateBody,
  reviewEditBody,
  reviewSavedResponse,
} from './reviews';
import { type In, type Out, route } from './route-kit';

/**
 * The route table's calls of the account pages (issue 25, point 4): signing in, the account's
 * settings, the checkout and the buyer's orders. With SHOP_ROUTES and SELLER_ROUTES it makes
 * ROUTES (`routes.ts`); a part of its own, loaded with those pages only.
 */

export const ACCOUNT_ROUTES = {
  // ---- signing in (SPEC §7) ----
  login: route<{ response: Out<typeof tokenPair>; json: In<typeof loginBody> }>()(
    'POST',
    '/token/',
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

  // ---- account settings ----
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
  /**
   * 200 a new token pair for this session; every other session of the account ends (its
   * refresh tokens revoked, its access tokens refused at once). 400 `wrongCurrentPassword`.
   */
  changePassword: route<{
    response: Out<typeof passwordChangedResponse>;
    json: In<typeof changePasswordBody>;
  }>()('POST', '/api/account/password/'),

  // ---- saved addresses (the default one is api/set-shipping-address/'s) ----
  addresses: route<{ response: Out<typeof savedAddressesResponse> }>()('GET', '/api/addresses/'),
  /** 201; 409 `tooMany` beyond MAX_SAVED_ADDRESSES. */
  createAddress: route<{
    response: Out<typeof savedAddressSavedResponse>;
    json: In<typeof savedAddressBody>;
  }>()('POST', '/api/addresses/'),
  updateAddress: route<{
    response: Out<typeof savedAddressSavedResponse>;
    json: In<typeof savedAddressPatchBody>;
  }>()('PATCH', '/api/addresses/{addressId}/'),
  /** Deleting the default makes the newest other address the default (none when none is left). */
  deleteAddress: route<{ response: Out<typeof messageResponse> }>()(
    'DELETE',
    '/api/addresses/{addressId}/',
  ),
  setDefaultAddress: route<{ response: Out<typeof savedAddressSavedResponse> }>()(
    'POST',
    '/api/addresses/{addressId}/default/',
  ),

  // ---- checkout ----
  shippingAddress: route<{ response: Out<typeof shippingAddressResponse> }>()(
    'GET',
    '/api/set-shipping-address/',
  ),
  saveShippingAddress: route<{
    response: Out<typeof shippingAddressSavedResponse>;
    json: In<typeof shippingAddressBody>;
  }>()('POST', '/api/set-shipping-address/'),
  /**
   * The payment page for the whole cart. 409 `stockShortResponse` (STOCK_MESSAGES.checkoutShort
   * with `lines`) when a line is beyond what is left: nothing is held, no page (issue 26).
   */
  checkout: route<{ response: Out<typeof checkoutResponse>; json: In<typeof checkoutBody> }>()(
    'POST',
    '/checkout/',
  ),
  /**
   * No body: the buyer cancels their open checkout — its payment page stops taking payment and
   * its brand orders are Canceled; 200 `checkoutCancelled`. 404 when it is not the buyer's open
   * checkout, 409 `alreadyPaid` when it was paid meanwhile.
   */
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
  /**
   * No body: the buyer cancels a paid order not shipped yet (issue 30 point 4): refunded in
   * full, once; the answer is the order. 409 ORDER_CANCEL_MESSAGES past Paid; 404 another's.
   */
  cancelOrder: route<{ response: Out<typeof order> }>()('POST', '/api/orders/{orderId}/cancel/'),

  // ---- the buyer's messages with the brand about an order (decision 0051) ----
  /** The buyer's orders that have messages: how many, the last one's time and side. */
  myOrderMessageSummaries: route<{ response: Out<typeof orderMessageSummariesResponse> }>()(
    'GET',
    '/api/orders/messages/',
  ),
  /** One paid order's thread, oldest first; 404 for an order that is not the buyer's. */
  myOrderMessages: route<{ response: Out<typeof orderMessagesResponse> }>()(
    'GET',
    '/api/orders/{orderId}/messages/',
  ),
  /** 201; the brand is e-mailed. 429 ORDER_MESSAGE_MESSAGES.tooMany past the limits. */
  sendMyOrderMessage: route<{
    response: Out<typeof orderMessageSentResponse>;
    json: In<typeof orderMessageBody>;
  }>()('POST', '/api/orders/{orderId}/messages/'),

  // ---- the buyer's returns (issue 30, decision 0055) ----
  /** One of the buyer's orders' returns, oldest first; 404 for an order that is not theirs. */
  myOrderReturns: route<{ response: Out<typeof orderReturnsResponse> }>()(
    'GET',
    '/api/orders/{orderId}/returns/',
  ),
  /**
   * 201 with the order; the brand is e-mailed. 409 RETURN_MESSAGES (not Delivered, no returns,
   * window closed, one open already); 400 on `items` beyond what can be returned.
   */
  requestReturn: route<{ response: Out<typeof order>; json: In<typeof returnRequestBody> }>()(
    'POST',
    '/api/orders/{orderId}/returns/',
  ),

  // ---- the buyer's reviews (issue 27) ----
  myReview: route<{ response: Out<typeof myReviewResponse> }>()(
    'GET',
    '/api/products/{productId}/reviews/mine/',
  ),
  createReview: route<{
    response: Out<typeof reviewSavedResponse>;
    json: In<typeof reviewCreateBody>;
  }>()('POST', '/api/products/{productId}/reviews/'),
  editReview: route<{
    response: Out<typeof reviewSavedResponse>;
    json: In<typeof reviewEditBody>;
  }>()('PATCH', '/api/reviews/{reviewId}/'),
  deleteReview: route<{ response: Out<typeof messageResponse> }>()(
    'DELETE',
    '/api/reviews/{reviewId}/',
  ),
  reportReview: route<{ response: Out<typeof messageResponse> }>()(
    'POST',
    '/api/reviews/{reviewId}/report/',
  ),
} as const;
