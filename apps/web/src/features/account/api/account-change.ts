import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change of the account (name, e-mail) whose answer, or without one what was sent, becomes
 * what the page shows at once.
 */
export function useAccountChange<B, R, C>(
  call: (body: B) => Promise<R>,
  key: QueryKey,
  shown: (answer: R | undefined, body: B) => C,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer, body) => {
      queryClient.setQueryData<C>(key, shown(answer, body));
    },
  });
}
