import { type ShippingFeesResponse, shippingFeesResponse } from '@leafline/contract/cart';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * GET /api/sync-shopify-shipping-fees/{businessId}/ (auth, owner): copies the store's delivery
 * rates into the business's shipping-fee setting and answers it (the `api/shipping-fees` shape).
 */
export function syncShopifyShippingFees(businessId: number): Promise<ShippingFeesResponse> {
  return apiCall(SELLER_ROUTES.shopifyShippingSync, {
    params: { businessId },
    timeoutMs: 60_000,
  });
}

/** The logistics section shows the new fees: the answer is kept, and read again when shown. */
export function useSyncShopifyShippingFees(businessId: number) {
  const queryClient = useQueryClient();
  const key = SELLER_KEYS.shippingFees(businessId);
  return useMutation({
    mutationFn: () => syncShopifyShippingFees(businessId),
    onSuccess: async (answer) => {
      const fees = shippingFeesResponse.safeParse(answer);
      if (fees.success) queryClient.setQueryData<ShippingFeesResponse>(key, fees.data);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
