import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import type { ShopifySyncStatusResponse } from '@leafline/contract/shopify';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * GET /api/sync-from-shopify-opt/{businessId}/ (auth, owner): starts a product sync in the
 * background and answers at once with it (202), or with the one already queued or running
 * (200). `clear_with_shopify_sync=true` also removes the products that are not in the store.
 * The started run becomes the latest sync at once, so its progress is followed from there.
 */
export function useStartShopifyProductSync(businessId: number) {
  const queryClient = useQueryClient();
  const key = SELLER_KEYS.shopifySync(businessId);
  return useRouteMutation(
    SELLER_ROUTES.shopifyProductSync,
    (clear: boolean) => ({
      params: { businessId },
      query: { clear_with_shopify_sync: clear ? 'true' : undefined },
    }),
    {
      onSuccess: async (answer) => {
        // A read of the status that left before the start must not put the older run back.
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<ShopifySyncStatusResponse>(key, { sync: answer?.sync ?? null });
      },
    },
  );
}
