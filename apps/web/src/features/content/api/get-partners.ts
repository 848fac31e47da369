import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/partners/: the six partner organisations, in page order (SPEC §1). */
export const partnersQueryOptions = () =>
  getQueryOptions(['content', 'partners'], SHOP_ROUTES.partners, {
    request: { auth: false },
    staleTime: 30 * 60_000,
  });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}
