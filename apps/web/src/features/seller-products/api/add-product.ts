import type { ProductSavedResponse } from '@leafline/contract/seller-products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';

/** POST /api/add-product/{businessId}/ (owner; SPEC §7): the product form as multipart. */
export function addProduct(businessId: number, form: FormData): Promise<ProductSavedResponse> {
  // Uploads can take a while on a phone's network.
  return apiFetch<ProductSavedResponse>(`/api/add-product/${businessId}/`, {
    method: 'POST',
    formData: form,
    timeoutMs: 120_000,
  });
}

export function useAddProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => addProduct(businessId, form),
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
