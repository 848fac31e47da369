import type { FaqResponse } from '@leafline/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** GET /api/faq/: the questions grouped by topic, in page order (SPEC §2 Static pages). */
export function getFaq(signal?: AbortSignal): Promise<FaqResponse> {
  return apiFetch<FaqResponse>('/api/faq/', { auth: false, signal });
}

export const faqQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'faq'] as const,
    queryFn: ({ signal }) => getFaq(signal),
    // Curated text that changes rarely.
    staleTime: 30 * 60_000,
  });

export function useFaq() {
  return useQuery(faqQueryOptions());
}
