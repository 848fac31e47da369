import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { EmailBody, EmailResponse, NameBody, NameResponse } from '@leafline/contract/auth';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { accountEmailQueryKey } from '@/lib/api/get-account-email';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { accountNameQueryKey } from './get-account-name';

/** A change of the account whose answer, or without one what was sent, is shown at once. */
function useShowSaved<T>(key: QueryKey) {
  const queryClient = useQueryClient();
  return (saved: T) => queryClient.setQueryData<T>(key, saved);
}

/** PUT /update-name/: first and last name, both required. */
export function useUpdateName() {
  const show = useShowSaved<NameResponse>(accountNameQueryKey);
  return useRouteMutation(ACCOUNT_ROUTES.updateName, (json: NameBody) => ({ json }), {
    onSuccess: (answer, body) =>
      show({
        first_name: answer?.first_name ?? body.first_name,
        last_name: answer?.last_name ?? body.last_name,
      }),
  });
}

/** PATCH /update-email/: a new e-mail address. */
export function useUpdateEmail() {
  const show = useShowSaved<EmailResponse>(accountEmailQueryKey);
  return useRouteMutation(ACCOUNT_ROUTES.updateEmail, (json: EmailBody) => ({ json }), {
    onSuccess: (answer, body) => show({ email: answer?.email ?? body.email }),
  });
}
