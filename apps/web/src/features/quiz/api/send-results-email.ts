import type { SendResultsEmailRequest, SendResultsEmailResponse } from '@leafline/contract/content';
import { ROUTES } from '@leafline/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /api/send-results-email/ (auth): the persona and its products, to the user's inbox. */
export function sendResultsEmail(body: SendResultsEmailRequest): Promise<SendResultsEmailResponse> {
  return apiCall(ROUTES.sendResultsEmail, { json: body });
}

export function useSendResultsEmail() {
  return useMutation({ mutationFn: sendResultsEmail });
}
