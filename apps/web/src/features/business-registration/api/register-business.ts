import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';

/**
 * POST /api/registerbiz/ (auth, multipart): the business fields, plus `logo` and `banner`
 * files. Answers where to go next: the payout onboarding link, or null.
 */
export function useRegisterBusiness() {
  const queryClient = useQueryClient();
  return useRouteMutation(SELLER_ROUTES.registerBusiness, (formData: FormData) => ({ formData }), {
    // The user now has a business: whatever was read about it (the account's dashboard link,
    // the dashboard's list) is out of date. Not awaited: the browser leaves for Stripe now.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
