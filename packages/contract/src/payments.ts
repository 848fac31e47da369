import { z } from 'zod';

/**
 * The payment routes' shapes (DESIGN 2.7; decisions 0008 and 0011): the provider's webhook
 * `POST /api/payments/webhook/` and the local provider's hosted page `/pay/{sessionId}`.
 * Its texts are PAYMENT_PAGE_MESSAGES and WEBHOOK_MESSAGES (orders.ts).
 */

/**
 * What an event changed: paid, expired, a brand's payout status (`account.updated`), a replay,
 * nothing (ended already, or an older account snapshot), or not ours.
 */
export const WEBHOOK_OUTCOMES = [
  'paid',
  'expired',
  'account_updated',
  'duplicate',
  'unchanged',
  'ignored',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** 200 of the webhook: the event was taken (the provider stops sending it), and its outcome. */
export const webhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(WEBHOOK_OUTCOMES),
});
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** `/pay/{sessionId}`: the local provider's session id (any text; unknown ones are 404). */
export const paymentSessionParams = z.object({ sessionId: z.string() });
/** `/connect/onboarding/{token}`: the local provider's onboarding link (unknown ones are 404). */
export const onboardingPageParams = z.object({ token: z.string() });

/** The local provider's payout onboarding page `/connect/onboarding/{token}` (DESIGN 2.8). */
export const ONBOARDING_PAGE_MESSAGES = {
  title: 'Set up payouts',
  badge: 'Test onboarding',
  intro:
    "This is the test stand-in for the payment provider's onboarding. No bank details are needed: completing it marks the payout account as ready.",
  account: 'Payout account',
  business: 'Business',
  email: 'E-mail',
  complete: 'Complete setup',
  later: 'Finish later',
  linkNotFound: 'This setup link is no longer valid. Ask for a new one from your dashboard.',
  backToDashboard: 'Back to the dashboard',
} as const;
