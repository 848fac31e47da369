import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';
import { apiCall } from '@/lib/api-client';

export const awaitingPaymentQueryKey = ['orders', 'awaiting-payment'] as const;

/** GET /api/orders/awaiting-payment/ (auth): the buyer's checkout still waiting for payment. */
export const awaitingPaymentQueryOptions = () =>
  getQueryOptions(awaitingPaymentQueryKey, ACCOUNT_ROUTES.awaitingPayment, {
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
      apiCall(ACCOUNT_ROUTES.cancelCheckout, { params: { checkoutId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
