import type { CartResponse } from '@leafline/contract/cart';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isApiError } from '@/lib/api-client';

/**
 * The cart's one place in the query cache: the cart page, the checkout and the header's item
 * count read it here, so a change on one shows on all.
 */
export const cartQueryKey = ['cart'] as const;

/**
 * GET /api/cart/ (auth). An empty cart is a 404 'Cart is empty' (decision 0006) or a cart
 * without items: both read as null, a state rather than an error.
 */
export async function getCart(signal?: AbortSignal): Promise<CartResponse | null> {
  try {
    const cart = await apiCall(SHOP_ROUTES.cart, { signal });
    return cart.items.length > 0 ? cart : null;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => getCart(signal),
    retry: false,
  });

export function useCart(enabled = true) {
  return useQuery({ ...cartQueryOptions(), enabled });
}
