import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { EmailBody, EmailResponse, EmailUpdatedResponse } from '@leafline/contract/auth';
import { accountEmailQueryKey } from '@/lib/api/get-account-email';
import { apiCall } from '@/lib/api-client';
import { useAccountChange } from './account-change';

/** PATCH /update-email/: a new e-mail address. */
export function updateEmail(body: EmailBody): Promise<EmailUpdatedResponse> {
  return apiCall(ACCOUNT_ROUTES.updateEmail, { json: body });
}

export const useUpdateEmail = () =>
  useAccountChange(
    updateEmail,
    accountEmailQueryKey,
    (answer, body): EmailResponse => ({
      email: answer?.email ?? body.email,
    }),
  );
