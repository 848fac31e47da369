import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api/get-query';

export const orderMessageSummariesQueryKey = ['orders', 'messages'] as const;

/** GET /api/orders/messages/ (auth; decision 0051): the buyer's orders that have messages. */
export const orderMessageSummariesQueryOptions = () =>
  getQueryOptions(orderMessageSummariesQueryKey, ACCOUNT_ROUTES.myOrderMessageSummaries, {
    retry: false,
  });

export function useOrderMessageSummaries() {
  return useQuery(orderMessageSummariesQueryOptions());
}
