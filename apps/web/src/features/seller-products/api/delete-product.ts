import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';

/** DELETE /api/products/{productId}/delete/ (owner; SPEC §7). */
export function deleteProduct(productId: number): Promise<unknown> {
  return apiCall(SELLER_ROUTES.deleteProduct, { params: { productId } });
}

export function useDeleteProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
