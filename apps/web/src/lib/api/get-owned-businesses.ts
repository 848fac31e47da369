import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQuery } from '@tanstack/react-query';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { sellerQuery } from '@/lib/seller/seller-queries';

/** GET /api/business/dashboard/ (auth): the businesses the user owns, in `businesses`. */
export function useOwnedBusinesses() {
  return useQuery(sellerQuery(SELLER_KEYS.ownedBusinesses, SELLER_ROUTES.ownedBusinesses));
}
