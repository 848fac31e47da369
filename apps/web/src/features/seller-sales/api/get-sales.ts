import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQuery } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/sales/{businessId}/ (auth, owner): sales by day and week, payout totals. */
export const salesQueryOptions = (businessId: number) =>
  sellerQuery(SELLER_KEYS.sales(businessId), SELLER_ROUTES.sales, { businessId });

export function useSales(businessId: number) {
  return useQuery(salesQueryOptions(businessId));
}
