import { ONBOARDING_PAGE_MESSAGES as T } from '@leafline/contract';
import { type LocalAccountRow, ONBOARDING_PATH } from '../../adapters/payments/local-provider';
import { escapeHtml, providerPage } from './payment-page';

/**
 * The local provider's payout onboarding page (DESIGN 2.8): the stand-in for Stripe's hosted
 * Connect onboarding, in the payment page's look. No script (the CSP allows none inline): one
 * form whose button completes the setup, and a link back to the dashboard.
 */

const row = (term: string, value: string) =>
  value ? `<div><dt>${term}</dt><dd>${escapeHtml(value)}</dd></div>\n` : '';

export function renderOnboardingPage(
  account: Pick<LocalAccountRow, 'id' | 'name' | 'email'>,
  token: string,
  laterHref: string,
): string {
  const action = `${ONBOARDING_PATH}${encodeURIComponent(token)}`;
  const body = `<section class="card end" aria-labelledby="onboarding-heading">
<h1 id="onboarding-heading">${T.title}</h1>
<p class="notice">${escapeHtml(T.intro)}</p>
<dl class="totals">
${row(T.business, account.name)}${row(T.email, account.email)}${row(T.account, account.id)}
</dl>
<form method="post" action="${action}">
<button type="submit" class="pay">${T.complete}</button>
</form>
<a class="cancel" href="${escapeHtml(laterHref)}">${T.later}</a>
</section>`;
  return providerPage(T.title, body, T.badge);
}

/** An unknown or used link. */
export function renderOnboardingEndPage(href: string): string {
  return providerPage(
    T.title,
    `<section class="card end">
<h1>${escapeHtml(T.linkNotFound)}</h1>
<p><a href="${escapeHtml(href)}">${T.backToDashboard}</a></p>
</section>`,
    T.badge,
  );
}
