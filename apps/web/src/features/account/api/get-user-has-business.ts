import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface UserHasBusiness {
  has_business: boolean;
}

/** GET /api/user-has-business/: whether to show the Business Dashboard link. */
export function getUserHasBusiness(signal?: AbortSignal): Promise<UserHasBusiness> {
  return apiFetch<UserHasBusiness>('/api/user-has-business/', { signal });
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
