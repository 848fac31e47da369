import type { ProductDetail } from '@leafline/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/products/{id}/: one product with its images and live variants (404 when unknown). */
export function getProduct(productId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiFetch<ProductDetail>(`/api/products/${productId}/`, { signal });
}

export const productQueryKey = (productId: number) => ['catalog', 'product', productId] as const;

export const productQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: productQueryKey(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    staleTime: 5 * 60_000,
  });

/** Disabled for ids that cannot exist: the page says 'Product not found' without asking. */
export function useProduct(productId: number | null) {
  return useQuery({
    ...productQueryOptions(productId ?? 0),
    enabled: productId !== null,
  });
}
