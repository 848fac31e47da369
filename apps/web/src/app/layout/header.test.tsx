import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

function serve(hasBusiness: boolean) {
  return mockFetch(({ url }) => {
    if (url.includes('/api/user-has-business/')) {
      return jsonResponse(200, { has_business: hasBusiness });
    }
    if (url.includes('/api/cart/')) return jsonResponse(200, { items: [], item_count: 0 });
    return jsonResponse(404, { error: 'Not found' });
  });
}

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav);
}

describe('the phone menu', () => {
  it('leads to the quiz, the FAQ and selling, besides Home and Shop', async () => {
    serve(false);
    renderApp('/faqs');
    const menu = await openMenu();
    const links = ['Home', 'Shop', 'Quiz', 'FAQ', 'Sell on Leafline'].map((name) =>
      menu.getByRole('link', { name }).getAttribute('href'),
    );
    expect(links).toEqual(['/', '/shop', '/quiz', '/faqs', '/account/registerbusiness']);
    expect(menu.queryByRole('link', { name: 'Seller Dashboard' })).toBeNull();
  });

  it('shows the Business Dashboard to a seller only', async () => {
    const { calls } = serve(true);
    setTokens({ access: 'a', refresh: 'r' });
    renderApp('/faqs');
    const menu = await openMenu();
    const dashboard = await menu.findByRole('link', { name: 'Seller Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/account/business');
    expect(calls.some((call) => call.url.includes('/api/user-has-business/'))).toBe(true);
  });

  it('has no dashboard link for a shopper without a business', async () => {
    const { calls } = serve(false);
    setTokens({ access: 'a', refresh: 'r' });
    renderApp('/faqs');
    const menu = await openMenu();
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/api/user-has-business/'))).toBe(true),
    );
    await screen.findByRole('link', { name: 'Account' });
    expect(menu.queryByRole('link', { name: 'Seller Dashboard' })).toBeNull();
  });
});
