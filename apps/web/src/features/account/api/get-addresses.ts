import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { SavedAddressesResponse } from '@leafline/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/addresses/: the saved addresses, the default first. */
export function getAddresses(signal?: AbortSignal): Promise<SavedAddressesResponse> {
  return apiCall(ACCOUNT_ROUTES.addresses, { signal });
}

export const addressesQueryKey = ['account', 'addresses'] as const;

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressesQueryKey,
    queryFn: ({ signal }) => getAddresses(signal),
    retry: false,
  });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
