import type { CartItemChangedResponse } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface AddToCartInput {
  productId: number;
  /** The picked variant; null for a product without variants. */
  variantId: number | null;
}

/** POST /add-to-cart/{productId}/ {variant_id} (auth): one more of this product in the cart. */
export function addToCart({
  productId,
  variantId,
}: AddToCartInput): Promise<CartItemChangedResponse> {
  return apiCall(SHOP_ROUTES.addToCart, {
    params: { productId },
    json: { variant_id: variantId },
  });
}

/**
 * The cart's cache entry (GET /api/cart/, kept by the cart feature; features do not import
 * each other): read again after an add, so the header's item count follows.
 */
const cartQueryKey = ['cart'] as const;

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
