import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQuery } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/overview/{businessId}/ (auth, owner): the profile, payouts and figures. */
export const businessOverviewQueryOptions = (businessId: number) =>
  sellerQuery(SELLER_KEYS.overview(businessId), SELLER_ROUTES.businessOverview, { businessId });

export function useBusinessOverview(businessId: number) {
  return useQuery(businessOverviewQueryOptions(businessId));
}
