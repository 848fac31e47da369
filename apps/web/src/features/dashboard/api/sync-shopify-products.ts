import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { catalogueChanged } from '../lib/catalogue-changed';

/**
 * GET /api/sync-from-shopify-opt/{businessId}/ (auth, owner): imports the Shopify store's
 * products; `clear_with_shopify_sync=true` first removes products made by earlier syncs.
 */
export function syncShopifyProducts(businessId: number, clearPrevious: boolean): Promise<unknown> {
  return apiFetch(`/api/sync-from-shopify-opt/${businessId}/`, {
    query: { clear_with_shopify_sync: clearPrevious ? 'true' : undefined },
    // A store's whole catalogue: this can take a while.
    timeoutMs: 120_000,
  });
}

export function useSyncShopifyProducts(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clearPrevious: boolean) => syncShopifyProducts(businessId, clearPrevious),
    // Products were added, changed or removed: as after the product form.
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
