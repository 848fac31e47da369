import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

export const productQueryKey = (productId: number) => ['catalog', 'product', productId] as const;

/** GET /api/products/{id}/: one product with its images and live variants (404 when unknown). */
export const productQueryOptions = (productId: number) =>
  getQueryOptions(productQueryKey(productId), SHOP_ROUTES.product, {
    request: { params: { id: productId } },
    staleTime: 5 * 60_000,
  });

/** Disabled for ids that cannot exist: the page says 'Product not found' without asking. */
export function useProduct(productId: number | null) {
  return useQuery({
    ...productQueryOptions(productId ?? 0),
    enabled: productId !== null,
  });
}
