import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { ReviewCreateBody, ReviewEditBody } from '@leafline/contract/reviews';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { myReviewQueryKey } from './get-my-review';
import { reviewsQueryKey } from './get-reviews';

/**
 * The product's cache entry (GET /api/products/{id}/, kept by the product feature; features do
 * not import each other): read again after a change, so its rating and count follow.
 */
const productQueryKey = (productId: number) => ['catalog', 'product', productId] as const;

/** After any change of a review: the lists, the buyer's own review and the product's rating. */
function useReviewsChanged(productId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [reviewsQueryKey(productId), myReviewQueryKey(productId), productQueryKey(productId)].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/products/{id}/reviews/ {rating, title?, body} (a buyer, once). */
export function useCreateReview(productId: number) {
  const changed = useReviewsChanged(productId);
  return useRouteMutation(
    ACCOUNT_ROUTES.createReview,
    (json: ReviewCreateBody) => ({ params: { productId }, json }),
    { onSuccess: changed },
  );
}

/** PATCH /api/reviews/{id}/ (its author): what changes. */
export function useEditReview(productId: number) {
  const changed = useReviewsChanged(productId);
  return useRouteMutation(
    ACCOUNT_ROUTES.editReview,
    ({ reviewId, json }: { reviewId: number; json: ReviewEditBody }) => ({
      params: { reviewId },
      json,
    }),
    { onSuccess: changed },
  );
}

/** DELETE /api/reviews/{id}/ (its author). */
export function useDeleteReview(productId: number) {
  const changed = useReviewsChanged(productId);
  return useRouteMutation(
    ACCOUNT_ROUTES.deleteReview,
    (reviewId: number) => ({ params: { reviewId } }),
    { onSuccess: changed },
  );
}

/** POST /api/reviews/{id}/report/ (signed in, not one's own): enough reports hide it. */
export function useReportReview(productId: number) {
  const changed = useReviewsChanged(productId);
  return useRouteMutation(
    ACCOUNT_ROUTES.reportReview,
    (reviewId: number) => ({ params: { reviewId }, json: {} }),
    { onSuccess: changed },
  );
}
