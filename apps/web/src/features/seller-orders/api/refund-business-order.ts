import { IDEMPOTENCY_KEY_HEADER, type PartialRefundBody } from '@leafline/contract/refunds';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { isApiError } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { orderSaved } from './update-business-order';

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
      onSuccess: (saved) => orderSaved(queryClient, businessId, saved),
      onError: (error) => {
        if (isApiError(error, 502) || isApiError(error, 409)) {
          void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
        }
      },
    },
  );
}
