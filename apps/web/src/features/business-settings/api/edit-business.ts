import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * POST /api/business/edit/{businessId}/ (auth, multipart): name, description, email, website,
 * shipping_strategy, price_range, production, and the `logonew` and `banner` files. After a
 * save the overview and the selector (name, logo) are read again.
 */
export function useEditBusiness(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.editBusiness,
    (formData: FormData) => ({ params: { businessId }, formData }),
    {
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) }),
          queryClient.invalidateQueries({ queryKey: SELLER_KEYS.ownedBusinesses }),
        ]),
    },
  );
}
