import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';

/** POST /api/add-product/{businessId}/ (owner; SPEC §7): the product form as multipart. */
export function useAddProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.addProduct,
    (formData: FormData) => ({ params: { businessId }, formData }),
    { onSuccess: () => catalogueChanged(queryClient, businessId) },
  );
}

/** PUT /api/products/{productId}/edit/ (owner; SPEC §7): the same multipart as add. */
export function useEditProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.editProduct,
    ({ productId, form }: { productId: number; form: FormData }) => ({
      params: { productId },
      formData: form,
    }),
    { onSuccess: () => catalogueChanged(queryClient, businessId) },
  );
}
