/**
 * The seller's dashboard as the app puts it together: the shell (selector, overview strip,
 * section nav, help, payout setup) with the seller features in it.
 */
import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import type { ShippingFeesResponse } from '@leafline/contract/cart';
import { SALES_TEXTS } from '@leafline/contract/seller-money';
import { FREE_SHIPPING_RULE_TEXTS } from '@leafline/contract/seller-orders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_TEXTS } from '@/features/dashboard/lib/dashboard-texts';
import { setTokens } from '@/lib/auth-tokens';
import { leaveApp } from '@/lib/leave-app';
import { businessOverview, mockDashboardApi, mossAndStone } from '@/test/dashboard-fixtures';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { sellerOrder } from '@/test/seller-fixtures';

vi.mock('@/lib/leave-app', () => ({ leaveApp: vi.fn() }));
// uPlot draws on a canvas, which jsdom does not have: the chart module (loaded lazily by the
// Overview section's sales block) stands in with its accessible name and the figures it was given.
vi.mock('@/features/seller-sales/components/sales-chart', () => ({
  default: ({
    buckets,
    period,
  }: {
    buckets: Array<{ start: string; sales: string }>;
    period: string;
  }) => (
    <div role="img" aria-label={SALES_TEXTS.chartLabel(period)}>
      {buckets.map((b) => `${b.start}=${b.sales}`).join(' ')}
    </div>
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveApp).mockClear();
});

const signIn = () => setTokens({ access: 'acc', refresh: 'ref' });
const sectionNav = () => screen.getByRole('navigation', { name: 'Dashboard sections' });
/** The selected business's section asked for its own list (orders or products). */
const sectionAsked = (calls: Array<{ url: string }>, businessId: number) =>
  waitFor(() =>
    expect(
      calls.some(
        (c) => c.url.startsWith(`/api/business/`) && c.url.includes(`/${businessId}/?page=`),
      ),
    ).toBe(true),
  );
const overviewHeading = () => screen.findByRole('heading', { level: 2, name: /&/ });

describe('business dashboard', () => {
  it("reads the overview's figures again after an order is saved (To ship goes down)", async () => {
    signIn();
    const fern = businessOverview();
    fern.stats = { ...fern.stats, to_ship_count: 1 };
    const paid = sellerOrder({ id: 41, status: 'Paid' });
    const { calls } = mockDashboardApi([fern], (call) => {
      if (call.url === '/api/business/orders/3/?page=1') {
        return jsonResponse(200, [paid], { 'x-total-count': '1' });
      }
      if (call.url === '/api/business/orders/edit/41/' && call.method === 'PATCH') {
        fern.stats = { ...fern.stats, to_ship_count: 0 };
        return jsonResponse(200, {
          ...paid,
          status: 'Shipped',
          updated_at: '2026-03-15T00:00:00Z',
        });
      }
      return undefined;
    });
    renderApp('/dashboard/orders?business=3');
    const toShip = async () => {
      const term = await screen.findByText('To ship', { selector: 'dt' });
      return term.nextElementSibling?.textContent;
    };
    await waitFor(async () => expect(await toShip()).toBe('1'));
    const form = await screen.findByRole('form', { name: 'Update order #41' });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'Shipped' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save order #41' }));
    await waitFor(async () => expect(await toShip()).toBe('0'));
    // The sales block (orders by status) is the Overview section's: asked again there, fresh.
    expect(calls.filter((c) => c.url === '/api/business/sales/3/')).toHaveLength(0);
    fireEvent.click(within(sectionNav()).getByRole('link', { name: 'Overview' }));
    await screen.findByRole('region', { name: SALES_TEXTS.heading });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/business/sales/3/').length).toBe(1),
    );
  });

  it('without an access token goes to /logout/ and asks nothing about businesses', async () => {
    localStorage.setItem('refresh_token', 'ref');
    // The logout call never answers, so the page stays on /logout.
    const { calls } = mockFetch(() => new Promise<Response>(() => {}));
    const { router } = renderApp('/dashboard/products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/logout/']));
  });

  it('opens on the orders section of the first business, with the business in the address', async () => {
    signIn();
    const { calls } = mockDashboardApi([businessOverview(), mossAndStone()]);
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Business dashboard' }),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders'));
    await waitFor(() => expect(router.state.location.search).toBe('?business=3'));
    expect((await overviewHeading()).textContent).toBe('Fern & Flax');
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Payouts active')).toBeTruthy();
    expect(screen.getByText('$1,455.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish setting up payouts' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeTruthy();
    await sectionAsked(calls, 3);
    expect(localStorage.getItem('dashboard_business')).toBe('3');
    expect(calls.find((c) => c.url === '/api/business/dashboard/')?.headers.authorization).toBe(
      'Bearer acc',
    );

    const links = within(sectionNav()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Orders', '/dashboard/orders?business=3'],
      ['Add product', '/dashboard/add?business=3'],
      ['Products', '/dashboard/products?business=3'],
      ['Reviews', '/dashboard/reviews?business=3'],
      ['Shopify', '/dashboard/shopify?business=3'],
      ['Shipping fees', '/dashboard/logistics?business=3'],
      ['Edit business', '/dashboard/editbiz?business=3'],
      ['Overview', '/dashboard/overview?business=3'],
    ]);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    // Issue 24: the working section comes right after the short overview strip; the sales
    // chart and best sellers are not above it (they are the Overview section's).
    expect(screen.queryByRole('region', { name: SALES_TEXTS.heading })).toBeNull();
    expect(calls.some((c) => c.url === '/api/business/sales/3/')).toBe(false);
  });

  it('switches business with the selector, keeps the section, and remembers the choice', async () => {
    signIn();
    const { calls } = mockDashboardApi([businessOverview(), mossAndStone()]);
    const first = renderApp('/dashboard/products?business=3');
    const select = (await screen.findByLabelText('Business')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Fern & Flax', 'Moss & Stone']);
    expect(select.value).toBe('3');
    fireEvent.change(select, { target: { value: '5' } });
    await waitFor(() => expect(first.router.state.location.search).toBe('?business=5'));
    expect(first.router.state.location.pathname).toBe('/dashboard/products');
    expect(await screen.findByRole('heading', { level: 2, name: 'Moss & Stone' })).toBeTruthy();
    await sectionAsked(calls, 5);
    expect(localStorage.getItem('dashboard_business')).toBe('5');

    fireEvent.click(within(sectionNav()).getByRole('link', { name: 'Shipping fees' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard/logistics'));
    expect(first.router.state.location.search).toBe('?business=5');
    first.unmount();

    // Back another day, without the address: the remembered business. A business that is not
    // the user's in the address is not shown either.
    const second = renderApp('/account/business/editbiz?business=99');
    await waitFor(() => expect(second.router.state.location.search).toBe('?business=5'));
    expect(second.router.state.location.pathname).toBe('/account/business/editbiz');
    expect(await screen.findByRole('heading', { level: 2, name: 'Moss & Stone' })).toBeTruthy();
    expect(within(sectionNav()).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/account/business/orders?business=5',
    );
  });

  it('an unknown section address opens the orders section', async () => {
    signIn();
    mockDashboardApi([businessOverview()]);
    const { router } = renderApp('/dashboard/nonsense?business=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders'));
    expect(router.state.location.search).toBe('?business=3');
  });

  it('without a business says so and links to the registration', async () => {
    signIn();
    mockDashboardApi([]);
    renderApp('/dashboard');
    expect(await screen.findByText(BUSINESS_MESSAGES.noBusinesses)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register your business' }).getAttribute('href')).toBe(
      '/registerbusiness',
    );
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).toBeNull();
  });

  it("shows the server's error or the §8 texts when the list or the overview fails", async () => {
    signIn();
    let listAnswer = () => jsonResponse(500, { error: 'The database is resting.' });
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/dashboard/' ? listAnswer() : undefined,
    );
    const first = renderApp('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toBe('The database is resting.');
    listAnswer = () => jsonResponse(502, undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.businessesFailed),
    );
    first.unmount();

    const second = mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/business/overview/3/' ? jsonResponse(500, undefined) : undefined,
    );
    renderApp('/dashboard/orders?business=3');
    expect((await screen.findByRole('alert')).textContent).toBe(BUSINESS_MESSAGES.overviewFailed);
    // The sections still work without the overview.
    await sectionAsked(second.calls, 3);
  });

  it('opens the Dashboard Help modal from the floating button; Escape closes it', async () => {
    signIn();
    mockDashboardApi([businessOverview()]);
    renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Dashboard help' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Dashboard Help' });
    expect(within(dialog).getByText(BUSINESS_MESSAGES.helpPayouts)).toBeTruthy();
    for (const section of [
      'Orders',
      'Add product',
      'Products',
      'Shopify',
      'Shipping fees',
      'Edit business',
    ]) {
      expect(within(dialog).getByText(section)).toBeTruthy();
    }
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab from the last control comes back to the first: focus stays in the modal.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close dialog' }),
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Dashboard Help' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('finish setting up payouts', () => {
  const pendingFern = () =>
    businessOverview({ stripe_status: 'pending', stripe_account_id: 'acct_fern' });

  it('asks for a link by account and goes there', async () => {
    signIn();
    const { calls } = mockDashboardApi([pendingFern()], (call) =>
      call.url === '/api/api/stripe/onboarding-link/'
        ? jsonResponse(200, { onboarding_url: 'https://connect.stripe.test/setup/acct_fern' })
        : undefined,
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Payouts not set up')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish setting up payouts' }));
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith('https://connect.stripe.test/setup/acct_fern'),
    );
    const call = calls.find((c) => c.url === '/api/api/stripe/onboarding-link/');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ account_id: 'acct_fern' });
  });

  it('asks by business when there is no account yet, and shows the §8 texts on failure', async () => {
    signIn();
    let answer = () => jsonResponse(400, { error: 'Payouts are paused for review.' });
    const { calls } = mockDashboardApi([mossAndStone()], (call) =>
      call.url === '/api/api/stripe/onboarding-link/' ? answer() : undefined,
    );
    renderApp('/dashboard');
    const link = await screen.findByRole('button', { name: 'Finish setting up payouts' });
    fireEvent.click(link);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error creating onboarding link: Payouts are paused for review.',
    );
    expect(calls.find((c) => c.url === '/api/api/stripe/onboarding-link/')?.body).toEqual({
      business_id: 5,
    });

    answer = () => jsonResponse(502, undefined);
    await act(async () => fireEvent.click(link));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.onboardingLinkFailed),
    );
    expect(leaveApp).not.toHaveBeenCalled();
  });
});

describe('the free-shipping rule where the brand sets its fees', () => {
  it('is said in the shipping fees section and in the Dashboard Help modal', async () => {
    const stored: ShippingFeesResponse = {
      business: 3,
      worldwide_shipping_fee: '6.50',
      all_except_selected_fee: null,
      threshold_free: '60.00',
      country_fees: [],
    };
    setTokens({ access: 'acc', refresh: 'ref' });
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/shipping-fees/3/' && call.method === 'GET'
        ? jsonResponse(200, stored)
        : undefined,
    );
    renderApp('/dashboard/logistics?business=3');
    const rule = await screen.findByTestId('free-shipping-rule');
    expect(rule.textContent).toBe(FREE_SHIPPING_RULE_TEXTS.rule);
    expect(rule.textContent).toContain('a cart of $75 or more');

    fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.helpButton }));
    const help = await screen.findByRole('dialog', { name: DASHBOARD_TEXTS.helpTitle });
    expect(within(help).getByText(FREE_SHIPPING_RULE_TEXTS.rule)).toBeTruthy();
  });
});
