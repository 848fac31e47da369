import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /logout/: revokes the refresh token on the server. */
export function logout(refreshToken: string): Promise<unknown> {
  return apiCall(ACCOUNT_ROUTES.logout, {
    json: { refresh_token: refreshToken },
    auth: false,
    timeoutMs: 10_000,
  });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
