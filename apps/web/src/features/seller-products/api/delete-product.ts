import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';

/** DELETE /api/products/{productId}/delete/ (owner; SPEC §7). */
export function deleteProduct(productId: number): Promise<unknown> {
  return apiFetch(`/api/products/${productId}/delete/`, { method: 'DELETE' });
}

export function useDeleteProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
