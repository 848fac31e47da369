import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { Order } from '@leafline/contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '@/lib/api/route-mutation';
import { ordersQueryKey } from './get-orders';

/**
 * POST /api/orders/{orderId}/cancel/ (issue 30 point 4): the buyer cancels a paid order the
 * brand has not sent yet. The answer (the cancelled order) replaces it in My Orders; a refusal
 * reads the orders again, so a card the brand changed meanwhile shows where it stands.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useRouteMutation(
    ACCOUNT_ROUTES.cancelOrder,
    (orderId: number) => ({ params: { orderId } }),
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
