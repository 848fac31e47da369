import type { MessageResponse } from '@leafline/contract/auth';
import { ROUTES } from '@leafline/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** DELETE /delete-account/: removes the account for good. */
export function deleteAccount(): Promise<MessageResponse> {
  return apiCall(ROUTES.deleteAccount);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
