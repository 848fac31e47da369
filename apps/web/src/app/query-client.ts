import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** One React Query client: client errors (4xx) are not retried, they will not change. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}
