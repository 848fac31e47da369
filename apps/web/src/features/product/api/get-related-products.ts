import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/**
 * GET /api/products-by-business/{id}/: the first page (10, newest first) of the business's
 * products, from which the product page picks its 'more from this brand' cards. Same key
 * shape as the storefront's first page, so the two share the cached answer.
 */
export const relatedProductsQueryOptions = (businessId: number) =>
  getQueryOptions(['catalog', 'business-products', businessId, 1], SHOP_ROUTES.storefrontProducts, {
    request: { params: { id: businessId }, query: { page: 1 } },
    staleTime: 5 * 60_000,
  });

export function useRelatedProducts(businessId: number | undefined) {
  return useQuery({
    ...relatedProductsQueryOptions(businessId ?? 0),
    enabled: businessId !== undefined,
  });
}
