import type { EmailResponse } from '@leafline/contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * GET /update-email/ (auth): the e-mail of the account just logged in to. The login form
 * asks only for a username, and the results e-mail needs an address.
 */
export function getAccountEmail(signal?: AbortSignal): Promise<EmailResponse> {
  return apiFetch<EmailResponse>('/update-email/', { signal });
}

/** Read once, right after logging in: never kept, the next session may be someone else's. */
export const accountEmailQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'email'] as const,
    queryFn: ({ signal }) => getAccountEmail(signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
