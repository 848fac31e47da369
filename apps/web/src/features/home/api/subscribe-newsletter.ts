import { NEWSLETTER_MESSAGES } from '@leafline/contract/newsletter';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiCall } from '@/lib/api-client';

/** The server refused the address (`{success: false}` or a 4xx). */
export class SubscriptionRefused extends Error {
  override readonly name = 'SubscriptionRefused';
}

/**
 * POST /api/subscribe/ {email}. Resolves only on `{success: true}`; rejects with
 * SubscriptionRefused when the server says no, anything else meaning no usable answer.
 */
export async function subscribeNewsletter(email: string): Promise<void> {
  let body: unknown;
  // `success: true` also when the address was already subscribed (stored once).
  try {
    body = await apiCall(SHOP_ROUTES.subscribe, {
      json: { email },
      auth: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      throw new SubscriptionRefused(error.message);
    throw error;
  }
  if (!body || typeof body !== 'object' || !('success' in body))
    throw new Error('Unreadable answer.');
  if (body.success !== true) throw new SubscriptionRefused('success: false');
}

/** The text to show for a failed subscription. */
export function subscriptionErrorText(error: unknown): string {
  return error instanceof SubscriptionRefused
    ? NEWSLETTER_MESSAGES.refused
    : NEWSLETTER_MESSAGES.failed;
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
