import type { AnyApiRoute, RouteResponse } from '@leafline/contract/routes';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ApiCallOptions, apiCall } from '@/lib/api-client';

/**
 * A change through one route of the table: `request` turns what `mutate` is given into the
 * call's options (path parameters, JSON body or multipart form); `options` are React Query's
 * (onMutate, onSuccess, onError…), typed by the route's answer.
 */
export function useRouteMutation<R extends AnyApiRoute, Input = void, Context = unknown>(
  route: R,
  request: (input: Input) => ApiCallOptions<R>,
  options: Omit<UseMutationOptions<RouteResponse<R>, Error, Input, Context>, 'mutationFn'> = {},
) {
  return useMutation({
    ...options,
    mutationFn: (input: Input): Promise<RouteResponse<R>> =>
      apiCall<AnyApiRoute>(route, request(input) as ApiCallOptions<AnyApiRoute>),
  });
}
