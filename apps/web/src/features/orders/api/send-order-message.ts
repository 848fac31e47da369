import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { apiCall } from '@/lib/api-client';

/** POST /api/orders/{orderId}/messages/ (auth; decision 0051): a message to the brand. */
export const sendOrderMessage = (orderId: number, body: string) =>
  apiCall(ACCOUNT_ROUTES.sendMyOrderMessage, { params: { orderId }, json: { body } });
