import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type ApiFetchOptions, apiFetch } from '@/lib/api-client';

/** How a GET query is asked and kept: `apiFetch`'s options, and React Query's. */
export interface GetQuerySettings {
  /** The request's options beside its path (auth, query string, timeout). */
  request?: Omit<ApiFetchOptions, 'method' | 'json' | 'formData' | 'signal'>;
  staleTime?: number;
  retry?: boolean;
}

/**
 * The query of one GET of the API: `T` from `path`, kept under `queryKey`, cancelled with the
 * query (its abort signal goes with the request).
 */
export function getQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  { request, ...options }: GetQuerySettings = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiFetch<T>(path, { ...request, signal }),
    ...options,
  });
}
