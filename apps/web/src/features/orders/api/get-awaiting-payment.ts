import { AWAITING_PAYMENT_PATH, type AwaitingPaymentResponse } from '@leafline/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const awaitingPaymentQueryKey = ['orders', 'awaiting-payment'] as const;

/** GET /api/orders/awaiting-payment/ (auth): the buyer's checkout still waiting for payment. */
export function getAwaitingPayment(signal?: AbortSignal): Promise<AwaitingPaymentResponse> {
  return apiFetch<AwaitingPaymentResponse>(AWAITING_PAYMENT_PATH, { signal });
}

export const awaitingPaymentQueryOptions = () =>
  queryOptions({
    queryKey: awaitingPaymentQueryKey,
    queryFn: ({ signal }) => getAwaitingPayment(signal),
    retry: false,
  });

export function useAwaitingPayment(enabled = true) {
  return useQuery({ ...awaitingPaymentQueryOptions(), enabled });
}
