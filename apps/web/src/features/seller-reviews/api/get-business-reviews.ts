import type { SellerReview } from '@leafline/contract/reviews';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCallWithHeaders } from '@/lib/api-client';
import { type PagedList, toPagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** Which reviews first: the newest, or the lowest ratings (those most worth an answer). */
export type ReviewsOrder = 'newest' | 'lowest';

/**
 * GET /api/business/reviews/{businessId}/?page=&sort= (owner; issue 27): a page of the reviews
 * of the business's products, with the total in `X-Total-Count`.
 */
export function businessReviewsQuery(businessId: number, page: number, sort: ReviewsOrder) {
  return queryOptions({
    queryKey: SELLER_KEYS.reviewsPage(businessId, sort, page),
    queryFn: async ({ signal }): Promise<PagedList<SellerReview>> => {
      const { data, headers } = await apiCallWithHeaders(SELLER_ROUTES.sellerReviews, {
        params: { businessId },
        query: { page, sort },
        signal,
      });
      return toPagedList(data, headers);
    },
    placeholderData: keepPreviousData,
  });
}

export const useBusinessReviews = (businessId: number, page: number, sort: ReviewsOrder) =>
  useQuery(businessReviewsQuery(businessId, page, sort));
