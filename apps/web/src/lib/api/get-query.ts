import type { AnyApiRoute, RouteResponse } from '@leafline/contract/routes';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type ApiCallOptions, apiCall } from '@/lib/api-client';

/** How a GET query is asked and kept: `apiCall`'s options, and React Query's. */
export interface GetQuerySettings<R extends AnyApiRoute> {
  /** The request's options beside its route (path parameters, auth, query string, timeout). */
  request?: Omit<ApiCallOptions<R>, 'signal'>;
  staleTime?: number;
  retry?: boolean;
}

/** The settings, left out when the route needs no path parameters. */
type SettingsArgs<R extends AnyApiRoute> =
  object extends Omit<ApiCallOptions<R>, 'signal'>
    ? [settings?: GetQuerySettings<R>]
    : [settings: GetQuerySettings<R> & { request: Omit<ApiCallOptions<R>, 'signal'> }];

/**
 * The query of one GET of the route table: the route's answer, kept under `queryKey`, cancelled
 * with the query (its abort signal goes with the request).
 */
export function getQueryOptions<R extends AnyApiRoute>(
  queryKey: QueryKey,
  route: R,
  ...[settings = {}]: SettingsArgs<R>
) {
  const { request, ...options } = settings;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<RouteResponse<R>> =>
      apiCall<AnyApiRoute>(route, { ...request, signal }),
    ...options,
  });
}
