import type { SellerOrder } from '@leafline/contract/seller-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchWithHeaders } from '@/lib/api-client';
import { type PagedList, toPagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/business/orders/{businessId}/?page= (owner; SPEC §7): newest first, a page. */
export async function getBusinessOrders(
  businessId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PagedList<SellerOrder>> {
  const { data, headers } = await apiFetchWithHeaders<SellerOrder[]>(
    `/api/business/orders/${businessId}/`,
    { query: { page }, signal },
  );
  return toPagedList(data, headers);
}

export const businessOrdersQueryOptions = (businessId: number, page: number) =>
  queryOptions({
    queryKey: [...SELLER_KEYS.orders(businessId), page] as const,
    queryFn: ({ signal }) => getBusinessOrders(businessId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useBusinessOrders(businessId: number, page: number) {
  return useQuery(businessOrdersQueryOptions(businessId, page));
}
