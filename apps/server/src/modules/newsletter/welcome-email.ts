import { BRAND_NAME } from '@leafline/contract';
import { emailButton, emailLayout, escapeHtml, PALETTE } from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The newsletter welcome e-mail (SPEC §2 Home: newsletter signup): what the newsletter brings
 * and where to start. Real HTML in the brand palette plus a plain-text part (DESIGN §4).
 */
export function newsletterWelcomeEmail(input: { to: string; publicUrl: string }): MailMessage {
  const subject = `Welcome to the ${BRAND_NAME} newsletter`;
  const shop = `${input.publicUrl}/shop`;
  const quiz = `${input.publicUrl}/quiz`;
  const intro = `Thank you for subscribing! Once a month we will send you new small brands, seasonal favourites and low-waste tips from the ${BRAND_NAME} community. No spam, ever.`;
  const quizLine =
    'Not sure where to start? Our two-minute quiz finds your shopping persona and a few products picked for you.';
  const footer = `You get this e-mail because ${input.to} was signed up for the ${BRAND_NAME} newsletter. If that was not you, reply to this e-mail and we will take the address off our list.`;
  const text = [
    'Hi there,',
    '',
    intro,
    '',
    `Browse the shop: ${shop}`,
    '',
    quizLine,
    `Take the quiz: ${quiz}`,
    '',
    footer,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const html = emailLayout(
    subject,
    'Welcome to the newsletter',
    `<p style="margin:0 0 12px;">Hi there,</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${emailButton(shop, 'Browse the shop')}
<p style="margin:0 0 24px;">${escapeHtml(quizLine)} <a href="${escapeHtml(quiz)}" style="color:${PALETTE.green};">Take the quiz</a>.</p>
<p style="margin:0;font-size:13px;color:${PALETTE.muted};">${escapeHtml(footer)}</p>`,
    560,
  );
  return { to: input.to, subject, text, html };
}
