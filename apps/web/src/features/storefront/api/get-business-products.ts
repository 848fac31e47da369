import type { StorefrontProductsResponse } from '@leafline/contract/catalog';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/products-by-business/{id}/?page=: 10 products a page, newest first. */
export function getBusinessProducts(
  businessId: number,
  page: number,
  signal?: AbortSignal,
): Promise<StorefrontProductsResponse> {
  return apiCall(SHOP_ROUTES.storefrontProducts, {
    params: { id: businessId },
    query: { page },
    signal,
  });
}

export const businessProductsQueryOptions = (businessId: number, page: number) =>
  queryOptions({
    queryKey: ['catalog', 'business-products', businessId, page] as const,
    queryFn: ({ signal }) => getBusinessProducts(businessId, page, signal),
    staleTime: 5 * 60_000,
  });

/** Keeps the last page on screen while the next one loads (no jump to a skeleton). */
export function useBusinessProducts(businessId: number | null, page: number) {
  return useQuery({
    ...businessProductsQueryOptions(businessId ?? 0, page),
    enabled: businessId !== null,
    placeholderData: keepPreviousData,
  });
}
