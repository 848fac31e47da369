import { BRAND_NAME, RETURN_EMAIL_TEXTS } from '@leafline/contract';
import {
  emailButton,
  emailLayout,
  escapeHtml,
  FONT,
  PALETTE,
} from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The e-mails of a return (decision 0055): the brand hears of a request (its lines and the
 * buyer's reasons), the buyer of a decline (the brand's reason). An acceptance is told by the
 * refund's own e-mail. Texts are people's plain text: as written in the text part, escaped in
 * the HTML part.
 */

const signature = ['', `— The ${BRAND_NAME} team`];

const quote = (text: string) =>
  `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${PALETTE.clay};background:#ffffff;border-radius:6px;${FONT}font-size:15px;color:${PALETTE.text};white-space:pre-wrap;word-break:break-word;">${escapeHtml(text)}</div>`;

/** To the brand: the buyer asks to return these lines. */
export function returnRequestedEmail(input: {
  to: string;
  orderId: number;
  buyerName: string;
  lines: readonly { productName: string; quantity: number; reason: string }[];
  link: string;
}): MailMessage {
  const T = RETURN_EMAIL_TEXTS;
  const subject = `${T.toBrandSubject(input.orderId)} on ${BRAND_NAME}`;
  const intro = T.toBrandIntro(input.orderId, input.buyerName || T.buyer);
  const lines = input.lines.map((l) => `${l.quantity} × ${l.productName}: ${l.reason}`);
  const text = [
    intro,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    `${T.toBrandAction}: ${input.link}`,
    ...signature,
  ].join('\n');
  const html = emailLayout(
    subject,
    T.toBrandSubject(input.orderId),
    `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
${lines.map(quote).join('\n')}
${emailButton(input.link, T.toBrandAction)}`,
    560,
  );
  return { to: input.to, subject, text, html };
}

/** To the buyer: the brand declined the return, with its reason. */
export function returnDeclinedEmail(input: {
  to: string;
  orderId: number;
  brandName: string;
  reason: string;
  link: string;
}): MailMessage {
  const T = RETURN_EMAIL_TEXTS;
  const subject = T.declinedSubject(input.orderId, input.brandName);
  const intro = T.declinedIntro(input.orderId, input.brandName);
  const text = [
    intro,
    '',
    ...input.reason.split('\n').map((l) => `> ${l}`),
    '',
    `${T.declinedAction}: ${input.link}`,
    ...signature,
  ].join('\n');
  const html = emailLayout(
    subject,
    subject,
    `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
${quote(input.reason)}
${emailButton(input.link, T.declinedAction)}`,
    560,
  );
  return { to: input.to, subject, text, html };
}
