import type { ProductSavedResponse } from '@leafline/contract/seller-products';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';
import { uploadForm } from '@/lib/upload-form';

/** POST /api/add-product/{businessId}/ (owner; SPEC §7): the product form as multipart. */
export function addProduct(businessId: number, form: FormData): Promise<ProductSavedResponse> {
  return uploadForm(SELLER_ROUTES.addProduct, { params: { businessId }, formData: form });
}

export function useAddProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => addProduct(businessId, form),
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
