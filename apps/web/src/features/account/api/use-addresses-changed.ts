import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { cartQueryKey } from '@/lib/api/get-cart';
import { shippingAddressQueryKey } from '@/lib/shipping-address';
import { addressesQueryKey } from './get-addresses';

/**
 * After a change of the saved addresses: the list read again, and what depends on the default
 * (the checkout's address, the cart's shipping country) too.
 */
export function useAddressesChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
      queryClient.invalidateQueries({ queryKey: shippingAddressQueryKey }),
      queryClient.invalidateQueries({ queryKey: cartQueryKey }),
    ]);
  }, [queryClient]);
}
