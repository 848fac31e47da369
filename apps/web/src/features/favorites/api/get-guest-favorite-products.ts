import type { ProductSummary } from '@leafline/contract/catalog';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isApiError } from '@/lib/api-client';

/**
 * The products a signed-out shopper hearted (decision 0050), read one by one from the public
 * product page's call (GET api/products/{id}/) — at most FAVORITE_LIMITS.mergeMax, in the order
 * saved. One the shop no longer shows (404) is left out.
 */
export async function getGuestFavoriteProducts(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<ProductSummary[]> {
  const products = await Promise.all(
    ids.map(async (id): Promise<ProductSummary | null> => {
      try {
        const p = await apiCall(SHOP_ROUTES.product, { params: { id }, signal });
        return {
          id: p.id,
          name: p.name,
          price: p.price,
          business: p.business,
          business_name: p.business_name,
          condition: p.condition,
          primary_image: p.primary_image,
          product_category: p.product_category,
          stock: p.stock,
          sold_out: p.sold_out,
          rating_average: p.rating_average,
          rating_count: p.rating_count,
        };
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    }),
  );
  return products.filter((p): p is ProductSummary => p !== null);
}

export const guestFavoriteProductsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['favorites', 'guest', ...ids],
    queryFn: ({ signal }) => getGuestFavoriteProducts(ids, signal),
    // Removing one keeps the others on screen while the shorter list loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useGuestFavoriteProducts(ids: readonly number[], enabled: boolean) {
  return useQuery({ ...guestFavoriteProductsQueryOptions(ids), enabled });
}
