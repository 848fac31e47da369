import type { ShippingFeesResponse } from '@leafline/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SELLER_KEYS } from '@/lib/seller/query-keys';

/** GET /api/shipping-fees/{businessId}/ (auth, owner): the business's shipping-fee setting. */
export function getShippingFees(
  businessId: number,
  signal?: AbortSignal,
): Promise<ShippingFeesResponse> {
  return apiFetch<ShippingFeesResponse>(`/api/shipping-fees/${businessId}/`, { signal });
}

export const shippingFeesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: SELLER_KEYS.shippingFees(businessId),
    queryFn: ({ signal }) => getShippingFees(businessId, signal),
    retry: false,
  });

export function useShippingFees(businessId: number) {
  return useQuery(shippingFeesQueryOptions(businessId));
}
