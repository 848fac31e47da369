import type { OrdersResponse } from '@leafline/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const ordersQueryKey = ['orders'] as const;

/** GET /api/orders/ (auth; SPEC §7): the buyer's own orders. */
export function getOrders(signal?: AbortSignal): Promise<OrdersResponse> {
  return apiFetch<OrdersResponse>('/api/orders/', { signal });
}

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ordersQueryKey,
    queryFn: ({ signal }) => getOrders(signal),
    retry: false,
  });

export function useOrders(enabled = true) {
  return useQuery({ ...ordersQueryOptions(), enabled });
}
