import { ACCOUNT_STATUS_MS } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp, wholeText } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

type Override = (call: RecordedCall) => Response | undefined;

function server(hasBusiness: boolean, override: Override = () => undefined) {
  return mockFetch((call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.url === '/api/user-has-business/')
      return jsonResponse(200, { has_business: hasBusiness });
    if (call.url === '/update-name/' && call.method === 'GET') {
      return jsonResponse(200, { first_name: 'Ada', last_name: 'Lovelace' });
    }
    if (call.url === '/update-email/' && call.method === 'GET') {
      return jsonResponse(200, { email: 'ada@example.com' });
    }
    return jsonResponse(404, { error: 'Not found.' });
  });
}

function dialogNamed(name: string) {
  return screen.getByRole('dialog', { name });
}

describe('account area', () => {
  it('without a token sends the user to /login with the account-settings message', async () => {
    const { calls } = server(false);
    const { router } = renderApp('/account/account-settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('status')).textContent).toBe(
      MESSAGES.pleaseLoginAccountSettings,
    );
    expect(calls).toHaveLength(0);
  });

  it('/account opens the settings, and shows Business Dashboard only with a business', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(false);
    const first = renderApp('/account');
    await waitFor(() =>
      expect(first.router.state.location.pathname).toBe('/account/account-settings'),
    );
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText(wholeText('ada@example.com'))).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    for (const name of ['Account Settings', 'My Orders', 'Sell on Leafline', 'Logout']) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(menu).queryByRole('link', { name: 'Business Dashboard' })).toBeNull();
    first.unmount();

    server(true);
    renderApp('/account/account-settings');
    const link = await screen.findByRole('link', { name: 'Business Dashboard' });
    expect(link.getAttribute('href')).toBe('/account/business');
  });

  it('sends the user to /login when asking about a business fails', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(false, (call) =>
      call.url === '/api/user-has-business/' ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    const { router } = renderApp('/account/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('edits the name, shows the success message and clears it after 4 s', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(false, (call) =>
      call.url === '/update-name/' && call.method === 'PUT'
        ? jsonResponse(200, {
            message: MESSAGES.nameUpdated,
            first_name: 'Augusta',
            last_name: 'King',
          })
        : undefined,
    );
    renderApp('/account/account-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit name' }));
    const dialog = dialogNamed('Edit name');
    const first = within(dialog).getByLabelText('First name') as HTMLInputElement;
    expect(first.value).toBe('Ada');
    expect(first.required).toBe(true);
    fill(first, 'Augusta');
    fill(within(dialog).getByLabelText('Last name'), 'King');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const status = await screen.findByText(MESSAGES.nameUpdated);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Augusta King')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ first_name: 'Augusta', last_name: 'King' });
    expect(put.headers.authorization).toBe('Bearer acc');

    await waitFor(() => expect(screen.queryByText(MESSAGES.nameUpdated)).toBeNull(), {
      timeout: ACCOUNT_STATUS_MS + 1000,
    });
  });

  it("shows the server's error when the e-mail cannot be changed, else the fallback", async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let reply = jsonResponse(400, { error: 'That e-mail is already in use.' });
    const { calls } = server(false, (call) =>
      call.url === '/update-email/' && call.method === 'PATCH' ? reply : undefined,
    );
    renderApp('/account/account-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit email' }));
    const input = within(dialogNamed('Edit email')).getByLabelText('Email') as HTMLInputElement;
    expect(input.type).toBe('email');
    fill(input, 'grace@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That e-mail is already in use.');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ email: 'grace@example.com' });

    reply = new Response(null, { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.failedUpdateEmail),
    );
  });

  it('deletes the account after confirmation: tokens gone, home, toast', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = server(false, (call) =>
      call.method === 'DELETE'
        ? jsonResponse(200, { message: MESSAGES.accountDeleted })
        : undefined,
    );
    const { router } = renderApp('/account/account-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    fireEvent.click(
      within(dialogNamed('Delete your account?')).getByRole('button', { name: 'Confirm delete' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/delete-account/');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getByText(MESSAGES.accountDeleted)).toBeTruthy();
  });

  it('closes the dialog and shows the error when deleting fails', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(false, (call) =>
      call.method === 'DELETE' ? new Response(null, { status: 500 }) : undefined,
    );
    renderApp('/account/account-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.failedDeleteAccount);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the load failure text', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(false, (call) =>
      call.url === '/update-email/' ? jsonResponse(500, { error: 'x' }) : undefined,
    );
    renderApp('/account/account-settings');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.failedLoadAccount);
  });

  it('an expired session goes to /login with the session-expired text', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    server(false, (call) =>
      call.url === '/update-name/' || call.url === '/token/refresh/'
        ? jsonResponse(401, { error: 'Token expired.' })
        : undefined,
    );
    const { router } = renderApp('/account/account-settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.sessionExpired);
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
