import type { FollowsResponse } from '@leafline/contract/favorites';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';
import { apiCall } from '@/lib/api-client';

/** The brands the shopper follows (decision 0050): GET api/follows/ (auth). */
export const followsQueryKey = ['follows'] as const;

export const followsQueryOptions = () =>
  getQueryOptions(followsQueryKey, SHOP_ROUTES.follows, { staleTime: 60_000, retry: false });

export function useFollows(enabled: boolean) {
  return useQuery({ ...followsQueryOptions(), enabled });
}

/**
 * Follows (POST api/follows/) or unfollows (DELETE api/follows/{businessId}/) a brand; the
 * list is updated after, and the home row of their new products asked again.
 */
export function useSetFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ businessId, follow }: { businessId: number; follow: boolean }) => {
      if (follow) {
        const { business } = await apiCall(SHOP_ROUTES.follow, {
          json: { business_id: businessId },
        });
        return business;
      }
      await apiCall(SHOP_ROUTES.unfollow, { params: { businessId } });
      return null;
    },
    onSuccess: (business, { businessId }) => {
      queryClient.setQueryData<FollowsResponse>(followsQueryKey, (old) => {
        const rest = (old?.results ?? []).filter((b) => b.id !== businessId);
        return { results: business ? [business, ...rest] : rest };
      });
      void queryClient.invalidateQueries({ queryKey: ['follows', 'new-products'] });
    },
  });
}
