import type { NameBody, NameResponse, NameUpdatedResponse } from '@leafline/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { accountNameQueryKey } from './get-account-name';

/** PUT /update-name/: first and last name, both required. */
export function updateName(body: NameBody): Promise<NameUpdatedResponse> {
  return apiFetch<NameUpdatedResponse>('/update-name/', { method: 'PUT', json: body });
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (result, body) => {
      queryClient.setQueryData<NameResponse>(accountNameQueryKey, {
        first_name: result?.first_name ?? body.first_name,
        last_name: result?.last_name ?? body.last_name,
      });
    },
  });
}
