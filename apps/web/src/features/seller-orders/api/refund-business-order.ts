import { IDEMPOTENCY_KEY_HEADER, type PartialRefundBody } from '@leafline/contract/refunds';
import type { SellerOrder } from '@leafline/contract/seller-orders';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { isApiError } from '@/lib/api-client';
import type { PagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/**
 * POST /api/business/orders/{orderId}/refund/ (issue 29 point 3): lines or an amount given
 * back, once per `requestKey` (the dialog makes one when it opens, so a retry of the same
 * refund — a double click, a lost answer — never refunds twice). The order's card is replaced
 * with the answer; the overview and sales figures are read again. A refusal (502) or a refund
 * at work (409) reads the orders again, so the card shows where it stands.
 */
export function useRefundBusinessOrder(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.refundSellerOrder,
    ({
      orderId,
      body,
      requestKey,
    }: {
      orderId: number;
      body: PartialRefundBody;
      requestKey: string;
    }) => ({
      params: { orderId },
      json: body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: requestKey },
    }),
    {
      onSuccess: (saved) => {
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
      },
      onError: (error) => {
        if (isApiError(error, 502) || isApiError(error, 409)) {
          void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
        }
      },
    },
  );
}
