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
