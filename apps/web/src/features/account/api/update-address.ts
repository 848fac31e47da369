import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { SavedAddressPatchBody } from '@leafline/contract/addresses';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { useAddressesChanged } from './use-addresses-changed';

/** PATCH /api/addresses/{id}/: the fields of one saved address. */
export function useUpdateAddress() {
  const changed = useAddressesChanged();
  return useRouteMutation(
    ACCOUNT_ROUTES.updateAddress,
    ({ id, ...json }: SavedAddressPatchBody & { id: number }) => ({
      params: { addressId: id },
      json,
    }),
    { onSuccess: changed },
  );
}
