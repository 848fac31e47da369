import type { ProductDetail } from '@leafline/contract/catalog';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/products/{id}/: one recommended product (SPEC §7). */
export function getQuizProduct(productId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiCall(SHOP_ROUTES.product, { params: { id: productId }, signal, auth: false });
}

/** The same key as the product page's: a product seen in the results opens at once. */
export const quizProductQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ['catalog', 'product', productId] as const,
    queryFn: ({ signal }) => getQuizProduct(productId, signal),
    staleTime: 5 * 60_000,
  });

export interface PersonaProductsState {
  /** The products that loaded, in the persona's order; failures are left out (SPEC §7). */
  products: ProductDetail[];
  /** How many are still on their way. */
  pending: number;
}

/** The persona's products, each asked for on its own; none is asked for without ids. */
export function usePersonaProducts(productIds: readonly number[]): PersonaProductsState {
  return useQueries({
    queries: productIds.map((id) => quizProductQueryOptions(id)),
    combine: (results) => ({
      products: results.flatMap((result) => (result.data ? [result.data] : [])),
      pending: results.filter((result) => result.isPending).length,
    }),
  });
}
