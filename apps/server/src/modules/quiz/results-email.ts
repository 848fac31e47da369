import { BRAND_NAME } from '@leafline/contract';
import {
  emailButton,
  emailLayout,
  escapeHtml,
  FONT,
  PALETTE,
} from '../../adapters/mail/email-html';
import type { MailMessage } from '../../adapters/mail/mailer';

/**
 * The quiz results e-mail (SPEC §7 `api/send-results-email/`): the persona's title,
 * description and three next steps, the recommended products with their prices and links,
 * the poster and a way back to the quiz. Real HTML in the brand palette plus a plain-text
 * part (DESIGN §4), the same frame as the order e-mails.
 */

export interface ResultsEmailProduct {
  id: number;
  name: string;
  /** Decimal string, "15.00". */
  price: string;
  businessName: string;
  /** Absolute address of the product's first image, or null. */
  image: string | null;
}

export interface ResultsEmailInput {
  to: string;
  firstName: string;
  persona: { id: number; title: string; description: string; nextSteps: string[] };
  products: ResultsEmailProduct[];
  publicUrl: string;
}

const money = (value: string) => `$${value}`;
const productLink = (publicUrl: string, id: number) => `${publicUrl}/shop/products/${id}`;

const paragraph = (html: string, muted = false) =>
  `<p style="margin:0 0 16px;${muted ? `font-size:14px;color:${PALETTE.muted};` : ''}">${html}</p>`;

const heading = (text: string) =>
  `<h2 style="margin:8px 0 12px;font-family:Fraunces,Georgia,serif;font-size:19px;color:${PALETTE.green};">${escapeHtml(text)}</h2>`;

function productHtml(product: ResultsEmailProduct, publicUrl: string): string {
  const href = escapeHtml(productLink(publicUrl, product.id));
  const image = product.image
    ? `<a href="${href}"><img src="${escapeHtml(product.image)}" width="88" height="88" alt="${escapeHtml(product.name)}" style="display:block;width:88px;height:88px;object-fit:cover;border-radius:8px;border:0;background:${PALETTE.sand};"></a>`
    : `<div style="width:88px;height:88px;border-radius:8px;background:${PALETTE.sand};"></div>`;
  return `<tr>
<td width="100" style="padding:10px 12px 10px 0;border-bottom:1px solid ${PALETTE.line};vertical-align:top;">${image}</td>
<td style="padding:10px 0;border-bottom:1px solid ${PALETTE.line};vertical-align:top;${FONT}">
<a href="${href}" style="font-size:16px;font-weight:600;color:${PALETTE.green};text-decoration:none;">${escapeHtml(product.name)}</a><br>
<span style="font-size:13px;color:${PALETTE.muted};">${escapeHtml(product.businessName)}</span><br>
<span style="font-size:15px;color:${PALETTE.text};font-weight:600;">${escapeHtml(money(product.price))}</span>
&nbsp;·&nbsp;<a href="${href}" style="font-size:14px;color:${PALETTE.green};">View details</a>
</td>
</tr>`;
}

export function quizResultsEmail(input: ResultsEmailInput): MailMessage {
  const { persona, products, publicUrl } = input;
  const subject = `Your ${BRAND_NAME} shopping persona: ${persona.title}`;
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const intro = 'Thanks for taking our quiz! Here is your shopping persona.';
  const quizLink = `${publicUrl}/quiz`;
  const shopLink = `${publicUrl}/shop`;
  const posterLink = `${publicUrl}/api/quiz/posters/${persona.id}/`;

  const text = [
    greeting,
    '',
    intro,
    '',
    `You are: ${persona.title}`,
    '',
    persona.description,
    '',
    'Your next steps:',
    ...persona.nextSteps.map((step, i) => `  ${i + 1}. ${step}`),
    '',
    ...(products.length
      ? [
          'Picked for you:',
          ...products.flatMap((p) => [
            `  ${p.name} (${p.businessName}) — ${money(p.price)}`,
            `  ${productLink(publicUrl, p.id)}`,
          ]),
          '',
        ]
      : []),
    `Your mascot poster: ${posterLink}`,
    `Shop all products: ${shopLink}`,
    `Take the quiz again: ${quizLink}`,
    '',
    `— The ${BRAND_NAME} team`,
  ].join('\n');

  const steps = `<ol style="margin:0 0 24px;padding-left:22px;">${persona.nextSteps
    .map((step) => `<li style="margin:0 0 8px;">${escapeHtml(step)}</li>`)
    .join('')}</ol>`;
  const productsHtml = products.length
    ? `${heading('Picked for you')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;">${products
        .map((p) => productHtml(p, publicUrl))
        .join('\n')}</table>`
    : '';
  const html = emailLayout(
    subject,
    persona.title,
    [
      paragraph(escapeHtml(greeting)),
      paragraph(escapeHtml(intro)),
      paragraph(escapeHtml(persona.description)),
      heading('Your next steps'),
      steps,
      productsHtml,
      emailButton(shopLink, 'Shop all products'),
      paragraph(
        `<a href="${escapeHtml(posterLink)}" style="color:${PALETTE.green};">Download your mascot poster</a> · <a href="${escapeHtml(quizLink)}" style="color:${PALETTE.green};">Take the quiz again</a>`,
        true,
      ),
    ].join('\n'),
  );
  return { to: input.to, subject, text, html };
}
