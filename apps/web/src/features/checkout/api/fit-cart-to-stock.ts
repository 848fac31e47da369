import type { CartItem } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@/lib/api/get-cart';
import { apiCall } from '@/lib/api-client';

/**
 * Checkout's one-click fix of a cart beyond what is left (issue 26): each marked line set to
 * what is left (PATCH /api/cart/items/{id}/; 0 removes it), then the cart read again.
 */
export function useFitCartToStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: readonly CartItem[]) => {
      for (const item of items) {
        if (item.available_quantity === null) continue;
        await apiCall(SHOP_ROUTES.setCartQuantity, {
          params: { itemId: item.id },
          json: { quantity: item.available_quantity },
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
