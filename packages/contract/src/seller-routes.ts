import type { messageResponse } from './auth';
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
import type { shippingFeesBody, shippingFeesResponse, shippingFeesSavedResponse } from './cart';
import type {
  orderMessageBody,
  orderMessageSentResponse,
  orderMessageSummariesResponse,
  orderMessagesResponse,
} from './order-messages';
import type { partialRefundBody } from './refunds';
import type { orderReturnsResponse, returnDeclineBody } from './returns';
import type {
  reviewReplyBody,
  reviewSavedResponse,
  sellerReviewsQuery,
  sellerReviewsResponse,
} from './reviews';
import { type In, type Out, type Query, route } from './route-kit';
import type {
  orderEventsQuery,
  orderExportQuery,
  payoutLedgerQuery,
  payoutLedgerResponse,
  payoutStatementQuery,
  salesOverviewResponse,
} from './seller-money';
import type {
  sellerOrder,
  sellerOrdersQuery,
  sellerOrdersResponse,
  sellerOrderUpdateBody,
} from './seller-orders';
import type {
  productBulkBody,
  productBulkResponse,
  productImportQuery,
  productImportResponse,
  productSavedResponse,
  productStatusBody,
  sellerProductsQuery,
  sellerProductsResponse,
  stockUpdateBody,
} from './seller-products';
import type {
  shopifyProductSyncQuery,
  shopifyProductSyncResponse,
  shopifyShippingPreviewResponse,
  shopifySyncStatusResponse,
} from './shopify';
import type {
  shopifyImportSettings,
  shopifyImportSettingsBody,
  shopifyStoreProductsQuery,
  shopifyStoreProductsResponse,
} from './shopify-import';
import type { verificationResponse } from './verification';

/**
 * The route table's calls of a business's dashboard (issue 25, point 4): the business, its
 * sales, shipping fees, orders, products and Shopify store. With SHOP_ROUTES and ACCOUNT_ROUTES
 * it makes ROUTES (`routes.ts`); a part of its own, loaded with the dashboard's pages only.
 */

