import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { NameBody, NameResponse, NameUpdatedResponse } from '@leafline/contract/auth';
import { apiCall } from '@/lib/api-client';
import { useAccountChange } from './account-change';
import { accountNameQueryKey } from './get-account-name';

/** PUT /update-name/: first and last name, both required. */
export function updateName(body: NameBody): Promise<NameUpdatedResponse> {
  return apiCall(ACCOUNT_ROUTES.updateName, { json: body });
}

export const useUpdateName = () =>
  useAccountChange(
    updateName,
    accountNameQueryKey,
    (answer, body): NameResponse => ({
      first_name: answer?.first_name ?? body.first_name,
      last_name: answer?.last_name ?? body.last_name,
    }),
  );
