import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { MessageResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

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
  return apiCall(ACCOUNT_ROUTES.passwordResetConfirm, {
    params: { uid, token },
    json: { password, password2 },
    auth: false,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
