import type { CartResponse } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@/lib/api/get-cart';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { withQuantity } from '../lib/cart-math';

export interface UpdateCartQuantityInput {
  itemId: number;
  /** 0 to 99; 0 removes the line. */
  quantity: number;
}

const mutationKey = ['cart', 'quantity'] as const;

/**
 * PATCH /api/cart/items/{itemId}/ {quantity} (auth; decision 0006). The quantity changes on
 * screen at once; a failure puts the cart back as it was. The cart is read again once the last
 * change in flight settles (the server's prices and shipping).
 */
export function useUpdateCartQuantity() {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SHOP_ROUTES.setCartQuantity,
    ({ itemId, quantity }: UpdateCartQuantityInput) => ({ params: { itemId }, json: { quantity } }),
    {
      mutationKey,
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
    },
  );
}
