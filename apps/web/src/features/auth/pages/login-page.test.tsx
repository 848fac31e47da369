import { MESSAGES } from '@leafline/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function submitLogin(username = 'ada', password = 'secret') {
  fill(await screen.findByLabelText('Username'), username);
  fill(screen.getByLabelText('Password'), password);
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('login page', () => {
  it('has the fields, the Submit button and links to register and password reset', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toHaveProperty('required', true);
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/password-reset',
    );
  });

  it('on success clears storage, keeps the new tokens and follows the stored product path', async () => {
    localStorage.setItem('product_redirect', '/shop/products/7');
    localStorage.setItem('shop_filters_cache', '{"searchTerm":"soap"}');
    localStorage.setItem('access_token', 'stale');
    const { calls } = mockFetch(() => jsonResponse(200, { access: 'acc', refresh: 'ref' }));
    const { router } = renderApp('/login');

    await submitLogin();

    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/products/7'));
    expect(calls[0]!.url).toBe('/token/');
    expect(calls[0]!.body).toEqual({ username: 'ada', password: 'secret' });
    expect(calls[0]!.headers.authorization).toBeUndefined();
    expect(localStorage.getItem('access_token')).toBe('acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(localStorage.getItem('product_redirect')).toBeNull();
    expect(localStorage.getItem('shop_filters_cache')).toBeNull();
    // The header follows the same-tab token change.
    expect(await screen.findByRole('link', { name: 'Account' })).toBeTruthy();
  });

  it('goes home when no product path was stored', async () => {
    mockFetch(() => jsonResponse(200, { access: 'acc', refresh: 'ref' }));
    const { router } = renderApp('/login');
    await submitLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the incorrect-credentials text on a 401', async () => {
    mockFetch(() => jsonResponse(401, { error: 'whatever the server says' }));
    renderApp('/login');
    await submitLogin();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.loginIncorrect);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it.each([500, 429])('shows the generic text on any other failure (%i)', async (status) => {
    mockFetch(() => jsonResponse(status, { error: 'Internal error' }));
    renderApp('/login');
    await submitLogin();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.genericTryLater);
  });

  it('shows the notice another page sent along', async () => {
    renderApp('/login', { notice: MESSAGES.sessionExpired, noticeTone: 'warning' });
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.sessionExpired);
  });
});
