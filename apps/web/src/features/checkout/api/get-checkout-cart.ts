import type { CartResponse } from '@leafline/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api-client';

/**
 * The same cache entry as the cart page's GET /api/cart/ (features do not import each other,
 * so each has its fetcher; both answer `CartResponse | null`): a change on one page shows on
 * the other, and the header's item count follows both.
 */
export const checkoutCartQueryKey = ['cart'] as const;

/** GET /api/cart/ (auth): the cart priced now; an empty cart (404 'Cart is empty') is null. */
export async function getCheckoutCart(signal?: AbortSignal): Promise<CartResponse | null> {
  try {
    const cart = await apiFetch<CartResponse>('/api/cart/', { signal });
    return cart.items.length > 0 ? cart : null;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const checkoutCartQueryOptions = () =>
  queryOptions({
    queryKey: checkoutCartQueryKey,
    queryFn: ({ signal }) => getCheckoutCart(signal),
    retry: false,
  });

export function useCheckoutCart() {
  return useQuery(checkoutCartQueryOptions());
}
