import type { ReviewSort } from '@leafline/contract/reviews-texts';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Every list of a product's reviews (all sorts): what a change of a review invalidates. */
export const reviewsQueryKey = (productId: number) => ['reviews', 'product', productId] as const;

/**
 * GET /api/products/{id}/reviews/?page=&sort= (public): the reviews page by page ("Show more
 * reviews" asks for the next), each page with the product's summary. A new sort keeps the
 * list shown until its first page arrives.
 */
export function useProductReviews(productId: number, sort: ReviewSort) {
  return useInfiniteQuery({
    queryKey: [...reviewsQueryKey(productId), sort],
    queryFn: ({ pageParam, signal }) =>
      apiCall(SHOP_ROUTES.productReviews, {
        params: { productId },
        query: { page: pageParam, sort },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
