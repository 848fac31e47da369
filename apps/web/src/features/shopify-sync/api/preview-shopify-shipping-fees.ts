import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import type { ShopifyShippingPreview } from '@leafline/contract/shopify';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * GET /api/sync-shopify-shipping-fees/{businessId}/preview/ (auth, owner): what the
 * shipping-fee sync would change, read from the store; nothing is saved (decision 0026).
 */
export function previewShopifyShippingFees(businessId: number): Promise<ShopifyShippingPreview> {
  return apiCall(SELLER_ROUTES.shopifyShippingPreview, {
    params: { businessId },
    timeoutMs: 60_000,
  });
}

/** Asked when the owner clicks Sync shipping fees: always read afresh, never from a cache. */
export function usePreviewShopifyShippingFees(businessId: number) {
  return useMutation({ mutationFn: () => previewShopifyShippingFees(businessId) });
}
