import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/orders/{orderId}/messages/ (owner; decision 0051): the thread with the buyer. */
export const businessOrderMessagesQueryOptions = (businessId: number, orderId: number) =>
  sellerQuery(
    [...SELLER_KEYS.orderMessages(businessId), orderId],
    SELLER_ROUTES.sellerOrderMessages,
    {
      orderId,
    },
  );
