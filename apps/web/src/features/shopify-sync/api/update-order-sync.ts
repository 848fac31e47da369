import type { BusinessOverview } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** PUT /api/business/overview/{businessId}/ {shopify_order_sync}: the order-sync toggle. */
export function updateOrderSync(businessId: number, enabled: boolean): Promise<unknown> {
  return apiCall(SELLER_ROUTES.updateBusinessOverview, {
    params: { businessId },
    json: { shopify_order_sync: enabled },
  });
}

/**
 * SPEC §4: the toggle flips at once (the overview in the cache changes before the call) and
 * flips back when the call fails.
 */
export function useUpdateOrderSync(businessId: number) {
  const queryClient = useQueryClient();
  const key = SELLER_KEYS.overview(businessId);
  return useMutation({
    mutationFn: (enabled: boolean) => updateOrderSync(businessId, enabled),
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BusinessOverview>(key);
      if (before)
        queryClient.setQueryData<BusinessOverview>(key, { ...before, shopify_order_sync: enabled });
      return { previous: before?.shopify_order_sync };
    },
    onError: (_error, _enabled, context) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<BusinessOverview>(key, (current) =>
        current ? { ...current, shopify_order_sync: previous } : current,
      );
    },
  });
}
