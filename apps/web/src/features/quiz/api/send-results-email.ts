import type { SendResultsEmailRequest, SendResultsEmailResponse } from '@leafline/contract/content';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST /api/send-results-email/ (auth): the persona and its products, to the user's inbox. */
export function sendResultsEmail(body: SendResultsEmailRequest): Promise<SendResultsEmailResponse> {
  return apiFetch<SendResultsEmailResponse>('/api/send-results-email/', {
    method: 'POST',
    json: body,
  });
}

export function useSendResultsEmail() {
  return useMutation({ mutationFn: sendResultsEmail });
}
