import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

export const ordersQueryKey = ['orders'] as const;

/** GET /api/orders/ (auth; SPEC §7): the buyer's own orders. */
export const ordersQueryOptions = () =>
  getQueryOptions(ordersQueryKey, ACCOUNT_ROUTES.orders, { retry: false });

export function useOrders(enabled = true) {
  return useQuery({ ...ordersQueryOptions(), enabled });
}
