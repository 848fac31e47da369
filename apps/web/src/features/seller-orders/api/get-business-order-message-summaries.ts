import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQuery } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerQuery } from '@/lib/seller/seller-queries';

/**
 * GET /api/business/order-messages/{businessId}/ (owner; decision 0051): the business's orders
 * that have messages with their buyers, and how many.
 */
export const businessOrderMessageSummariesQueryOptions = (businessId: number) =>
  sellerQuery(SELLER_KEYS.orderMessages(businessId), SELLER_ROUTES.sellerOrderMessageSummaries, {
    businessId,
  });

export function useBusinessOrderMessageSummaries(businessId: number) {
  return useQuery(businessOrderMessageSummariesQueryOptions(businessId));
}
