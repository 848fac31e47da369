import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { useAddressesChanged } from './use-addresses-changed';

/** DELETE /api/addresses/{id}/ (the default passes to the newest one left). */
export function useDeleteAddress() {
  const changed = useAddressesChanged();
  return useRouteMutation(
    ACCOUNT_ROUTES.deleteAddress,
    (id: number) => ({ params: { addressId: id } }),
    { onSuccess: changed },
  );
}
