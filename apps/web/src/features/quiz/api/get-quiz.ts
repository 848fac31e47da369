import type { QuizResponse } from '@leafline/contract/content';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /api/quiz/: the ten questions and the six personas, persona 1 first (it wins ties). */
export function getQuiz(signal?: AbortSignal): Promise<QuizResponse> {
  return apiCall(SHOP_ROUTES.quiz, { signal, auth: false });
}

export const quizQueryKey = ['quiz'] as const;

export const quizQueryOptions = () =>
  queryOptions({
    queryKey: quizQueryKey,
    queryFn: ({ signal }) => getQuiz(signal),
    // The quiz is editorial data: it does not change while someone answers it.
    staleTime: 60 * 60_000,
  });

export function useQuiz() {
  return useQuery(quizQueryOptions());
}
