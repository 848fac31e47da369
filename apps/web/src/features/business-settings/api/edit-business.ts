import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { uploadForm } from '@/lib/upload-form';

/**
 * POST /api/business/edit/{businessId}/ (auth, multipart): name, description, email, website,
 * shipping_strategy, price_range, production, and the `logonew` and `banner` files.
 */
export function editBusiness(businessId: number, form: FormData): Promise<unknown> {
  return uploadForm(SELLER_ROUTES.editBusiness, { params: { businessId }, formData: form });
}

/** After a save the overview and the selector (name, logo) are read again. */
export function useEditBusiness(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => editBusiness(businessId, form),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) }),
        queryClient.invalidateQueries({ queryKey: SELLER_KEYS.ownedBusinesses }),
      ]),
  });
}
