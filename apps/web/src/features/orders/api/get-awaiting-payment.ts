import type { MessageResponse } from '@leafline/contract/auth';
import {
  AWAITING_PAYMENT_PATH,
  type AwaitingPaymentResponse,
  cancelCheckoutPath,
} from '@leafline/contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';
import { apiFetch } from '@/lib/api-client';

export const awaitingPaymentQueryKey = ['orders', 'awaiting-payment'] as const;

/** GET /api/orders/awaiting-payment/ (auth): the buyer's checkout still waiting for payment. */
export const awaitingPaymentQueryOptions = () =>
  getQueryOptions<AwaitingPaymentResponse>(awaitingPaymentQueryKey, AWAITING_PAYMENT_PATH, {
    retry: false,
  });

export function useAwaitingPayment(enabled = true) {
  return useQuery({ ...awaitingPaymentQueryOptions(), enabled });
}

/**
 * POST checkout/{checkoutId}/cancel/ (auth): the buyer cancels the payment waiting; My Orders
 * reads both lists again (the entry goes, nothing else changes).
 */
export function useCancelCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: number) =>
      apiFetch<MessageResponse>(cancelCheckoutPath(checkoutId), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
