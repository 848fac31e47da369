import type { UserHasBusinessResponse } from '@leafline/contract/auth';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/user-has-business/: whether to show the Business Dashboard link. */
export function getUserHasBusiness(signal?: AbortSignal): Promise<UserHasBusinessResponse> {
  return apiCall(SHOP_ROUTES.userHasBusiness, { signal });
}

export const userHasBusinessQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'has-business'],
    queryFn: ({ signal }) => getUserHasBusiness(signal),
    retry: false,
  });

export function useUserHasBusiness(enabled = true) {
  return useQuery({ ...userHasBusinessQueryOptions(), enabled });
}
