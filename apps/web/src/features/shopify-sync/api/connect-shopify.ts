import type { ShopifyManualConnectBody } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * POST /api/shopifymanualconnect/{businessId}/ (auth, owner): store URL and access token. Once
 * connected the overview says so, and the section shows the connected view.
 */
export function useConnectShopify(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.shopifyConnect,
    (json: ShopifyManualConnectBody) => ({ params: { businessId }, json }),
    {
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) }),
    },
  );
}
