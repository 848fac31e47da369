import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { apiCall } from '@/lib/api-client';

/** POST /api/business/orders/{orderId}/messages/ (owner; decision 0051): a message to the buyer. */
export const sendBusinessOrderMessage = (orderId: number, body: string) =>
  apiCall(SELLER_ROUTES.sendSellerOrderMessage, { params: { orderId }, json: { body } });
