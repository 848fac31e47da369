import type { OnboardingLinkResponse } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export interface OnboardingLinkTarget {
  /** The business's payout account, when it has one. */
  accountId: string | null;
  businessId: number;
}

/**
 * POST /api/api/stripe/onboarding-link/ (auth): a fresh payout-setup link, by `account_id`,
 * or by `business_id` for a business registered before it had an account.
 */
export function createOnboardingLink({
  accountId,
  businessId,
}: OnboardingLinkTarget): Promise<OnboardingLinkResponse> {
  return apiCall(SELLER_ROUTES.onboardingLink, {
    json: accountId ? { account_id: accountId } : { business_id: businessId },
  });
}

export function useCreateOnboardingLink() {
  return useMutation({ mutationFn: createOnboardingLink });
}
