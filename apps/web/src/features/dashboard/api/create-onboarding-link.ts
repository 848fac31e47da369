import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useRouteMutation } from '@/lib/api/route-mutation';

export interface OnboardingLinkTarget {
  /** The business's payout account, when it has one. */
  accountId: string | null;
  businessId: number;
}

/**
 * POST /api/api/stripe/onboarding-link/ (auth): a fresh payout-setup link, by `account_id`,
 * or by `business_id` for a business registered before it had an account.
 */
export const useCreateOnboardingLink = () =>
  useRouteMutation(
    SELLER_ROUTES.onboardingLink,
    ({ accountId, businessId }: OnboardingLinkTarget) => ({
      json: accountId ? { account_id: accountId } : { business_id: businessId },
    }),
  );
