import { ROUTES } from '@leafline/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /logout/: revokes the refresh token on the server. */
export function logout(refreshToken: string): Promise<unknown> {
  return apiCall(ROUTES.logout, {
    json: { refresh_token: refreshToken },
    auth: false,
    timeoutMs: 10_000,
  });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
