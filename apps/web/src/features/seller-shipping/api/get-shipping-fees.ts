import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQuery } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerQuery } from '@/lib/seller/seller-queries';

/** GET /api/shipping-fees/{businessId}/ (auth, owner): the business's shipping-fee setting. */
export const shippingFeesQueryOptions = (businessId: number) =>
  sellerQuery(SELLER_KEYS.shippingFees(businessId), SELLER_ROUTES.shippingFees, { businessId });

export function useShippingFees(businessId: number) {
  return useQuery(shippingFeesQueryOptions(businessId));
}
