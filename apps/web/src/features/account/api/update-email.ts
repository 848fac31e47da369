import type { EmailBody } from '@leafline/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { type AccountEmail, accountEmailQueryKey } from './get-account-email';

export interface UpdateEmailResponse {
  message: string;
  email?: string;
}

/** PATCH /update-email/: a new e-mail address. */
export function updateEmail(body: EmailBody): Promise<UpdateEmailResponse> {
  return apiFetch<UpdateEmailResponse>('/update-email/', { method: 'PATCH', json: body });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (result, body) => {
      queryClient.setQueryData<AccountEmail>(accountEmailQueryKey, {
        email: result?.email ?? body.email,
      });
    },
  });
}
