import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import type { ShopifySyncRun, ShopifySyncStatusResponse } from '@leafline/contract/shopify';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** How often the progress of a queued or running product sync is read again. */
export const SHOPIFY_SYNC_POLL_MS = 1_000;

/** Whether a product sync is still to finish (queued or running). */
export function isSyncActive(run: ShopifySyncRun | null | undefined): run is ShopifySyncRun {
  return run?.status === 'queued' || run?.status === 'running';
}

/** GET /api/business/shopify-sync/{businessId}/ (auth, owner): the latest product sync. */
export function getShopifySync(
  businessId: number,
  signal?: AbortSignal,
): Promise<ShopifySyncStatusResponse> {
  return apiCall(SELLER_ROUTES.shopifySyncStatus, { params: { businessId }, signal });
}

/**
 * The latest product sync, read again every second while it is queued or running (also after
 * a reload: the run lives on the server). When a run this page watched ends, products were
 * added, changed or removed: the products list, the overview and the shop are read again.
 */
export function useShopifySync(businessId: number) {
  const queryClient = useQueryClient();
  const key = SELLER_KEYS.shopifySync(businessId);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ShopifySyncStatusResponse>(key)?.sync;
      const answer = await getShopifySync(businessId, signal);
      const after = answer?.sync ?? null;
      if (isSyncActive(before) && !(after?.id === before.id && isSyncActive(after))) {
        void catalogueChanged(queryClient, businessId);
      }
      return { sync: after };
    },
    retry: false,
    refetchInterval: (query) =>
      isSyncActive(query.state.data?.sync) ? SHOPIFY_SYNC_POLL_MS : false,
  });
}
