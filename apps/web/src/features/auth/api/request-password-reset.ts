import type { MessageResponse } from '@leafline/contract/auth';
import { ROUTES } from '@leafline/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /auth/password-reset/: answers the same whether or not the e-mail is known. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiCall(ROUTES.passwordReset, {
    json: { email },
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
