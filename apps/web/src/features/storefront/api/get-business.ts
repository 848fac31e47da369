import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/business/{id}/: the public face of a business (404 'Business not found'). */
export const businessQueryOptions = (businessId: number) =>
  getQueryOptions(['catalog', 'business', businessId], SHOP_ROUTES.publicBusiness, {
    request: { params: { id: businessId } },
    staleTime: 5 * 60_000,
  });

export function useBusiness(businessId: number | null) {
  return useQuery({ ...businessQueryOptions(businessId ?? 0), enabled: businessId !== null });
}
