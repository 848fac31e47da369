import type { ShopifyManualConnectBody } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** POST /api/shopifymanualconnect/{businessId}/ (auth, owner): store URL and access token. */
export function connectShopify(
  businessId: number,
  body: ShopifyManualConnectBody,
): Promise<unknown> {
  return apiCall(SELLER_ROUTES.shopifyConnect, { params: { businessId }, json: body });
}

/** Once connected the overview says so, and the section shows the connected view. */
export function useConnectShopify(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopifyManualConnectBody) => connectShopify(businessId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) }),
  });
}
