import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { ChangePasswordBody } from '@leafline/contract/auth';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { setTokens } from '@/lib/auth-tokens';

/**
 * POST /api/account/password/: every other session ends; this one keeps going with the new
 * token pair of the answer (its old tokens ended with the old password).
 */
export function useChangePassword() {
  return useRouteMutation(ACCOUNT_ROUTES.changePassword, (json: ChangePasswordBody) => ({ json }), {
    onSuccess: ({ access, refresh }) => setTokens({ access, refresh }),
  });
}
