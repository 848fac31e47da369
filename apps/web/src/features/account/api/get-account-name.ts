import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { NameResponse } from '@leafline/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /update-name/: the user's first and last name. */
export function getAccountName(signal?: AbortSignal): Promise<NameResponse> {
  return apiCall(ACCOUNT_ROUTES.accountName, { signal });
}

export const accountNameQueryKey = ['account', 'name'] as const;

export const accountNameQueryOptions = () =>
  queryOptions({
    queryKey: accountNameQueryKey,
    queryFn: ({ signal }) => getAccountName(signal),
    retry: false,
  });

export function useAccountName(enabled = true) {
  return useQuery({ ...accountNameQueryOptions(), enabled });
}
