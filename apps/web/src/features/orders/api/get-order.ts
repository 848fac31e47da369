import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import type { Order } from '@leafline/contract/orders';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/orders/{orderId}/ (auth; SPEC §7): one of the buyer's orders. */
export function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiCall(ACCOUNT_ROUTES.order, { params: { orderId }, signal });
}

/** How often, and how many times, an order still Pending is read again after payment. */
const PENDING_POLL_MS = 2000;
const PENDING_POLL_MAX = 15;

export const orderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    retry: false,
    // The payment provider may report back a moment after the browser returns: a Pending
    // order is read again for up to 30 s, so the page shows Paid once it is.
    refetchInterval: (query) =>
      query.state.data?.status === 'Pending' && query.state.dataUpdateCount < PENDING_POLL_MAX
        ? PENDING_POLL_MS
        : false,
  });

/** Every order of one payment (SPEC §2 Order confirmation: order_id or order_ids). */
export function useOrdersById(orderIds: readonly number[], enabled = true) {
  return useQueries({
    queries: orderIds.map((id) => ({ ...orderQueryOptions(id), enabled })),
  });
}
