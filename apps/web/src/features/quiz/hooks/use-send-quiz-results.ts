import type { ProductDetail } from '@leafline/contract/catalog';
import type { QuizPersona } from '@leafline/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountEmailQueryOptions } from '@/lib/api/get-account-email';
import { quizProductQueryOptions } from '../api/get-quiz-product';
import { useSendResultsEmail } from '../api/send-results-email';
import { resultsEmailPayload } from '../lib/results-email';

/**
 * After a login or registration in the quiz panel, sends the results e-mail (SPEC §7). It
 * waits for the persona's products (already loading: the same queries as the results grid)
 * and reads the address of an account that logged in by username. Its failure is only
 * logged (SPEC §7: errors only logged), never shown.
 */
export function useSendQuizResults() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSendResultsEmail();

  return useCallback(
    async (persona: QuizPersona, knownEmail?: string) => {
      try {
        const email = knownEmail
          ? Promise.resolve(knownEmail)
          : queryClient.fetchQuery(accountEmailQueryOptions()).then((answer) => answer.email);
        const products = Promise.all(
          persona.product_ids.map((id) =>
            queryClient.fetchQuery(quizProductQueryOptions(id)).catch(() => null),
          ),
        );
        const [address, loaded] = await Promise.all([email, products]);
        const details = loaded.filter((p): p is ProductDetail => p !== null);
        await mutateAsync(resultsEmailPayload(address, persona, details));
      } catch (error) {
        console.error('The quiz results e-mail could not be sent.', error);
      }
    },
    [queryClient, mutateAsync],
  );
}
