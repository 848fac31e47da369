import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { SavedAddressBody } from '@leafline/contract/addresses';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { useAddressesChanged } from './use-addresses-changed';

/** POST /api/addresses/: another saved address (the first is the default). */
export function useCreateAddress() {
  const changed = useAddressesChanged();
  return useRouteMutation(ACCOUNT_ROUTES.createAddress, (json: SavedAddressBody) => ({ json }), {
    onSuccess: changed,
  });
}
