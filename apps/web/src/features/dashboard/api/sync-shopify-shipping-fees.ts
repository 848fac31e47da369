import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { shippingFeesQueryKey } from './get-shipping-fees';

/** GET /api/sync-shopify-shipping-fees/{businessId}/ (auth, owner): takes Shopify's rates. */
export function syncShopifyShippingFees(businessId: number): Promise<unknown> {
  return apiFetch(`/api/sync-shopify-shipping-fees/${businessId}/`, { timeoutMs: 60_000 });
}

export function useSyncShopifyShippingFees(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncShopifyShippingFees(businessId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey(businessId) }),
  });
}