export const SELLER_ROUTES = {
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
  payoutLedger: route<{
    response: Out<typeof payoutLedgerResponse>;
    query: Query<typeof payoutLedgerQuery>;
  }>()('GET', '/api/business/payouts/{businessId}/'),
  /** `text/csv`, read as a file. */
  payoutStatement: route<{ response: string; query: Query<typeof payoutStatementQuery> }>()(
    'GET',
    '/api/business/payouts/{businessId}/statement/',
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
    query: Query<typeof sellerOrdersQuery>;
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
  /** Issue 29, point 3: chosen lines or an amount given back, once per Idempotency-Key. */
  refundSellerOrder: route<{
    response: Out<typeof sellerOrder>;
    json: In<typeof partialRefundBody>;
  }>()('POST', '/api/business/orders/{orderId}/refund/'),
  sellerProducts: route<{
    response: Out<typeof sellerProductsResponse>;
    query: Query<typeof sellerProductsQuery>;
  }>()('GET', '/api/business/products/{businessId}/'),
  /** Issue 29, point 7: status or price of the products picked, all at once. */
  bulkProducts: route<{
    response: Out<typeof productBulkResponse>;
    json: In<typeof productBulkBody>;
  }>()('POST', '/api/business/products/{businessId}/bulk/'),
  /** Issue 29, point 7: the products as CSV, and the same columns imported. */
  exportProducts: route<{ response: string }>()(
    'GET',
    '/api/business/products/{businessId}/export/',
  ),
  importProducts: route<{
    response: Out<typeof productImportResponse>;
    query: Query<typeof productImportQuery>;
    form: true;
  }>()('POST', '/api/business/products/{businessId}/import/'),
  /** Issue 29, point 10: the Verified badge, and the brand's notes sent for review. */
  verification: route<{ response: Out<typeof verificationResponse> }>()(
    'GET',
    '/api/business/verification/{businessId}/',
  ),
  requestVerification: route<{ response: Out<typeof verificationResponse>; form: true }>()(
    'POST',
    '/api/business/verification/{businessId}/',
  ),
  /** The dashboard's quick stock edit of one product (issue 26). */
  updateProductStock: route<{
    response: Out<typeof productSavedResponse>;
    json: In<typeof stockUpdateBody>;
  }>()('PATCH', '/api/products/{productId}/stock/'),
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
  /** Issue 29, point 5: active, draft or archived. */
  updateProductStatus: route<{
    response: Out<typeof productSavedResponse>;
    json: In<typeof productStatusBody>;
  }>()('PATCH', '/api/products/{productId}/status/'),
  /** Issue 29, point 5: a copy of the product, as a draft. */
  duplicateProduct: route<{ response: Out<typeof productSavedResponse> }>()(
    'POST',
    '/api/products/{productId}/duplicate/',
  ),

  // ---- Shopify ----
  /** Issue 29, point 8: the store's active products, a page at a time, to pick from. */
  shopifyStoreProducts: route<{
    response: Out<typeof shopifyStoreProductsResponse>;
    query: Query<typeof shopifyStoreProductsQuery>;
  }>()('GET', '/api/business/shopify-products/{businessId}/'),
  /** Issue 29, point 8: what the sync imports (all, or the products picked) and as what. */
  shopifyImportSettings: route<{ response: Out<typeof shopifyImportSettings> }>()(
    'GET',
    '/api/business/shopify-import/{businessId}/',
  ),
  saveShopifyImportSettings: route<{
    response: Out<typeof shopifyImportSettings>;
    json: In<typeof shopifyImportSettingsBody>;
  }>()('PUT', '/api/business/shopify-import/{businessId}/'),
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
  /** The brand's reviews, newest or lowest first, SELLER_PAGE_SIZE a page (issue 27). */
  sellerReviews: route<{
    response: Out<typeof sellerReviewsResponse>;
    query: Query<typeof sellerReviewsQuery>;
  }>()('GET', '/api/business/reviews/{businessId}/'),
  /** The brand's one answer to a review of its product (issue 27); sent again, it is edited. */
  replyToReview: route<{
    response: Out<typeof reviewSavedResponse>;
    json: In<typeof reviewReplyBody>;
  }>()('POST', '/api/business/reviews/{reviewId}/reply/'),
  /** The business's paid orders that have messages with their buyers (decision 0051). */
  sellerOrderMessageSummaries: route<{ response: Out<typeof orderMessageSummariesResponse> }>()(
    'GET',
    '/api/business/order-messages/{businessId}/',
  ),
  /** One paid order's thread with its buyer, oldest first (the order's owner only). */
  sellerOrderMessages: route<{ response: Out<typeof orderMessagesResponse> }>()(
    'GET',
    '/api/business/orders/{orderId}/messages/',
  ),
  /** 201; the buyer is e-mailed. 429 ORDER_MESSAGE_MESSAGES.tooMany past the limits. */
  sendSellerOrderMessage: route<{
    response: Out<typeof orderMessageSentResponse>;
    json: In<typeof orderMessageBody>;
  }>()('POST', '/api/business/orders/{orderId}/messages/'),
  /** One of the business's orders' returns, oldest first (decision 0055; the order's owner only). */
  sellerOrderReturns: route<{ response: Out<typeof orderReturnsResponse> }>()(
    'GET',
    '/api/business/orders/{orderId}/returns/',
  ),
  /**
   * No body: the brand accepts a requested return — its lines refunded once through the partial
   * refund (RETURN_REFUND_REASON), the buyer e-mailed by it; the answer is the order. 409 once
   * declined; sent again, the same refund.
   */
  acceptReturn: route<{ response: Out<typeof sellerOrder> }>()(
    'POST',
    '/api/business/orders/{orderId}/returns/{returnId}/accept/',
  ),
  /** The brand declines a requested return with a reason the buyer is e-mailed; 409 once decided. */
  declineReturn: route<{ response: Out<typeof sellerOrder>; json: In<typeof returnDeclineBody> }>()(
    'POST',
    '/api/business/orders/{orderId}/returns/{returnId}/decline/',
  ),
} as const;
