import { BRAND_NAME, ORDER_MESSAGE_EMAIL_TEXTS } from '@leafline/contract';
import {
  emailButton,
  emailLayout,
  escapeHtml,
  FONT,
  PALETTE,
} from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The e-mail of a new order message to the other side (decision 0051): who wrote, the message,
 * and the way to answer on the site. The message is the author's plain text: the text part
 * carries it as written, the HTML part escaped (line breaks kept by CSS, never as markup).
 */
export function orderMessageEmail(input: {
  to: string;
  /** Who gets it: the brand (a buyer wrote) or the buyer (the brand wrote). */
  recipient: 'brand' | 'buyer';
  orderId: number;
  /** The writer's name as the recipient knows it: the buyer's name, or the brand's. */
  authorName: string;
  body: string;
  /** My Orders, or the brand's dashboard orders. */
  link: string;
}): MailMessage {
  const T = ORDER_MESSAGE_EMAIL_TEXTS;
  const toBrand = input.recipient === 'brand';
  const subject = toBrand
    ? `${T.toBrandSubject(input.orderId)} on ${BRAND_NAME}`
    : T.toBuyerSubject(input.orderId, input.authorName);
  const intro = toBrand
    ? T.toBrandIntro(input.orderId, input.authorName)
    : T.toBuyerIntro(input.orderId, input.authorName);
  const action = toBrand ? T.toBrandAction : T.toBuyerAction;
  const quoted = input.body
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [
    intro,
    '',
    quoted,
    '',
    `${action}: ${input.link}`,
    '',
    T.noReply,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');
  const html = emailLayout(
    subject,
    toBrand ? T.toBrandSubject(input.orderId) : T.toBuyerSubject(input.orderId, input.authorName),
    `<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<div style="margin:0 0 24px;padding:12px 16px;border-left:4px solid ${PALETTE.clay};background:#ffffff;border-radius:6px;${FONT}font-size:15px;color:${PALETTE.text};white-space:pre-wrap;word-break:break-word;">${escapeHtml(input.body)}</div>
${emailButton(input.link, action)}
<p style="margin:0;font-size:14px;color:${PALETTE.muted};">${escapeHtml(T.noReply)}</p>`,
    560,
  );
  return { to: input.to, subject, text, html };
}
