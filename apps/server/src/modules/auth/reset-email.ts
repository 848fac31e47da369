import { BRAND_NAME } from '@leafline/contract';
import { emailButton, emailLayout, escapeHtml, PALETTE } from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/** The password-reset e-mail: real HTML in the e-mail frame of the brand plus a plain-text part. */

export function resetPasswordEmail(input: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const subject = `Reset your ${BRAND_NAME} password`;
  const text = [
    greeting,
    '',
    `Someone (hopefully you) asked to reset the password of your ${BRAND_NAME} account.`,
    'Open this link to choose a new password:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.validMinutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');

  const link = escapeHtml(input.link);
  const html = emailLayout(
    subject,
    'Reset your password',
    `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;">Someone (hopefully you) asked to reset the password of your ${BRAND_NAME} account. Choose a new one with the button below.</p>
${emailButton(input.link, 'Choose a new password', '0')}
<p style="margin:24px 0 8px;font-size:14px;color:${PALETTE.muted};">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all;"><a href="${link}" style="color:${PALETTE.green};">${link}</a></p>
<p style="margin:0;font-size:14px;color:${PALETTE.muted};">The link works once and expires in ${input.validMinutes} minutes. If you did not ask for this, ignore this e-mail; your password stays the same.</p>`,
    560,
  );
  return { to: input.to, subject, text, html };
}

/**
 * To the owner of an e-mail someone tried to register with (issue 24, point 25): the register
 * answer is the same as for a new account, so the explanation comes here, with a way in.
 */
export function registrationAttemptEmail(input: {
  to: string;
  firstName: string;
  loginUrl: string;
  resetLink: string;
  validMinutes: number;
}): MailMessage {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const subject = `Someone tried to register with your e-mail at ${BRAND_NAME}`;
  const text = [
    greeting,
    '',
    `Someone (perhaps you) just tried to create a ${BRAND_NAME} account with this e-mail address.`,
    'You already have an account with it, so no new account was made.',
    '',
    `Log in: ${input.loginUrl}`,
    'Forgot your password? Choose a new one with this link:',
    '',
    input.resetLink,
    '',
    `The link works once and expires in ${input.validMinutes} minutes.`,
    'If this was not you, you can ignore this e-mail; nothing was changed.',
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');

  const reset = escapeHtml(input.resetLink);
  const html = emailLayout(
    subject,
    'You already have an account',
    `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;">Someone (perhaps you) just tried to create a ${BRAND_NAME} account with this e-mail address. You already have an account with it, so no new account was made.</p>
${emailButton(input.loginUrl, 'Log in', '0')}
<p style="margin:24px 0 8px;font-size:14px;color:${PALETTE.muted};">Forgot your password? Choose a new one with this link:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all;"><a href="${reset}" style="color:${PALETTE.green};">${reset}</a></p>
<p style="margin:0;font-size:14px;color:${PALETTE.muted};">The link works once and expires in ${input.validMinutes} minutes. If this was not you, ignore this e-mail; nothing was changed.</p>`,
    560,
  );
  return { to: input.to, subject, text, html };
}
