import { MESSAGES } from './messages';

/**
 * The newsletter's texts (SPEC §4 Newsletter, §5, §8), without zod: the home page shows them
 * and its first load has no room for the schema library. `content.ts` holds the subscribe
 * call's schemas and re-exports this.
 */
export const NEWSLETTER_MESSAGES = {
  subscribed: MESSAGES.newsletterSubscribed,
  refused: MESSAGES.newsletterRefused,
  failed: MESSAGES.newsletterFailed,
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
} as const;
