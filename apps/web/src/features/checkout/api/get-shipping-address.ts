import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { ShippingAddress } from '@leafline/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isApiError } from '@/lib/api-client';
import { shippingAddressQueryKey } from '@/lib/shipping-address';

/** GET /api/set-shipping-address/ (auth): the saved address; none saved (404) is null. */
export async function getShippingAddress(signal?: AbortSignal): Promise<ShippingAddress | null> {
  try {
    return await apiCall(ACCOUNT_ROUTES.shippingAddress, { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const shippingAddressQueryOptions = () =>
  queryOptions({
    queryKey: shippingAddressQueryKey,
    queryFn: ({ signal }) => getShippingAddress(signal),
    retry: false,
  });

export function useShippingAddress() {
  return useQuery(shippingAddressQueryOptions());
}
