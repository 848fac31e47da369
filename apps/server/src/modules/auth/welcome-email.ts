import { BRAND_NAME, FREE_SHIPPING_THRESHOLD_CENTS } from '@leafline/contract';
import { emailButton, emailLayout, escapeHtml, PALETTE } from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The welcome e-mail of a new account (issue "Account basics", point 3): the shop's name and a
 * link to the shop, real HTML in the brand's frame plus a plain-text part (DESIGN §4).
 */
export function welcomeEmail(input: {
  to: string;
  firstName: string;
  shopUrl: string;
}): MailMessage {
  const freeShipping = `Free shipping on orders of $${FREE_SHIPPING_THRESHOLD_CENTS / 100} and over.`;
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const subject = `Welcome to ${BRAND_NAME}`;
  const text = [
    greeting,
    '',
    `Welcome to ${BRAND_NAME}, the marketplace for sustainable small brands. Your account is ready.`,
    'Browse products from small eco brands, fill one cart and pay once:',
    '',
    input.shopUrl,
    '',
    freeShipping,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');

  const link = escapeHtml(input.shopUrl);
  const html = emailLayout(
    subject,
    `Welcome to ${BRAND_NAME}`,
    `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;">Welcome to ${BRAND_NAME}, the marketplace for sustainable small brands. Your account is ready: browse products from small eco brands, fill one cart and pay once.</p>
${emailButton(input.shopUrl, `Visit the ${BRAND_NAME} shop`, '0')}
<p style="margin:24px 0 8px;font-size:14px;color:${PALETTE.muted};">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;word-break:break-all;"><a href="${link}" style="color:${PALETTE.green};">${link}</a></p>
<p style="margin:0;font-size:14px;color:${PALETTE.muted};">${freeShipping}</p>`,
    560,
  );
  return { to: input.to, subject, text, html };
}
