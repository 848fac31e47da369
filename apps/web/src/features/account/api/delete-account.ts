import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { MessageResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** DELETE /delete-account/: removes the account for good. */
export function deleteAccount(): Promise<MessageResponse> {
  return apiCall(ACCOUNT_ROUTES.deleteAccount);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
