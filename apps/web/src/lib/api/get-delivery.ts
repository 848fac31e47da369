import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';
import { useHasAccessToken } from '@/lib/auth-tokens';

/**
 * GET api/businesses/{businessId}/delivery/ (decision 0052): a brand's shipping, delivery
 * estimate and returns for the shopper's country — their default address's when signed in (the
 * token goes with it), else US. Kept apart from the cached, server-rendered product and
 * storefront answers; asked in the browser only, so a signed-in shopper sees their own country.
 */
export const deliveryQueryKey = (businessId: number, signedIn: boolean) =>
  ['delivery', businessId, signedIn ? 'account' : 'guest'] as const;

export function useDelivery(businessId: number) {
  const signedIn = useHasAccessToken();
  return useQuery({
    ...getQueryOptions(deliveryQueryKey(businessId, signedIn), SHOP_ROUTES.businessDelivery, {
      request: { params: { businessId } },
      staleTime: 5 * 60_000,
      retry: false,
    }),
  });
}
