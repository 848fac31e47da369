import type { BusinessOverview } from '@leafline/contract/business';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * PUT /api/business/overview/{businessId}/ {shopify_order_sync}: the order-sync toggle.
 * SPEC §4: the toggle flips at once (the overview in the cache changes before the call) and
 * flips back when the call fails.
 */
export function useUpdateOrderSync(businessId: number) {
  const queryClient = useQueryClient();
  const key = SELLER_KEYS.overview(businessId);
  const show = (enabled: boolean) =>
    queryClient.setQueryData<BusinessOverview>(key, (current) =>
      current ? { ...current, shopify_order_sync: enabled } : current,
    );
  return useRouteMutation(
    SELLER_ROUTES.updateBusinessOverview,
    (enabled: boolean) => ({ params: { businessId }, json: { shopify_order_sync: enabled } }),
    {
      onMutate: async (enabled) => {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<BusinessOverview>(key)?.shopify_order_sync;
        show(enabled);
        return { previous };
      },
      onError: (_error, _enabled, context) => {
        if (context?.previous !== undefined) show(context.previous);
      },
    },
  );
}
