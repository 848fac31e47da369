import { MESSAGES } from '@leafline/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('password reset', () => {
  it('shows the server message after requesting a link', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(200, { message: 'If that e-mail is registered, a link is on its way.' }),
    );
    renderApp('/password-reset');
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    fill(email, 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    // The file's first request also loads the API client's modules: under the whole suite's
    // load on 2 cores that alone has taken more than the usual 10 s.
    expect((await screen.findByRole('status', undefined, { timeout: 30_000 })).textContent).toBe(
      'If that e-mail is registered, a link is on its way.',
    );
    expect(calls[0]!.url).toBe('/auth/password-reset/');
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com' });
  }, 45_000);

  async function submitNewPassword(password: string, password2: string) {
    fill(await screen.findByLabelText('New password'), password);
    fill(screen.getByLabelText('Confirm new password'), password2);
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
  }

  it('refuses mismatched passwords without a request', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    renderApp('/password-reset-confirm/MQ/abc-123');
    await submitNewPassword('one', 'two');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.passwordsDoNotMatchReset);
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error, else the generic one", async () => {
    let reply = jsonResponse(400, { error: MESSAGES.invalidOrExpiredToken });
    const { calls } = mockFetch(() => reply);
    renderApp('/password-reset-confirm/MQ/abc-123');
    await submitNewPassword('new-pass', 'new-pass');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidOrExpiredToken);
    expect(calls[0]!.url).toBe('/auth/password-reset-confirm/MQ/abc-123/');
    expect(calls[0]!.body).toEqual({ password: 'new-pass', password2: 'new-pass' });

    reply = new Response(null, { status: 502 });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.somethingWentWrong),
    );
  });

  it('on success shows the message and goes to /login after 2 s', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Password has been reset.' }));
    const { router } = renderApp('/password-reset-confirm/MQ/abc-123');
    await submitNewPassword('new-pass', 'new-pass');
    expect((await screen.findByRole('status')).textContent).toContain('Password has been reset.');
    expect(router.state.location.pathname).toBe('/password-reset-confirm/MQ/abc-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });
});
