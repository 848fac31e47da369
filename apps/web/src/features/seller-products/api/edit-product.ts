import type { ProductSavedResponse } from '@leafline/contract/seller-products';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';
import { uploadForm } from '@/lib/upload-form';

/** PUT /api/products/{productId}/edit/ (owner; SPEC §7): the same multipart as add. */
export function editProduct(productId: number, form: FormData): Promise<ProductSavedResponse> {
  return uploadForm(SELLER_ROUTES.editProduct, { params: { productId }, formData: form });
}

export function useEditProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, form }: { productId: number; form: FormData }) =>
      editProduct(productId, form),
    onSuccess: () => catalogueChanged(queryClient, businessId),
  });
}
