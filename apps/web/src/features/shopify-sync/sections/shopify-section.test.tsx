import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { SHOPIFY_TEXTS } from '@leafline/contract/shopify';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/auth-tokens';
import { businessOverview, mockDashboardApi } from '@/test/dashboard-fixtures';
import { jsonResponse, type RecordedCall } from '@/test/fetch-mock';
import { fill, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const connected = () =>
  businessOverview({
    shopify_connected: true,
    shopify_store_url: 'fern-flax.myshopify.com',
    shopify_order_sync: false,
  });

describe('dashboard Shopify', () => {
  it('the connect form posts the store and token, with the §8 texts on failure', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    // The connect call does not exist on the server yet: a 404 'Not found.'.
    let answer: () => Response | Promise<Response> = () =>
      jsonResponse(404, { error: 'Not found.' });
    const { calls } = mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/shopifymanualconnect/3/' ? answer() : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    expect(await screen.findByText(BUSINESS_MESSAGES.shopifySyncedOrdersNote)).toBeTruthy();
    const connect = screen.getByRole('button', { name: 'Connect store' });
    fireEvent.click(connect);
    expect(await screen.findByText('Store URL is required.')).toBeTruthy();
    expect(screen.getByText('Access token is required.')).toBeTruthy();

    fill(screen.getByLabelText('Store URL'), ' fern-flax.myshopify.com ');
    fill(screen.getByLabelText('Admin API access token'), 'shpat_123');
    fireEvent.click(connect);
    expect((await screen.findByRole('alert')).textContent).toBe(
      BUSINESS_MESSAGES.shopifyConnectFailed,
    );
    const call = calls.find((c) => c.url === '/api/shopifymanualconnect/3/');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      shopify_store_url: 'fern-flax.myshopify.com',
      access_token: 'shpat_123',
    });

    answer = () => jsonResponse(400, { error: 'Shopify refused this access token.' });
    fireEvent.click(connect);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Shopify refused this access token.'),
    );

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(connect);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.somethingWentWrong),
    );
  });

  it('the connect form says what Shopify refused, beside the field, and that Shopify is away', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const refused = BUSINESS_MESSAGES.shopifyTokenRefused;
    let answer = () => jsonResponse(400, { error: refused, fields: { access_token: refused } });
    mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/shopifymanualconnect/3/' ? answer() : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    fill(await screen.findByLabelText('Store URL', {}, { timeout: 10_000 }), 'fern-flax');
    const token = screen.getByLabelText('Admin API access token');
    fill(token, 'shpat_123');
    const connect = screen.getByRole('button', { name: 'Connect store' });
    fireEvent.click(connect);
    await waitFor(() => expect(screen.getAllByText(refused).length).toBeGreaterThanOrEqual(1));
    expect(token.getAttribute('aria-invalid')).toBe('true');
    const described = (token.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(refused);

    answer = () => jsonResponse(503, { error: BUSINESS_MESSAGES.shopifyUnreachable });
    fireEvent.click(connect);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(BUSINESS_MESSAGES.shopifyUnreachable),
    );
    expect(screen.queryByText(BUSINESS_MESSAGES.somethingWentWrong)).toBeNull();
  });

  it('the order-sync toggle flips at once and flips back when the save fails', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    let release: (response: Response) => void = () => {};
    const { calls } = mockDashboardApi([connected()], (call: RecordedCall) =>
      call.url === '/api/business/overview/3/' && call.method === 'PUT'
        ? new Promise<Response>((resolve) => (release = resolve))
        : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    expect(await screen.findByText('fern-flax.myshopify.com')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: SHOPIFY_TEXTS.orderSync });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ shopify_order_sync: true });

    release(jsonResponse(500, undefined));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to change order sync.');
  });

  it('the order-sync toggle is disabled while its save is pending, so rapid clicks cannot desync it', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const releases: ((response: Response) => void)[] = [];
    const { calls } = mockDashboardApi([connected()], (call: RecordedCall) =>
      call.url === '/api/business/overview/3/' && call.method === 'PUT'
        ? new Promise<Response>((resolve) => releases.push(resolve))
        : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    expect(await screen.findByText('fern-flax.myshopify.com')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: SHOPIFY_TEXTS.orderSync });
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    // A second and third click while the first save is pending change nothing.
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(puts()).toEqual([{ shopify_order_sync: true }]);

    // The save fails: it flips back, and the toggle can be used again.
    releases[0]?.(jsonResponse(500, undefined));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect((toggle as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Failed to change order sync.');

    // Next try succeeds: on, and it stays on once the server agrees.
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(toggle);
    expect(puts()).toEqual([{ shopify_order_sync: true }, { shopify_order_sync: true }]);
    releases[1]?.(jsonResponse(200, { ...connected(), shopify_order_sync: true }));
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('the connect form sends the optional API secret key only when it is filled', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const { calls } = mockDashboardApi([businessOverview()], (call) =>
      call.url === '/api/shopifymanualconnect/3/'
        ? jsonResponse(400, { error: 'Shopify refused this access token.' })
        : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    const secret = await screen.findByLabelText(SHOPIFY_TEXTS.apiSecret);
    expect(secret.getAttribute('type')).toBe('password');
    expect(secret.hasAttribute('required')).toBe(false);
    const hintId = secret.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe(SHOPIFY_TEXTS.apiSecretHint);

    fill(screen.getByLabelText('Store URL'), 'fern-flax');
    fill(screen.getByLabelText('Admin API access token'), 'shpat_123');
    const connect = screen.getByRole('button', { name: 'Connect store' });
    const posts = () => calls.filter((c) => c.url === '/api/shopifymanualconnect/3/');

    /** The connect form sent with `typed` as the secret: what the server got. */
    const sendWith = async (typed: string) => {
      const before = posts().length;
      fill(secret, typed);
      fireEvent.click(connect);
      await waitFor(() => expect(posts()).toHaveLength(before + 1));
      return posts()[before]?.body;
    };

    // Blank (or only spaces): not sent at all.
    const blank = await sendWith('   ');
    expect(blank).toEqual({
      shopify_store_url: 'fern-flax',
      access_token: 'shpat_123',
    });
    expect(Object.keys(blank as object)).not.toContain('shopify_api_secret');
    expect(await screen.findByRole('alert')).toBeTruthy();

    // Filled: sent, trimmed.
    expect(await sendWith(' shpss_abc123 ')).toEqual({
      shopify_store_url: 'fern-flax',
      access_token: 'shpat_123',
      shopify_api_secret: 'shpss_abc123',
    });
  });

  it('Disconnect asks first, then calls the DELETE and shows the connect form again', async () => {
    setTokens({ access: 'acc', refresh: 'ref' });
    const overviews = [connected()];
    let answer: () => Response | Promise<Response> = () =>
      jsonResponse(502, { error: BUSINESS_MESSAGES.somethingWentWrong });
    const { calls } = mockDashboardApi(overviews, (call) =>
      call.url === '/api/shopifymanualconnect/3/' && call.method === 'DELETE'
        ? answer()
        : undefined,
    );
    renderApp('/dashboard/shopify?business=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Shopify?' });
    expect(dialog.textContent).toContain('fern-flax.myshopify.com will be disconnected');
    // Cancel closes it and calls nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // A failure keeps the store connected and says so in the dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect store' }));
    const again = await screen.findByRole('dialog', { name: 'Disconnect Shopify?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Disconnect store' }));
    expect((await within(again).findByRole('alert')).textContent).toBe(
      BUSINESS_MESSAGES.somethingWentWrong,
    );
    expect(screen.getByText('fern-flax.myshopify.com')).toBeTruthy();

    answer = () => {
      overviews[0] = businessOverview();
      return jsonResponse(200, { shopify_connected: false });
    };
    fireEvent.click(within(again).getByRole('button', { name: 'Disconnect store' }));
    expect(await screen.findByText('Your Shopify store is disconnected.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Connect store' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('fern-flax.myshopify.com')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/shopifymanualconnect/3/',
      '/api/shopifymanualconnect/3/',
    ]);
  });
});
