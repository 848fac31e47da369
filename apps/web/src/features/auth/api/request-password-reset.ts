import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { MessageResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /auth/password-reset/: answers the same whether or not the e-mail is known. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiCall(ACCOUNT_ROUTES.passwordReset, {
    json: { email },
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
