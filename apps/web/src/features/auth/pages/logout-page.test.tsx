import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it.each(['/logout', '/account/logout'])(
    '%s revokes the refresh token, clears the tokens and goes to /login',
    async (path) => {
      setTokens({ access: 'acc', refresh: 'ref' });
      const { calls } = mockFetch(() => jsonResponse(200, { message: 'ok' }));
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      const logoutCalls = calls.filter((c) => c.url === '/logout/');
      expect(logoutCalls).toHaveLength(1);
      expect(logoutCalls[0]!.body).toEqual({ refresh_token: 'ref' });
      expect(localStorage.getItem('access_token')).toBeNull();
      expect(localStorage.getItem('refresh_token')).toBeNull();
      expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    },
  );

  it('clears the tokens even when the server call fails', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
