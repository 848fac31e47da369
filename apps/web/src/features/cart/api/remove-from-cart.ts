import type { CartResponse } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@/lib/api/get-cart';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { withQuantity } from '../lib/cart-math';

export interface RemoveFromCartInput {
  /** The line being removed (to update the screen). */
  itemId: number;
  productId: number;
  /** The line's variant; null for a product without options. */
  variantId: number | null;
}

/**
 * DELETE /api/remove-from-cart/{productId}/ {variant_id} (auth; SPEC §7). The line leaves the
 * cached cart once the server confirms, then the cart is read again.
 */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SHOP_ROUTES.removeFromCart,
    ({ productId, variantId }: RemoveFromCartInput) => ({
      params: { productId },
      json: { variant_id: variantId },
    }),
    {
      onSuccess: (_result, { itemId }) => {
        const cart = queryClient.getQueryData<CartResponse | null>(cartQueryKey);
        if (cart) queryClient.setQueryData(cartQueryKey, withQuantity(cart, itemId, 0));
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      },
    },
  );
}
