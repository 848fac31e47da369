import { AUTH_REDIRECT_MS } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADA_REGISTER_BODY, fillAccountFields } from '@/test/account-fields';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function fillForm(password2 = 'pw-123456') {
  await screen.findByLabelText('First name');
  fillAccountFields(screen, 'Register', password2);
}

describe('register page', () => {
  it('stops on mismatched passwords before any request', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, {}));
    renderApp('/register');
    await fillForm('different');
    expect((await screen.findByRole('alert')).textContent).toBe(
      MESSAGES.passwordsDoNotMatchRegister,
    );
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error text", async () => {
    mockFetch(() => jsonResponse(400, { error: 'A user with that username already exists.' }));
    renderApp('/register');
    await fillForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A user with that username already exists.',
    );
  });

  it('says registration failed when the server gives no text, and something went wrong offline', async () => {
    mockFetch(() => new Response(null, { status: 500 }));
    renderApp('/register');
    await fillForm();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.registrationFailed);

    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.somethingWentWrongBang),
    );
  });

  it('sends the six fields, shows success and goes to /login after 2 s', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(201, {
        message: 'User registered successfully!',
        user: { id: 1, username: 'ada', email: 'ada@example.com' },
      }),
    );
    const { router } = renderApp('/register');
    await fillForm();
    expect((await screen.findByRole('status')).textContent).toContain(
      'User registered successfully!',
    );
    expect(calls[0]!.url).toBe('/register/');
    expect(calls[0]!.body).toEqual(ADA_REGISTER_BODY);

    const shownAt = Date.now();
    expect(router.state.location.pathname).toBe('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: AUTH_REDIRECT_MS + 1000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(AUTH_REDIRECT_MS - 200);
  });
});
