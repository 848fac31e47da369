import type { SustainabilityNote } from '@leafline/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/sustainability/{businessId}/: the brand's notes, [] when it has none. */
export function getSustainabilityNotes(
  businessId: number,
  signal?: AbortSignal,
): Promise<SustainabilityNote[]> {
  return apiFetch<SustainabilityNote[]>(`/api/sustainability/${businessId}/`, { signal });
}

export const sustainabilityNotesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['catalog', 'sustainability-notes', businessId] as const,
    queryFn: ({ signal }) => getSustainabilityNotes(businessId, signal),
    staleTime: 5 * 60_000,
  });

export function useSustainabilityNotes(businessId: number | null) {
  return useQuery({
    ...sustainabilityNotesQueryOptions(businessId ?? 0),
    enabled: businessId !== null,
  });
}
