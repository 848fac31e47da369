import {
  BRAND_NAME,
  centsToPrice,
  PAYMENT_PAGE,
  PAYMENT_PAGE_MESSAGES as T,
} from '@leafline/contract';
import { type LocalSessionRow, sessionAmounts } from '../../adapters/payments/local-provider';

/**
 * The local provider's hosted payment page (DESIGN 2.7): plain server-made HTML and CSS, no
 * script (the CSP allows none inline), every field labelled, errors tied to their fields and
 * announced. It looks and behaves like a hosted card form: the amount per brand and in total,
 * the card, a promo code with Apply, Pay, and Cancel back to checkout.
 */

const F = PAYMENT_PAGE.fields;

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const money = (cents: number) => `$${centsToPrice(cents)}`;

const STYLE = `
:root{--green:#1f3d2b;--green-2:#2f5a40;--sand:#e9dfcc;--clay:#a3532f;--off:#faf7f0;--text:#24302a;--muted:#56615a;--line:#d6ccb8;--error:#a32020;--ok:#1f5d36}
*{box-sizing:border-box}
body{margin:0;background:var(--sand);color:var(--text);font:16px/1.5 Inter,"Helvetica Neue",Arial,sans-serif}
a{color:var(--green)}
.wrap{max-width:980px;margin:0 auto;padding:20px 16px 48px}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:16px}
.logo{font:700 22px/1 Fraunces,Georgia,serif;color:var(--green);text-decoration:none}
.badge{background:var(--green);color:var(--off);border-radius:999px;padding:4px 12px;font-size:13px;font-weight:600}
h1{font:700 26px/1.2 Fraunces,Georgia,serif;color:var(--green);margin:0 0 4px}
.due{font-size:18px;margin:0 0 16px}
.due strong{font-size:28px;color:var(--text)}
.notice{background:var(--off);border-left:4px solid var(--clay);padding:10px 14px;border-radius:6px;font-size:14px;margin:0 0 20px}
.grid{display:grid;gap:20px}
@media (min-width:820px){.grid{grid-template-columns:1fr 1fr}}
.card{background:var(--off);border-radius:12px;padding:20px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font:700 19px/1.3 Fraunces,Georgia,serif;color:var(--green);margin:0 0 12px}
h3{font-size:16px;margin:16px 0 6px}
.lines{list-style:none;margin:0;padding:0}
.lines li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid var(--line)}
.lines .muted{color:var(--muted);font-size:14px}
.brand-total{display:flex;justify-content:space-between;font-weight:600;padding:6px 0 0}
.totals{margin:16px 0 0;padding:12px 0 0;border-top:2px solid var(--line)}
.totals div{display:flex;justify-content:space-between;padding:3px 0}
.totals dt,.totals dd{margin:0}
.totals .grand{font-size:18px;font-weight:700}
.totals .discount dd{color:var(--ok)}
label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a8374;border-radius:8px;background:#fff;color:var(--text)}
input:focus{outline:3px solid var(--clay);outline-offset:1px}
input[aria-invalid=true]{border-color:var(--error)}
.row{display:flex;gap:8px}
.row input{flex:1}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
fieldset{border:0;margin:0;padding:0}
legend{font:700 19px/1.3 Fraunces,Georgia,serif;color:var(--green);padding:0;margin-bottom:4px}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:10px 16px;cursor:pointer;background:var(--green);color:var(--off)}
button:hover{background:var(--green-2)}
button:focus-visible,a:focus-visible{outline:3px solid var(--clay);outline-offset:2px}
.pay{width:100%;margin-top:20px;padding:14px;font-size:18px}
.link{background:none;color:var(--green);text-decoration:underline;padding:4px 0}
.link:hover{background:none;color:var(--green-2)}
.field-error{color:var(--error);font-size:14px;margin:4px 0 0}
.alert{background:#fbe9e7;border:1px solid var(--error);color:var(--error);border-radius:8px;padding:10px 14px;margin:0 0 12px;font-weight:600}
.status{font-size:14px;margin:6px 0 0;min-height:1.5em}
.status.ok{color:var(--ok)}
.status.bad{color:var(--error)}
.receipt{font-size:14px;color:var(--muted);margin:0 0 8px}
.cancel{display:inline-block;margin-top:16px}
.end{max-width:560px;margin:40px auto;text-align:center}
`;

function page(title: string, body: string): string {
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
<header class="top"><span class="logo">${BRAND_NAME}</span><span class="badge">Test payments</span></header>
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
      return `<h3>${escapeHtml(name)}</h3>
<ul class="lines">${items}</ul>
<div class="brand-total"><span>${T.brandTotal}</span><span>${money(total)}</span></div>`;
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
<div><dt>${T.subtotal}</dt><dd>${money(amounts.subtotalCents)}</dd></div>
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
  return page(T.title, body);
}

/** A page without a form: unknown, expired or already paid sessions. */
export function renderEndPage(message: string, href: string): string {
  return page(
    T.title,
    `<section class="card end">
<h1>${escapeHtml(message)}</h1>
<p><a href="${escapeHtml(href)}">${T.backToCheckout}</a></p>
</section>`,
  );
}
