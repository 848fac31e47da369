import type { SellerOrder, SellerOrderUpdateBody } from '@leafline/contract/seller-orders';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { isApiError } from '@/lib/api-client';
import type { PagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * PATCH /api/business/orders/edit/{orderId}/ (owner; SPEC §7): status, tracking, notes.
 * SPEC §4: after saving, the order's row is replaced with the server's answer; the overview's
 * figures (orders to ship, payouts) and the sales block (orders by status, refunds) are read
 * again, and after a refund that restocks (issue 26) the products list too. A refund the
 * provider refused (502) or one under way (409) reads the orders again, so the card shows the
 * refund's state and reason.
 */
/**
 * A saved order's answer in every cached page of the list (its card replaced in place), and the
 * overview's and sales block's figures read again: after a save and after a refund.
 */
export function orderSaved(queryClient: QueryClient, businessId: number, saved: SellerOrder) {
  queryClient.setQueriesData<PagedList<SellerOrder>>(
    { queryKey: SELLER_KEYS.orders(businessId) },
    (list) =>
      list && {
        ...list,
        items: list.items.map((order) => (order.id === saved.id ? saved : order)),
      },
  );
  void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.overview(businessId) });
  void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.sales(businessId) });
}

export function useUpdateBusinessOrder(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.updateSellerOrder,
    ({ orderId, body }: { orderId: number; body: SellerOrderUpdateBody }) => ({
      params: { orderId },
      json: body,
    }),
    {
      onSuccess: (saved, { body }) => {
        orderSaved(queryClient, businessId, saved);
        // A refund that restocks changes the counts the products list shows (issue 26).
        if (body.restock) {
          void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.products(businessId) });
        }
      },
      onError: (error) => {
        if (isApiError(error, 502) || isApiError(error, 409)) {
          void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
        }
      },
    },
  );
}
