import type { ProductSavedResponse } from '@leafline/contract/seller-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';

/** PUT /api/products/{productId}/edit/ (owner; SPEC §7): the same multipart as add. */
export function editProduct(productId: number, form: FormData): Promise<ProductSavedResponse> {
  return apiFetch<ProductSavedResponse>(`/api/products/${productId}/edit/`, {
    method: 'PUT',
    formData: form,
    timeoutMs: 120_000,
  });
}

export function useEditProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, form }: { productId: number; form: FormData }) =>
      editProduct(productId, form),
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
