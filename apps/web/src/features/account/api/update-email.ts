import type { EmailBody, EmailResponse, EmailUpdatedResponse } from '@leafline/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEmailQueryKey } from '@/lib/api/get-account-email';
import { apiFetch } from '@/lib/api-client';

/** PATCH /update-email/: a new e-mail address. */
export function updateEmail(body: EmailBody): Promise<EmailUpdatedResponse> {
  return apiFetch<EmailUpdatedResponse>('/update-email/', { method: 'PATCH', json: body });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: (result, body) => {
      queryClient.setQueryData<EmailResponse>(accountEmailQueryKey, {
        email: result?.email ?? body.email,
      });
    },
  });
}
