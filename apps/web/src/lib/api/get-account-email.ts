import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { EmailResponse } from '@leafline/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * GET /update-email/ (auth): the user's e-mail, for account settings and for the quiz's results
 * e-mail after a login by username. Every session start empties the cache (the login page, the
 * quiz panel), so an address is never read from someone else's session.
 */
export function getAccountEmail(signal?: AbortSignal): Promise<EmailResponse> {
  return apiCall(ACCOUNT_ROUTES.accountEmail, { signal });
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
