import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/**
 * GET api/follows/new-products/ (auth; decision 0050): the followed brands' newest products
 * for the home row. Personal, so asked in the browser only (the rendered page never is).
 */
export const followedNewProductsQueryOptions = () =>
  getQueryOptions(['follows', 'new-products'], SHOP_ROUTES.followedNewProducts, {
    staleTime: 60_000,
    retry: false,
  });

export function useFollowedNewProducts(enabled: boolean) {
  return useQuery({ ...followedNewProductsQueryOptions(), enabled });
}
