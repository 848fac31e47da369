import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

/** GET /api/publicbusinesses/: every open business, by name; read without a token. */
export const publicBusinessesQueryOptions = () =>
  getQueryOptions(['businesses', 'public'], SHOP_ROUTES.publicBusinesses, {
    request: { auth: false },
    staleTime: 10 * 60_000,
  });
export const usePublicBusinesses = () => useQuery(publicBusinessesQueryOptions());
