import type { NameBody } from '@leafline/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { type AccountName, accountNameQueryKey } from './get-account-name';

export interface UpdateNameResponse extends Partial<AccountName> {
  message: string;
}

/** PUT /update-name/: first and last name, both required. */
export function updateName(body: NameBody): Promise<UpdateNameResponse> {
  return apiFetch<UpdateNameResponse>('/update-name/', { method: 'PUT', json: body });
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (result, body) => {
      queryClient.setQueryData<AccountName>(accountNameQueryKey, {
        first_name: result?.first_name ?? body.first_name,
        last_name: result?.last_name ?? body.last_name,
      });
    },
  });
}
