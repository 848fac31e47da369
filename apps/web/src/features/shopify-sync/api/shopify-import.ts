import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import type { ShopifyImportSettings } from '@leafline/contract/shopify-import';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * Shopify: what the product sync imports (issue 29 point 8). GET and PUT
 * /api/business/shopify-import/{businessId}/ (owner): all active products or those picked, new
 * ones active or as drafts.
 */
export function useShopifyImportSettings(businessId: number) {
  return useQuery({
    queryKey: SELLER_KEYS.shopifyImport(businessId),
    queryFn: ({ signal }) =>
      apiCall(SELLER_ROUTES.shopifyImportSettings, { params: { businessId }, signal }),
    retry: false,
  });
}

/** Saves the choice; the settings' answer replaces the cached one, the picker reads again. */
export function useSaveShopifyImportSettings(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.saveShopifyImportSettings,
    (body: ShopifyImportSettings) => ({ params: { businessId }, json: body }),
    {
      onSuccess: (saved) => {
        queryClient.setQueryData(SELLER_KEYS.shopifyImport(businessId), saved);
        void queryClient.invalidateQueries({
          queryKey: SELLER_KEYS.shopifyStoreProducts(businessId),
        });
      },
    },
  );
}

/**
 * GET /api/business/shopify-products/{businessId}/?after= (owner): the store's active products,
 * a page at a time ("Show more products" reads the next), only while the picker is open.
 */
export function useShopifyStoreProducts(businessId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: SELLER_KEYS.shopifyStoreProducts(businessId),
    queryFn: ({ pageParam, signal }) =>
      apiCall(SELLER_ROUTES.shopifyStoreProducts, {
        params: { businessId },
        query: { after: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled,
    retry: false,
  });
}
