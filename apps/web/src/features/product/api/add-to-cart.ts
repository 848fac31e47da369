import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';

export interface AddToCartInput {
  productId: number;
  /** The picked variant; null for a product without variants. */
  variantId: number | null;
}

/**
 * The cart's cache entry (GET /api/cart/, kept by the cart feature; features do not import
 * each other): read again after an add, so the header's item count follows.
 */
const cartQueryKey = ['cart'] as const;

/** POST /add-to-cart/{productId}/ {variant_id} (auth): one more of this product in the cart. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SHOP_ROUTES.addToCart,
    ({ productId, variantId }: AddToCartInput) => ({
      params: { productId },
      json: { variant_id: variantId },
    }),
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }) },
  );
}
