import type { CartResponse, SetCartQuantityResponse } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@/lib/api/get-cart';
import { apiCall } from '@/lib/api-client';
import { withQuantity } from '../lib/cart-math';

export interface UpdateCartQuantityInput {
  itemId: number;
  /** 0 to 99; 0 removes the line. */
  quantity: number;
}

/** PATCH /api/cart/items/{itemId}/ {quantity} (auth; decision 0006). */
export function updateCartQuantity({
  itemId,
  quantity,
}: UpdateCartQuantityInput): Promise<SetCartQuantityResponse> {
  return apiCall(SHOP_ROUTES.setCartQuantity, {
    params: { itemId },
    json: { quantity },
  });
}

const mutationKey = ['cart', 'quantity'] as const;

/**
 * The quantity changes on screen at once; a failure puts the cart back as it was. The cart
 * is read again once the last change in flight settles (the server's prices and shipping).
 */
export function useUpdateCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: updateCartQuantity,
    onMutate: async ({ itemId, quantity }) => {
      await queryClient.cancelQueries({ queryKey: cartQueryKey });
      const previous = queryClient.getQueryData<CartResponse | null>(cartQueryKey);
      if (previous) {
        queryClient.setQueryData(cartQueryKey, withQuantity(previous, itemId, quantity));
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous !== undefined) {
        queryClient.setQueryData(cartQueryKey, context.previous);
      }
    },
    onSettled: () => {
      // This mutation still counts itself; refetching while another change is in flight
      // would show an old quantity for a moment.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        return queryClient.invalidateQueries({ queryKey: cartQueryKey });
      }
    },
  });
}
