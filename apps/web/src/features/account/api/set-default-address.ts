import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { useAddressesChanged } from './use-addresses-changed';

/** POST /api/addresses/{id}/default/: the address the checkout ships to. */
export function useSetDefaultAddress() {
  const changed = useAddressesChanged();
  return useRouteMutation(
    ACCOUNT_ROUTES.setDefaultAddress,
    (id: number) => ({ params: { addressId: id } }),
    { onSuccess: changed },
  );
}
