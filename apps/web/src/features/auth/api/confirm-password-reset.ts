import type { MessageResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface ConfirmPasswordResetInput {
  uid: string;
  token: string;
  password: string;
  password2: string;
}

/** POST /auth/password-reset-confirm/{uid}/{token}/: sets the new password. */
export function confirmPasswordReset({
  uid,
  token,
  password,
  password2,
}: ConfirmPasswordResetInput): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(
    `/auth/password-reset-confirm/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
    { method: 'POST', json: { password, password2 }, auth: false },
  );
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
