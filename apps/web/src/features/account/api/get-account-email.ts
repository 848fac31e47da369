import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AccountEmail {
  email: string;
}

/** GET /update-email/: the user's e-mail. */
export function getAccountEmail(signal?: AbortSignal): Promise<AccountEmail> {
  return apiFetch<AccountEmail>('/update-email/', { signal });
}

export const accountEmailQueryKey = ['account', 'email'] as const;

export const accountEmailQueryOptions = () =>
  queryOptions({
    queryKey: accountEmailQueryKey,
    queryFn: ({ signal }) => getAccountEmail(signal),
    retry: false,
  });

export function useAccountEmail(enabled = true) {
  return useQuery({ ...accountEmailQueryOptions(), enabled });
}
