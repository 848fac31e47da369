import type { MessageResponse } from '@leafline/contract/auth';
import type { CartResponse } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@/lib/api/get-cart';
import { apiCall } from '@/lib/api-client';
import { withQuantity } from '../lib/cart-math';

export interface RemoveFromCartInput {
  /** The line being removed (to update the screen). */
  itemId: number;
  productId: number;
  /** The line's variant; null for a product without options. */
  variantId: number | null;
}

/** DELETE /api/remove-from-cart/{productId}/ {variant_id} (auth; SPEC §7). */
export function removeFromCart({
  productId,
  variantId,
}: RemoveFromCartInput): Promise<MessageResponse> {
  return apiCall(SHOP_ROUTES.removeFromCart, {
    params: { productId },
    json: { variant_id: variantId },
  });
}

/** Removes the line from the cached cart once the server confirms, then reads the cart again. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (_result, { itemId }) => {
      const cart = queryClient.getQueryData<CartResponse | null>(cartQueryKey);
      if (cart) queryClient.setQueryData(cartQueryKey, withQuantity(cart, itemId, 0));
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}
