// Types only from the contract's content module: its values would bring zod into the home
// route's first load (~26 KB gzip over its budget); the texts come from its zod-free part.
import type { SubscribeResponse } from '@leafline/contract/content';
import { NEWSLETTER_MESSAGES } from '@leafline/contract/newsletter';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';

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
    body = await apiFetch<SubscribeResponse>('/api/subscribe/', {
      method: 'POST',
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
