import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** POST /api/business/reviews/{reviewId}/reply/ (owner): the brand's one answer, or its edit. */
export function useReplyToReview(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.replyToReview,
    ({ reviewId, body }: { reviewId: number; body: string }) => ({
      params: { reviewId },
      json: { body },
    }),
    {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: SELLER_KEYS.reviews(businessId) }),
    },
  );
}
