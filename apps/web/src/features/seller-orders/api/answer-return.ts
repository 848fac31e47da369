import type { ReturnDeclineBody } from '@leafline/contract/returns';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { isApiError } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';
import { orderSaved } from './update-business-order';

/** A refusal (decided meanwhile, a refund at work or refused): the orders read again. */
function refused(queryClient: QueryClient, businessId: number, error: unknown) {
  if (isApiError(error, 409) || isApiError(error, 502)) {
    void queryClient.invalidateQueries({ queryKey: SELLER_KEYS.orders(businessId) });
  }
}

/**
 * POST /api/business/orders/{orderId}/returns/{returnId}/accept/ (decision 0055): the return's
 * lines refunded once, however often it is sent; the card replaced with the answer.
 */
export function useAcceptReturn(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.acceptReturn,
    ({ orderId, returnId }: { orderId: number; returnId: number }) => ({
      params: { orderId, returnId },
    }),
    {
      onSuccess: (saved) => orderSaved(queryClient, businessId, saved),
      onError: (error) => refused(queryClient, businessId, error),
    },
  );
}

/** POST …/returns/{returnId}/decline/: declined with the brand's reason, the buyer e-mailed. */
export function useDeclineReturn(businessId: number) {
  const queryClient = useQueryClient();
  return useRouteMutation(
    SELLER_ROUTES.declineReturn,
    ({
      orderId,
      returnId,
      body,
    }: {
      orderId: number;
      returnId: number;
      body: ReturnDeclineBody;
    }) => ({
      params: { orderId, returnId },
      json: body,
    }),
    {
      onSuccess: (saved) => orderSaved(queryClient, businessId, saved),
      onError: (error) => refused(queryClient, businessId, error),
    },
  );
}
