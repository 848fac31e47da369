import type { ShippingFeesBody } from '@leafline/contract/cart';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** POST /api/shipping-fees/{businessId}/ (auth, owner): replaces the whole setting. */
export function useSaveShippingFees(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.saveShippingFees,
    (json: ShippingFeesBody) => ({ params: { businessId }, json }),
    {
      onSuccess: ({ message: _message, ...saved }) =>
        queryClient.setQueryData(SELLER_KEYS.shippingFees(businessId), saved),
    },
  );
}
