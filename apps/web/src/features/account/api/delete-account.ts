import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** DELETE /delete-account/: removes the account for good. */
export function deleteAccount(): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/delete-account/', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
