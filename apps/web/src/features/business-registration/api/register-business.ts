import type { RegisterBusinessResponse } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '@/lib/upload-form';

/**
 * POST /api/registerbiz/ (auth, multipart): the business fields, plus `logo` and `banner`
 * files. Answers where to go next: the payout onboarding link, or null.
 */
export function registerBusiness(form: FormData): Promise<RegisterBusinessResponse> {
  return uploadForm(SELLER_ROUTES.registerBusiness, { formData: form });
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
