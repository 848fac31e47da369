import type { CartResponse } from '@leafline/contract/cart';
import type { CartPromoResponse } from '@leafline/contract/promo-codes';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { cartQueryKey } from './get-cart';

/**
 * POST /api/cart/promo/ {code} (auth; docs/decisions/0056): the code against the cart as it is
 * now — the discount and each brand's share. A code that does not work is a 400 whose text goes
 * next to the field.
 */
export function checkPromoCode(code: string, signal?: AbortSignal): Promise<CartPromoResponse> {
  return apiCall(SHOP_ROUTES.cartPromo, { json: { code }, signal });
}

/**
 * The check for a code and a cart: under the cart's key (a change to the cart reads it again)
 * and the cart's amounts, so a new quantity asks again.
 */
export const cartPromoQueryOptions = (code: string, cart: CartResponse) =>
  queryOptions({
    queryKey: [
      ...cartQueryKey,
      'promo',
      code,
      cart.subtotal,
      cart.total_shipping_fees,
      cart.item_count,
    ] as const,
    queryFn: ({ signal }) => checkPromoCode(code, signal),
    retry: false,
    staleTime: 60_000,
  });

/** The chosen code checked against `cart` (nothing asked without a code). */
export function useCartPromo(code: string | null, cart: CartResponse) {
  return useQuery({
    ...cartPromoQueryOptions(code ?? '', cart),
    enabled: code !== null,
    placeholderData: keepPreviousData,
  });
}
