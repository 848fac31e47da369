import type { RegisterBusinessResponse } from '@leafline/contract/business';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * POST /api/registerbiz/ (auth, multipart): the business fields, plus `logo` and `banner`
 * files. Answers where to go next: the payout onboarding link, or null.
 */
export function registerBusiness(form: FormData): Promise<RegisterBusinessResponse> {
  return apiFetch<RegisterBusinessResponse>('/api/registerbiz/', {
    method: 'POST',
    formData: form,
    // Two images may be on their way up over a phone's connection.
    timeoutMs: 120_000,
  });
}

export function useRegisterBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerBusiness,
    // The user now has a business: whatever was read about it (the account's dashboard link,
    // the dashboard's list) is out of date. Not awaited: the browser leaves for Stripe now.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
