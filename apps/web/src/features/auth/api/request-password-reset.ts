import type { MessageResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/password-reset/: answers the same whether or not the e-mail is known. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/password-reset/', {
    method: 'POST',
    json: { email },
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
