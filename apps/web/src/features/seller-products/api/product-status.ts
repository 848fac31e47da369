import type { ProductStatus } from '@leafline/contract/constants';
import type { ProductBulkBody } from '@leafline/contract/seller-products';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { catalogueChanged } from '@/lib/seller/catalogue-changed';

/**
 * PATCH /api/products/{productId}/status/ (owner; issue 29, point 5): the product into the
 * shop or out of it; then, as after any change of the catalogue, the lists are read again and
 * the shop's cached pages dropped.
 */
export function useUpdateProductStatus(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.updateProductStatus,
    ({ productId, status }: { productId: number; status: ProductStatus }) => ({
      params: { productId },
      json: { status },
    }),
    { onSuccess: () => catalogueChanged(queryClient, businessId) },
  );
}

/** POST /api/products/{productId}/duplicate/ (owner; issue 29, point 5): a draft copy. */
export function useDuplicateProduct(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.duplicateProduct,
    (productId: number) => ({ params: { productId } }),
    { onSuccess: () => catalogueChanged(queryClient, businessId) },
  );
}

/** POST /api/business/products/{businessId}/bulk/ (owner; issue 29, point 7). */
export function useBulkProducts(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.bulkProducts,
    (body: ProductBulkBody) => ({ params: { businessId }, json: body }),
    { onSuccess: () => catalogueChanged(queryClient, businessId) },
  );
}
