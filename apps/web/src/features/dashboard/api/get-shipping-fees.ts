import type { ShippingFeesResponse } from '@leafline/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const shippingFeesQueryKey = (businessId: number) =>
  ['dashboard', 'shipping-fees', businessId] as const;

/** GET /api/shipping-fees/{businessId}/ (auth, owner): the business's shipping-fee setting. */
export function getShippingFees(
  businessId: number,
  signal?: AbortSignal,
): Promise<ShippingFeesResponse> {
  return apiFetch<ShippingFeesResponse>(`/api/shipping-fees/${businessId}/`, { signal });
}

export const shippingFeesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: shippingFeesQueryKey(businessId),
    queryFn: ({ signal }) => getShippingFees(businessId, signal),
    retry: false,
  });

export function useShippingFees(businessId: number) {
  return useQuery(shippingFeesQueryOptions(businessId));
}
