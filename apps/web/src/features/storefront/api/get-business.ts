import type { PublicBusiness } from '@leafline/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/business/{id}/: the public face of a business (404 'Business not found'). */
export function getBusiness(businessId: number, signal?: AbortSignal): Promise<PublicBusiness> {
  return apiFetch<PublicBusiness>(`/api/business/${businessId}/`, { signal });
}

export const businessQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['catalog', 'business', businessId] as const,
    queryFn: ({ signal }) => getBusiness(businessId, signal),
    staleTime: 5 * 60_000,
  });

export function useBusiness(businessId: number | null) {
  return useQuery({ ...businessQueryOptions(businessId ?? 0), enabled: businessId !== null });
}
