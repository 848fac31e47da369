import type { EmailBody, EmailResponse, EmailUpdatedResponse } from '@leafline/contract/auth';
import { ROUTES } from '@leafline/contract/routes';
import { accountEmailQueryKey } from '@/lib/api/get-account-email';
import { apiCall } from '@/lib/api-client';
import { useAccountChange } from './account-change';

/** PATCH /update-email/: a new e-mail address. */
export function updateEmail(body: EmailBody): Promise<EmailUpdatedResponse> {
  return apiCall(ROUTES.updateEmail, { json: body });
}

export const useUpdateEmail = () =>
  useAccountChange(
    updateEmail,
    accountEmailQueryKey,
    (answer, body): EmailResponse => ({
      email: answer?.email ?? body.email,
    }),
  );
