import type { CartResponse } from '@leafline/contract/cart';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryNotice } from '@/components/ui/retry-notice';
import { EmptyCart } from './empty-cart';

export interface CartStatesProps {
  /** The one cart query (`@/lib/api/get-cart`). */
  cart: UseQueryResult<CartResponse | null>;
  /** Shown while the cart (or, with `waiting`, something else the page needs) loads. */
  skeleton: ReactNode;
  waiting?: boolean;
  /** The page's text when the cart cannot be read; Try again reads it again. */
  loadFailed: string;
  /** The page's words for an empty cart. */
  empty: { title: string; text: string; action: string };
  /** The page itself, once there is a cart with lines. */
  children: (cart: CartResponse) => ReactNode;
}

/** The states the cart and the checkout page share: loading, failed, empty, then the cart. */
export function CartStates({
  cart,
  skeleton,
  waiting,
  loadFailed,
  empty,
  children,
}: CartStatesProps) {
  if (cart.isPending || waiting) return skeleton;
  if (cart.isError) {
    return (
      <RetryNotice
        message={loadFailed}
        onRetry={() => void cart.refetch()}
        retrying={cart.isFetching}
        className="mt-6"
      />
    );
  }
  if (!cart.data) return <EmptyCart {...empty} />;
  return children(cart.data);
}
