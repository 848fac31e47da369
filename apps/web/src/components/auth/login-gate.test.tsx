import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/auth-tokens';
import { LoginGate, type LoginGateProps } from './login-gate';

afterEach(() => {
  vi.useRealTimers();
  clearTokens();
});

function LoginPage() {
  const { state } = useLocation();
  return <p data-testid="login">{JSON.stringify(state)}</p>;
}

function renderGate(props: Omit<LoginGateProps, 'children'>) {
  const router = createMemoryRouter(
    [
      {
        path: '/page',
        element: (
          <LoginGate {...props}>
            <p>The page</p>
          </LoginGate>
        ),
      },
      { path: '/login', element: <LoginPage /> },
    ],
    { initialEntries: ['/page'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LoginGate', () => {
  it('shows the page when a token was stored on entry, and keeps it when the token goes', () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    renderGate({ notice: 'Log in first.', action: 'login' });
    expect(screen.getByText('The page')).toBeTruthy();
    act(() => clearTokens());
    expect(screen.getByText('The page')).toBeTruthy();
  });

  it("link: shows the page's text in its tone and a Log in link", () => {
    const router = renderGate({
      notice: 'Please log in to check out.',
      action: 'link',
      tone: 'error',
    });
    expect(screen.getByRole('alert').textContent).toBe('Please log in to check out.');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText('The page')).toBeNull();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('login: goes to /login at once with the text for the login page', () => {
    const router = renderGate({ notice: 'Please log in.', action: 'login', loginTone: 'info' });
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(screen.getByTestId('login').textContent ?? '')).toEqual({
      notice: 'Please log in.',
      noticeTone: 'info',
    });
  });

  it('login without a text: goes to /login with nothing to show', () => {
    const router = renderGate({ action: 'login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(screen.getByTestId('login').textContent ?? '')).toEqual({});
  });

  it('login-after: shows the text, then goes to /login after 2 s with it', () => {
    vi.useFakeTimers();
    const router = renderGate({
      notice: MESSAGES.mustLoginCart,
      action: 'login-after',
      loginTone: 'info',
    });
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.mustLoginCart);
    act(() => vi.advanceTimersByTime(AUTH_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe('/page');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      notice: MESSAGES.mustLoginCart,
      noticeTone: 'info',
    });
  });
});
