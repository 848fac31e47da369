import { BRAND_NAME } from '@leafline/contract';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The password-reset e-mail: real HTML in the brand palette (DESIGN §4) plus a plain-text part.
 * The button is deep green on off-white text (clay on white would miss WCAG AA contrast); clay
 * is the accent line under the header.
 */

const PALETTE = {
  green: '#1f3d2b',
  sand: '#e9dfcc',
  clay: '#c0714f',
  offWhite: '#faf7f0',
  text: '#24302a',
  muted: '#5b665f',
};

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

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
  const font = "font-family:Inter,'Helvetica Neue',Arial,sans-serif;";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${PALETTE.sand};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PALETTE.sand};padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${PALETTE.offWhite};border-radius:12px;overflow:hidden;">
<tr><td style="background:${PALETTE.green};border-bottom:4px solid ${PALETTE.clay};padding:20px 28px;${font}font-size:22px;font-weight:700;color:${PALETTE.offWhite};letter-spacing:0.5px;">${BRAND_NAME}</td></tr>
<tr><td style="padding:28px;${font}font-size:16px;line-height:1.6;color:${PALETTE.text};">
<h1 style="margin:0 0 16px;font-family:Fraunces,Georgia,serif;font-size:24px;color:${PALETTE.green};">Reset your password</h1>
<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;">Someone (hopefully you) asked to reset the password of your ${BRAND_NAME} account. Choose a new one with the button below.</p>
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:8px;background:${PALETTE.green};">
<a href="${link}" style="display:inline-block;padding:12px 24px;${font}font-size:16px;font-weight:600;color:${PALETTE.offWhite};text-decoration:none;border-radius:8px;">Choose a new password</a>
</td></tr></table>
<p style="margin:24px 0 8px;font-size:14px;color:${PALETTE.muted};">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all;"><a href="${link}" style="color:${PALETTE.green};">${link}</a></p>
<p style="margin:0;font-size:14px;color:${PALETTE.muted};">The link works once and expires in ${input.validMinutes} minutes. If you did not ask for this, ignore this e-mail; your password stays the same.</p>
</td></tr>
<tr><td style="background:${PALETTE.sand};padding:16px 28px;${font}font-size:12px;color:${PALETTE.muted};">${BRAND_NAME} — a marketplace for sustainable small brands.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { to: input.to, subject, text, html };
}
