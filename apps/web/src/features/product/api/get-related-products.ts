import type { StorefrontProductsResponse } from '@leafline/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * GET /api/products-by-business/{id}/: the first page (10, newest first) of the business's
 * products, from which the product page picks its 'more from this brand' cards. Same key
 * shape as the storefront's first page, so the two share the cached answer.
 */
export function getBusinessProductsFirstPage(
  businessId: number,
  signal?: AbortSignal,
): Promise<StorefrontProductsResponse> {
  return apiFetch<StorefrontProductsResponse>(`/api/products-by-business/${businessId}/`, {
    query: { page: 1 },
    signal,
  });
}

export const relatedProductsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['catalog', 'business-products', businessId, 1] as const,
    queryFn: ({ signal }) => getBusinessProductsFirstPage(businessId, signal),
    staleTime: 5 * 60_000,
  });

export function useRelatedProducts(businessId: number | undefined) {
  return useQuery({
    ...relatedProductsQueryOptions(businessId ?? 0),
    enabled: businessId !== undefined,
  });
}
