import { useCart } from '@/lib/api/get-cart';
import { getRefreshToken, useHasAccessToken } from '@/lib/auth-tokens';
import { cartAmountParam } from '../lib/refinements';

/**
 * The shopper's cart subtotal as the shop's address writes dollars ('42', '42.50'): '0' for a
 * visitor, an empty cart or a cart that cannot be read; undefined while it loads. The cart is
 * the one the header counts (same query), so usually it is already there.
 */
export function useCartAmount(): string | undefined {
  const loggedIn = useHasAccessToken();
  // As the header: only a session that can be renewed asks (a lone access token must not
  // send anyone to /login from the shop).
  const enabled = loggedIn && getRefreshToken() !== null;
  const cart = useCart(enabled);
  if (!enabled) return '0';
  if (cart.isPending) return undefined;
  return cartAmountParam(cart.data?.subtotal);
}
