import type { MessageResponse } from '@leafline/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** DELETE /delete-account/: removes the account for good. */
export function deleteAccount(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/delete-account/', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
