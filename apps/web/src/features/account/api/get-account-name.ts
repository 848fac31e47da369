import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AccountName {
  first_name: string;
  last_name: string;
}

/** GET /update-name/: the user's first and last name. */
export function getAccountName(signal?: AbortSignal): Promise<AccountName> {
  return apiFetch<AccountName>('/update-name/', { signal });
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
