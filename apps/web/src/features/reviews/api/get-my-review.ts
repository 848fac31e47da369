import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

export const myReviewQueryKey = (productId: number) => ['reviews', 'mine', productId] as const;

/**
 * GET /api/products/{id}/reviews/mine/ (signed in): whether this account may review the
 * product, and its review when it wrote one. Not asked for a visitor.
 */
export function useMyReview(productId: number, signedIn: boolean) {
  return useQuery({
    ...getQueryOptions(myReviewQueryKey(productId), ACCOUNT_ROUTES.myReview, {
      request: { params: { productId } },
    }),
    enabled: signedIn,
  });
}
