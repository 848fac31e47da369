import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { Order } from '@leafline/contract/orders';
import type { ReturnRequestBody } from '@leafline/contract/returns';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { ordersQueryKey } from './get-orders';

/**
 * POST /api/orders/{orderId}/returns/ (decision 0055): the buyer asks to return lines of a
 * Delivered order. The answer (the order with its return) replaces it in My Orders; a refusal
 * reads the orders again, so a card the brand changed meanwhile shows where it stands.
 */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useRouteMutation(
    ACCOUNT_ROUTES.requestReturn,
    ({ orderId, body }: { orderId: number; body: ReturnRequestBody }) => ({
      params: { orderId },
      json: body,
    }),
    {
      onSuccess: (saved) => {
        queryClient.setQueryData<Order[]>(ordersQueryKey, (orders) =>
          orders?.map((o) => (o.id === saved.id ? saved : o)),
        );
      },
      onError: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
    },
  );
}
