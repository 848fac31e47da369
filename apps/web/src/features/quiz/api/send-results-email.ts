import type { SendResultsEmailRequest, SendResultsEmailResponse } from '@leafline/contract/content';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /api/send-results-email/ (auth): the persona and its products, to the user's inbox. */
export function sendResultsEmail(body: SendResultsEmailRequest): Promise<SendResultsEmailResponse> {
  return apiCall(SHOP_ROUTES.sendResultsEmail, { json: body });
}

export function useSendResultsEmail() {
  return useMutation({ mutationFn: sendResultsEmail });
}
