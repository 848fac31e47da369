import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type {
  ShippingAddress,
  ShippingAddressBody,
  ShippingAddressSavedResponse,
} from '@leafline/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@/lib/api/get-cart';
import { apiCall } from '@/lib/api-client';
import { shippingAddressQueryKey } from '@/lib/shipping-address';

/** POST /api/set-shipping-address/ (auth): the one address of the user (SPEC §3, §5). */
export function saveShippingAddress(
  body: ShippingAddressBody,
): Promise<ShippingAddressSavedResponse> {
  return apiCall(ACCOUNT_ROUTES.saveShippingAddress, { json: body });
}

/** Keeps the saved address, and reads the cart again: shipping is priced for its country. */
export function useSaveShippingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingAddress,
    onSuccess: ({ message: _message, ...address }) => {
      queryClient.setQueryData<ShippingAddress | null>(shippingAddressQueryKey, address);
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}
