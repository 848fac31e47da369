import type { SellerProduct } from '@leafline/contract/seller-products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchWithHeaders } from '@/lib/api-client';
import { type PagedList, toPagedList } from '@/lib/seller/paged-list';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/business/products/{businessId}/?page= (owner; SPEC §7): newest first, a page. */
export async function getBusinessProducts(
  businessId: number,
  page: number,
  signal?: AbortSignal,
): Promise<PagedList<SellerProduct>> {
  const { data, headers } = await apiFetchWithHeaders<SellerProduct[]>(
    `/api/business/products/${businessId}/`,
    { query: { page }, signal },
  );
  return toPagedList(data, headers);
}

export const businessProductsQueryOptions = (businessId: number, page: number) =>
  queryOptions({
    queryKey: [...SELLER_KEYS.products(businessId), page] as const,
    queryFn: ({ signal }) => getBusinessProducts(businessId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useBusinessProducts(businessId: number, page: number) {
  return useQuery(businessProductsQueryOptions(businessId, page));
}
