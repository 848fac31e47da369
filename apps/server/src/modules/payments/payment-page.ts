import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  BRAND_NAME,
  centsToPrice,
  PAYMENT_PAGE,
  PAYMENT_PAGE_MESSAGES as T,
} from '@leafline/contract';
import type { FastifyInstance } from 'fastify';
import { type LocalSessionRow, sessionAmounts } from '../../adapters/payments/local-provider';

/**
 * The local provider's hosted payment page (DESIGN 2.7): plain server-made HTML and CSS, no
 * script (the CSP allows none inline), every field labelled, errors tied to their fields and
 * announced. It looks and behaves like a hosted card form: the amount per brand and in total,
 * the card, a promo code with Apply, Pay, and Cancel back to checkout.
 */

const F = PAYMENT_PAGE.fields;

export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const money = (cents: number) => `$${centsToPrice(cents)}`;

/**
 * The shop's own fonts (the files the web app self-hosts, `@fontsource-variable`), served by
 * the app itself: the CSP allows fonts from 'self' only, and the page must work offline.
 */
const require = createRequire(import.meta.url);
const FONT_FILES: Record<string, string> = {
  'inter.woff2': require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  'fraunces.woff2': require.resolve(
    '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  ),
};
export const PAYMENT_PAGE_ASSETS = '/pay/assets/';

/** Serves the page's fonts under /pay/assets/ (registered by the app beside the page). */
export async function paymentPageAssets(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    `${PAYMENT_PAGE_ASSETS}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      // Own keys only: `constructor` or `__proto__` would find the object's inherited ones.
      const { file } = request.params;
      const path = Object.hasOwn(FONT_FILES, file) ? FONT_FILES[file] : undefined;
      if (!path) return reply.status(404).send({ error: 'Not found.' });
      let data = cache.get(path);
      if (!data) {
        data = await readFile(path);
        cache.set(path, data);
      }
      return reply
        .header('content-type', 'font/woff2')
        .header('cache-control', 'public, max-age=86400')
        .send(data);
    },
  );
}

/** The shop's design tokens (apps/web/src/styles.css): palette, faces, radii, shadow. */
const STYLE = `
@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${PAYMENT_PAGE_ASSETS}inter.woff2) format("woff2-variations")}
@font-face{font-family:"Fraunces Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${PAYMENT_PAGE_ASSETS}fraunces.woff2) format("woff2-variations")}
:root{--forest-950:#142a1d;--forest-900:#1f3d2b;--forest-800:#2a4f38;--forest-700:#356346;--sage-50:#f1f4ee;--sage-100:#e3eadf;--sage-400:#8fa88c;--sand-100:#f3ede1;--sand-200:#e9dfcc;--sand-300:#dccdb1;--clay-700:#9b5536;--cream:#faf7f0;--ink:#1c2a22;--ink-muted:#4a5a50;--error-bg:#fbe9e7;--error-fg:#a3322a;--success-fg:#1f3d2b;--warning-bg:#fdf1d8;--warning-fg:#7a4f00;--radius-card:1.25rem;--shadow-soft:0 1px 2px rgb(31 61 43 / .06),0 8px 24px -12px rgb(31 61 43 / .18);--sans:"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;--display:"Fraunces Variable",ui-serif,Georgia,"Times New Roman",serif}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100dvh;background:var(--cream);color:var(--ink);font:16px/1.5 var(--sans);-webkit-font-smoothing:antialiased}
a{color:var(--forest-900);text-underline-offset:.2em}
h1,h2,h3,legend{font-family:var(--display);color:var(--forest-900);font-optical-sizing:auto;text-wrap:balance}
.wrap{max-width:1024px;margin:0 auto;padding:20px 16px 48px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin:0 -16px 24px;padding:0 16px 16px;border-bottom:1px solid var(--sand-300)}
.logo{font:600 24px/1 var(--display);color:var(--forest-900);text-decoration:none}
.badge{background:var(--warning-bg);color:var(--warning-fg);border-radius:999px;padding:4px 12px;font-size:13px;font-weight:600}
h1{font-size:30px;line-height:1.2;font-weight:600;margin:0 0 4px}
.due{font-size:18px;margin:0 0 16px;color:var(--ink-muted)}
.due strong{font-size:28px;color:var(--ink);font-variant-numeric:tabular-nums}
.notice{background:var(--warning-bg);color:var(--warning-fg);border-radius:12px;padding:12px 16px;font-size:14px;margin:0 0 24px}
.grid{display:grid;gap:24px}
@media (min-width:820px){.grid{grid-template-columns:1fr 1fr;align-items:start}}
.card{background:var(--sand-100);border:1px solid var(--sand-300);border-radius:var(--radius-card);padding:20px;box-shadow:var(--shadow-soft)}
@media (min-width:640px){.card{padding:24px}}
h2{font-size:20px;line-height:1.3;font-weight:600;margin:0 0 16px}
.brand{background:rgb(255 255 255 / .7);border:1px solid var(--sand-300);border-radius:16px;padding:16px;margin:0 0 16px}
h3{font:600 16px/1.4 var(--sans);color:var(--forest-900);margin:0 0 8px}
.lines{list-style:none;margin:0;padding:0;font-size:14px}
.lines li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid var(--sand-200)}
.lines li>span:last-child,.brand-total span:last-child,.totals dd{font-variant-numeric:tabular-nums;white-space:nowrap}
.lines .muted{color:var(--ink-muted)}
.brand-total{display:flex;justify-content:space-between;font-size:14px;font-weight:600;padding:8px 0 0}
.totals{margin:8px 0 0;padding:16px 0 0;border-top:1px solid var(--sand-300);display:flex;flex-direction:column;gap:8px}
.totals div{display:flex;justify-content:space-between;gap:16px}
.totals dt,.totals dd{margin:0}
.totals .grand{font-size:18px;font-weight:600}
.totals .discount dd{color:var(--forest-700);font-weight:500}
label{display:block;font-weight:500;font-size:14px;color:var(--forest-900);margin:16px 0 6px}
input{width:100%;min-height:44px;font:inherit;padding:8px 14px;border:1px solid var(--sand-300);border-radius:12px;background:#fff;color:var(--ink);box-shadow:0 1px 2px rgb(0 0 0 / .05)}
input::placeholder{color:rgb(74 90 80 / .7)}
input:hover{border-color:var(--sage-400)}
input:focus-visible{outline:2px solid var(--clay-700);outline-offset:1px;border-color:var(--forest-700)}
input[aria-invalid=true]{border-color:var(--error-fg)}
.row{display:flex;gap:8px}
.row input{flex:1;min-width:0}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
fieldset{border:0;margin:0;padding:0;min-width:0}
legend{font-size:20px;line-height:1.3;font-weight:600;padding:0;margin-bottom:4px}
button{font:inherit;font-weight:500;border:0;border-radius:999px;min-height:44px;padding:8px 20px;cursor:pointer;background:var(--forest-900);color:var(--cream);box-shadow:0 1px 2px rgb(0 0 0 / .05);transition:background-color .15s}
button:hover{background:var(--forest-800)}
button:active{background:var(--forest-950)}
:focus-visible{outline:3px solid var(--clay-700);outline-offset:2px}
.pay{width:100%;margin-top:24px;min-height:48px;font-size:17px}
.link{background:none;box-shadow:none;color:var(--forest-900);text-decoration:underline;text-underline-offset:.2em;padding:4px 0;min-height:0;border-radius:6px}
.link:hover{background:none;color:var(--forest-700)}
.field-error{color:var(--error-fg);font-size:14px;font-weight:500;margin:6px 0 0}
.alert{background:var(--error-bg);color:var(--error-fg);border-radius:12px;padding:12px 16px;margin:0 0 12px;font-weight:500}
.status{font-size:14px;margin:6px 0 0;min-height:1.5em}
.status.ok{color:var(--success-fg)}
.status.bad{color:var(--error-fg)}
.receipt{font-size:14px;color:var(--ink-muted);margin:0 0 12px}
.cancel{display:inline-block;margin-top:16px;border-radius:6px}
.end{max-width:560px;margin:40px auto;text-align:center}
@media (prefers-reduced-motion:reduce){*{transition-duration:.01ms}}
`;

/** A page of the local provider (payment, payout onboarding) in the shop's look. */
export function providerPage(title: string, body: string, badge = 'Test payments'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${BRAND_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="wrap">
<header class="top"><span class="logo">${BRAND_NAME}</span><span class="badge">${escapeHtml(badge)}</span></header>
<main id="main">
${body}
</main>
</div>
</body>
</html>`;
}

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface PageState {
  session: LocalSessionRow;
  /** Where the Cancel link goes (same-origin addresses as a path). */
  cancelHref: string;
  card?: Partial<CardValues>;
  /** Field messages of the card form. */
  fieldErrors?: Partial<Record<keyof CardValues, string>>;
  /** A message over the card form (a decline). */
  alert?: string;
  promo?: { text: string; ok: boolean; value?: string };
}

const fieldNames: Record<keyof CardValues, string> = {
  number: F.cardNumber,
  expiry: F.expiry,
  cvc: F.cvc,
  name: F.name,
};

function input(state: PageState, key: keyof CardValues, label: string, attrs: string): string {
  const name = fieldNames[key];
  const error = state.fieldErrors?.[key];
  const value = state.card?.[key] ?? '';
  const errorId = `${name}-error`;
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${error ? `<p class="field-error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
}

/** The payment page of an open session. */
export function renderPaymentPage(state: PageState): string {
  const { session } = state;
  const amounts = sessionAmounts(session);
  const action = `${PAYMENT_PAGE.pathPrefix}${encodeURIComponent(session.id)}`;
  const brands = [...new Set(session.lineItems.map((l) => l.businessId))];
  const summary = brands
    .map((businessId) => {
      const lines = session.lineItems.filter((l) => l.businessId === businessId);
      const name = lines[0]?.businessName ?? '';
      const total = lines.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
      const items = lines
        .map((l) =>
          l.kind === 'shipping'
            ? `<li><span>${T.shipping}</span><span>${l.unitAmountCents === 0 ? 'Free' : money(l.unitAmountCents)}</span></li>`
            : `<li><span>${escapeHtml(l.name)} <span class="muted">× ${l.quantity}</span></span><span>${money(l.unitAmountCents * l.quantity)}</span></li>`,
        )
        .join('\n');
      return `<section class="brand" aria-label="${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>
<ul class="lines">${items}</ul>
<div class="brand-total"><span>${T.brandTotal}</span><span>${money(total)}</span></div></section>`;
    })
    .join('\n');

  const discountRow =
    amounts.discountCents > 0
      ? `<div class="discount"><dt>${T.discount}${session.discountCode ? ` (${escapeHtml(session.discountCode)})` : ''}</dt><dd>−${money(amounts.discountCents)}</dd></div>`
      : '';
  const promo = state.promo;
  const promoValue = promo?.value ?? session.discountCode ?? '';
  const promoForm = `<form method="post" action="${action}/promo">
<label for="${F.promoCode}">${T.promoLabel}</label>
<div class="row"><input id="${F.promoCode}" name="${F.promoCode}" value="${escapeHtml(promoValue)}" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64" aria-describedby="promo-status"><button type="submit">${T.apply}</button></div>
<p id="promo-status" class="status${promo ? (promo.ok ? ' ok' : ' bad') : ''}" role="status">${promo ? escapeHtml(promo.text) : ''}</p>
</form>
${session.discountCode ? `<form method="post" action="${action}/promo"><input type="hidden" name="${F.promoCode}" value=""><button type="submit" class="link">${T.removePromo}</button></form>` : ''}`;

  const body = `<h1>${T.title}</h1>
<p class="due">${T.totalDue}: <strong>${money(amounts.totalCents)}</strong></p>
<p class="notice">${escapeHtml(T.testNotice)}</p>
<div class="grid">
<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">${T.summary}</h2>
${summary}
<dl class="totals">
<div><dt>${T.subtotal}</dt><dd>${money(amounts.itemsCents)}</dd></div>
<div><dt>${T.shipping}</dt><dd>${amounts.shippingCents === 0 ? 'Free' : money(amounts.shippingCents)}</dd></div>
${discountRow}
<div class="grand"><dt>${T.totalDue}</dt><dd>${money(amounts.totalCents)}</dd></div>
</dl>
${promoForm}
</section>
<section class="card" aria-label="${T.cardDetails}">
${state.alert ? `<p class="alert" role="alert">${escapeHtml(state.alert)}</p>` : ''}
<form method="post" action="${action}" novalidate>
<p class="receipt">${T.email}: ${escapeHtml(session.customerEmail)}</p>
<fieldset>
<legend>${T.cardDetails}</legend>
${input(state, 'number', T.cardNumberLabel, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required')}
<div class="pair">
<div>${input(state, 'expiry', T.expiryLabel, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" required')}</div>
<div>${input(state, 'cvc', T.cvcLabel, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}</div>
</div>
${input(state, 'name', T.nameLabel, 'autocomplete="cc-name" maxlength="100" required')}
</fieldset>
<button type="submit" class="pay">${T.pay} ${money(amounts.totalCents)}</button>
</form>
<a class="cancel" href="${escapeHtml(state.cancelHref)}">${T.cancel}</a>
</section>
</div>`;
  return providerPage(T.title, body);
}

/** A page without a form: unknown, expired or already paid sessions. */
export function renderEndPage(message: string, href: string): string {
  return providerPage(
    T.title,
    `<section class="card end">
<h1>${escapeHtml(message)}</h1>
<p><a href="${escapeHtml(href)}">${T.backToCheckout}</a></p>
</section>`,
  );
}
