import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/orders/{orderId}/messages/ (auth; decision 0051): the thread with the brand. */
export const orderMessagesQueryOptions = (orderId: number) =>
  getQueryOptions(['orders', 'messages', orderId], ACCOUNT_ROUTES.myOrderMessages, {
    request: { params: { orderId } },
    retry: false,
  });
