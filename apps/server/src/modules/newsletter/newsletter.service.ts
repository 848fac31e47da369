import { NEWSLETTER_MESSAGES } from '@leafline/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { badRequest } from '../../lib/errors';
import { MAIL_QUEUE, queueMail } from '../mail';
import { insertSubscription } from './newsletter.repo';
import { newsletterWelcomeEmail } from './welcome-email';

/** The newsletter signup (SPEC §4 Newsletter, §5: e-mail required and of e-mail type). */

export interface NewsletterDeps {
  db: Db;
  publicUrl: string;
  jobs: Pick<JobRunner, 'send' | 'wake'>;
}

/** Longest address SMTP carries (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;
const emailFormat = z.email();

/** The address as typed, trimmed; a 400 with the §5 message when missing or not an e-mail. */
export function checkEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (!email) throw badRequest(NEWSLETTER_MESSAGES.emailRequired);
  if (email.length > MAX_EMAIL_LENGTH || !emailFormat.safeParse(email).success) {
    throw badRequest(NEWSLETTER_MESSAGES.emailInvalid);
  }
  return email;
}

/**
 * Subscribes an address once (case-insensitively). The first subscription gets a welcome
 * e-mail, a mail job sent by the mail worker with retries (mail-jobs.ts); a repeat is
 * answered the same and sends nothing, so the call cannot be used to flood an inbox.
 */
export async function subscribe(deps: NewsletterDeps, raw: unknown): Promise<void> {
  const email = checkEmail(raw);
  const stored = await insertSubscription(deps.db, email);
  if (!stored) return;
  const message = newsletterWelcomeEmail({ to: email, publicUrl: deps.publicUrl });
  // Sent by the mail worker, with retries (mail-jobs.ts).
  await queueMail(deps.jobs, deps.db, message);
  deps.jobs.wake(MAIL_QUEUE);
}
