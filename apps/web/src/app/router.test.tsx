import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const placeholderRoutes: Array<[string, string]> = [
  ['/', 'Leafline — sustainable small brands, one cart'],
  ['/shop', 'Shop Sustainable Brands'],
  // No server in these tests: the real pages say they could not load their data.
  ['/shop/products/12', 'Product not found'],
  ['/businessproducts/3', 'This storefront is unavailable'],
  ['/cart', 'Your cart'],
  ['/checkout', 'Checkout'],
  ['/order-confirmation?order_ids=1,2', 'Order confirmation'],
  ['/myorders', 'My orders'],
  ['/registerbusiness', 'Register your business'],
  ['/quiz', 'Find your eco shopping persona'],
  ['/faqs', 'Frequently asked questions'],
  ['/sustainability', 'Our sustainability standards'],
  ['/our-story', 'Our story'],
  ['/partners', 'Our partners'],
  ['/for-businesses', 'For businesses'],
  ['/login', 'Welcome back'],
  ['/register', 'Create your account'],
  ['/password-reset', 'Reset your password'],
  ['/password-reset-confirm/MQ/tok', 'Choose a new password'],
  ['/no/such/page', 'Page not found'],
];

describe('router', () => {
  it.each(placeholderRoutes)('%s shows one h1: %s', async (path, title) => {
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it.each([
    ['/dashboard', '/dashboard/orders'],
    ['/dashboard/', '/dashboard/orders'],
    ['/dashboard/logistics', '/dashboard/logistics'],
    ['/account/business', '/account/business/orders'],
    ['/account/business/editbiz', '/account/business/editbiz'],
  ])('%s opens the dashboard at %s for a signed-in owner', async (path, section) => {
    setTokens({ access: 'a', refresh: 'r' });
    mockDashboardApi([businessOverview()]);
    const { router } = renderApp(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Business dashboard',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(section));
    await waitFor(() => expect(router.state.location.search).toBe('?business=3'));
  });

  it('/account/registerbusiness shows the registration form in the account area', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    mockDashboardApi([]);
    renderApp('/account/registerbusiness');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Register your business',
    );
    expect(await screen.findByLabelText('Business name')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeTruthy();
  });

  it('the footer links the static pages and Become a Partner', async () => {
    renderApp('/faqs');
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Become a Partner' }).getAttribute('href')).toBe(
      '/account/registerbusiness',
    );
    for (const href of [
      '/faqs',
      '/sustainability',
      '/our-story',
      '/partners',
      '/for-businesses',
      '/quiz',
    ]) {
      expect(footer.getAllByRole('link').some((a) => a.getAttribute('href') === href)).toBe(true);
    }
  });
});

describe('header', () => {
  it('shows Login without a token and Account with one, following storage changes', async () => {
    renderApp('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(nav.getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/shop');
    expect(nav.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    expect(nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');

    // Same tab: the token helpers announce the change.
    act(() => setTokens({ access: 'a', refresh: 'r' }));
    expect(nav.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');

    // Another tab: only the storage event tells.
    act(() => {
      localStorage.removeItem('access_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
    });
    expect(nav.getByRole('link', { name: 'Login' })).toBeTruthy();

    act(() => setTokens({ access: 'a', refresh: 'r' }));
    act(() => clearTokens());
    expect(nav.queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it('opens and closes the mobile menu', async () => {
    const { router } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    await act(() => router.navigate('/shop'));
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  });
});
