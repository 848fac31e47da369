import type { ShopifyDisconnectResponse } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** DELETE /api/shopifymanualconnect/{businessId}/ (auth, owner): forget the store and token. */
export function disconnectShopify(businessId: number): Promise<ShopifyDisconnectResponse> {
  return apiCall(SELLER_ROUTES.shopifyDisconnect, { params: { businessId } });
}

/**
 * Once disconnected the overview says so, and the section shows the connect form again. The
 * refetch is not awaited: the caller's own onSuccess (closing the dialog, the toast) runs
 * before the connected view it belongs to goes away.
 */
export function useDisconnectShopify(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectShopify(businessId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) });
    },
  });
}
