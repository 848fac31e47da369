import { ACCOUNT_ROUTES } from '@leafline/contract/account-routes';
import { MESSAGES } from '@leafline/contract/messages';
import { SELLER_ROUTES } from '@leafline/contract/seller-routes';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import {
  ApiError,
  apiCall,
  apiCallStream,
  apiCallWithHeaders,
  apiFetch,
  errorMessage,
  NetworkError,
  resetApiClientForTests,
} from './api-client';
import { AUTH_CHANGE_EVENT, setTokens } from './auth-tokens';
import { registerNavigator } from './navigation';

const navigations: Array<{ to: string; state: unknown }> = [];

/** The error a call failed with (both error classes share the fields read here). */
function failure(promise: Promise<unknown>): Promise<ApiError & { timedOut?: boolean }> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ApiError & { timedOut?: boolean }) => error,
  );
}

beforeEach(() => {
  navigations.length = 0;
  registerNavigator((to, options) => navigations.push({ to, state: options?.state }));
  resetApiClientForTests();
});

afterEach(() => {
  registerNavigator(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiFetch', () => {
  it('sends the stored access token as a bearer header', async () => {
    setTokens({ access: 'acc-1', refresh: 'ref-1' });
    const { calls } = mockFetch(() => jsonResponse(200, { first_name: 'Ada' }));

    const body = await apiFetch<{ first_name: string }>('/update-name/');

    expect(body).toEqual({ first_name: 'Ada' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/update-name/');
    expect(calls[0]!.headers.authorization).toBe('Bearer acc-1');
  });

  it('sends no bearer header without a token or with auth: false', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await apiFetch('/api/search/');
    setTokens({ access: 'acc-1', refresh: 'ref-1' });
    await apiFetch('/token/', { json: { username: 'a', password: 'b' }, auth: false });

    expect(calls[0]!.headers.authorization).toBeUndefined();
    expect(calls[1]!.headers.authorization).toBeUndefined();
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.headers['content-type']).toBe('application/json');
    expect(calls[1]!.body).toEqual({ username: 'a', password: 'b' });
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, {}));
    await apiFetch('/api/search/', {
      query: { search: 'soap', filter: '', page: 2, x: undefined },
    });
    expect(calls[0]!.url).toBe('/api/search/?search=soap&page=2');
  });

  it('parses the error body into an ApiError with the server message and fields', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        error: 'A user with that username already exists.',
        fields: { username: 'Taken.' },
      }),
    );

    const error = await failure(apiFetch('/register/', { json: {}, auth: false }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('A user with that username already exists.');
    expect(error.fields).toEqual({ username: 'Taken.' });
    expect(error.body).toEqual({
      error: 'A user with that username already exists.',
      fields: { username: 'Taken.' },
    });
    expect(errorMessage(error, 'fallback')).toBe('A user with that username already exists.');
  });

  it('falls back when the error body has no message', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await failure(apiFetch('/api/cart/'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.hasServerMessage).toBe(false);
    expect(errorMessage(error, 'Failed to load cart')).toBe('Failed to load cart');
  });

  it('does not refresh on a 401 when no token was sent (wrong password)', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { error: MESSAGES.loginIncorrect }));

    const error = await failure(apiFetch('/token/', { json: {}, auth: false }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe(MESSAGES.loginIncorrect);
    expect(calls).toHaveLength(1);
    expect(navigations).toHaveLength(0);
  });

  it('on a 401 refreshes once, stores both new tokens and retries the request', async () => {
    setTokens({ access: 'old-access', refresh: 'old-refresh' });
    const { calls } = mockFetch((call) => {
      if (call.url === '/token/refresh/') {
        return jsonResponse(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return call.headers.authorization === 'Bearer new-access'
        ? jsonResponse(200, { email: 'ada@example.com' })
        : jsonResponse(401, { error: 'Token expired.' });
    });

    const body = await apiFetch('/update-email/');

    expect(body).toEqual({ email: 'ada@example.com' });
    expect(calls.map((c) => c.url)).toEqual([
      '/update-email/',
      '/token/refresh/',
      '/update-email/',
    ]);
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.body).toEqual({ refresh: 'old-refresh' });
    expect(calls[1]!.headers.authorization).toBeUndefined();
    expect(localStorage.getItem('access_token')).toBe('new-access');
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh');
    expect(navigations).toHaveLength(0);
  });

  it('does not refresh a second time when the retried request is also refused', async () => {
    setTokens({ access: 'old-access', refresh: 'old-refresh' });
    const { calls } = mockFetch((call) =>
      call.url === '/token/refresh/'
        ? jsonResponse(200, { access: 'new-access', refresh: 'new-refresh' })
        : jsonResponse(401, { error: 'Nope.' }),
    );

    const error = await failure(apiFetch('/update-email/'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(calls.filter((c) => c.url === '/token/refresh/')).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('uses the tokens another tab refreshed while it waited for the lock, without refreshing', async () => {
    setTokens({ access: 'old-access', refresh: 'old-refresh' });
    // Another tab holds the refresh lock and rotates the tokens before this tab gets it.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<unknown>) => {
          setTokens({ access: 'other-tab-access', refresh: 'other-tab-refresh' });
          return callback();
        },
      },
    });
    const { calls } = mockFetch((call) =>
      call.headers.authorization === 'Bearer other-tab-access'
        ? jsonResponse(200, { email: 'ada@example.com' })
        : jsonResponse(401, { error: 'Token expired.' }),
    );

    const body = await apiFetch('/update-email/');

    expect(body).toEqual({ email: 'ada@example.com' });
    expect(calls.map((c) => c.url)).toEqual(['/update-email/', '/update-email/']);
    expect(localStorage.getItem('refresh_token')).toBe('other-tab-refresh');
    expect(navigations).toHaveLength(0);
  });

  it('shares one refresh between concurrent 401s', async () => {
    setTokens({ access: 'old-access', refresh: 'old-refresh' });
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { calls } = mockFetch(async (call) => {
      if (call.url === '/token/refresh/') {
        await refreshGate;
        return jsonResponse(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return call.headers.authorization === 'Bearer new-access'
        ? jsonResponse(200, { path: call.url })
        : jsonResponse(401, { error: 'Token expired.' });
    });

    const results = Promise.all([
      apiFetch('/update-name/'),
      apiFetch('/update-email/'),
      apiFetch('/api/user-has-business/'),
    ]);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url === '/token/refresh/')).toHaveLength(1),
    );
    releaseRefresh();

    expect(await results).toEqual([
      { path: '/update-name/' },
      { path: '/update-email/' },
      { path: '/api/user-has-business/' },
    ]);
    expect(calls.filter((c) => c.url === '/token/refresh/')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('when the refresh fails, clears the tokens and goes to /login', async () => {
    setTokens({ access: 'old-access', refresh: 'old-refresh' });
    const changes = vi.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, changes);
    const { calls } = mockFetch((call) =>
      call.url === '/token/refresh/'
        ? jsonResponse(401, { error: 'Token is invalid or expired.' })
        : jsonResponse(401, { error: 'Token expired.' }),
    );

    const error = await failure(apiFetch('/update-name/'));
    window.removeEventListener(AUTH_CHANGE_EVENT, changes);

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/update-name/', '/token/refresh/']);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(changes).toHaveBeenCalled();
    expect(navigations).toEqual([
      { to: '/login', state: { notice: MESSAGES.sessionExpired, noticeTone: 'warning' } },
    ]);
  });

  it('without a refresh token, a 401 ends the session without calling refresh', async () => {
    localStorage.setItem('access_token', 'only-access');
    const { calls } = mockFetch(() => jsonResponse(401, { error: 'Token expired.' }));

    await expect(apiFetch('/update-name/')).rejects.toBeInstanceOf(ApiError);

    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(navigations.map((n) => n.to)).toEqual(['/login']);
  });

  it('falls back to a full page load when no router is registered', async () => {
    registerNavigator(null);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    setTokens({ access: 'a', refresh: 'r' });
    mockFetch(() => jsonResponse(401, { error: 'no' }));

    await apiFetch('/update-name/').catch(() => undefined);

    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('turns a timeout into a NetworkError', async () => {
    vi.useFakeTimers();
    mockFetch(
      (call) =>
        new Promise<Response>((_, reject) => {
          void call;
          // Never answers; rejects when aborted.
          const signal = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock
            .calls[0]![1].signal!;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const pending = failure(apiFetch('/api/search/', { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    const error = await pending;

    expect(error).toBeInstanceOf(NetworkError);
    expect(error.timedOut).toBe(true);
  });

  it('turns a failed fetch into a NetworkError', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(apiFetch('/register/', { json: {}, auth: false }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.timedOut).toBe(false);
    expect(errorMessage(error, MESSAGES.somethingWentWrongBang)).toBe(
      MESSAGES.somethingWentWrongBang,
    );
  });

  it('sends multipart bodies untouched', async () => {
    const { calls } = mockFetch(() => jsonResponse(201, { ok: true }));
    const form = new FormData();
    form.set('name', 'Fern & Co');
    await apiFetch('/api/registerbiz/', { formData: form });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('apiCall', () => {
  it("sends the route's method to its path, parameters percent-encoded", async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { message: 'ok' }));

    await apiCall(ACCOUNT_ROUTES.passwordResetConfirm, {
      params: { uid: 'a/b', token: 't 1' },
      json: { password: 'pw', password2: 'pw' },
      auth: false,
    });
    await apiCall(SHOP_ROUTES.removeFromCart, {
      params: { productId: 7 },
      json: { variant_id: null },
    });

    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/auth/password-reset-confirm/a%2Fb/t%201/');
    expect(calls[0]!.body).toEqual({ password: 'pw', password2: 'pw' });
    expect(calls[1]!.method).toBe('DELETE');
    expect(calls[1]!.url).toBe('/api/remove-from-cart/7/');
    expect(calls[1]!.body).toEqual({ variant_id: null });
  });

  it("keeps apiFetch's token and query string", async () => {
    setTokens({ access: 'acc-1', refresh: 'ref-1' });
    const { calls } = mockFetch(() => jsonResponse(200, { results: [], count: 0 }));

    await apiCall(SHOP_ROUTES.search, { query: { search: 'soap', filter: '', page: 2 } });
    await apiCall(ACCOUNT_ROUTES.cancelCheckout, { params: { checkoutId: 31 } });

    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url).toBe('/api/search/?search=soap&page=2');
    expect(calls[0]!.headers.authorization).toBe('Bearer acc-1');
    expect(calls[1]!.method).toBe('POST');
    expect(calls[1]!.url).toBe('/checkout/31/cancel/');
    expect(calls[1]!.body).toBeUndefined();
  });

  it('gives the headers, or the answer unread, as the apiFetch variants do', async () => {
    mockFetch(
      () =>
        new Response('[]', {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': '41' },
        }),
    );

    const page = await apiCallWithHeaders(SELLER_ROUTES.sellerOrders, {
      params: { businessId: 3 },
      query: { page: 2 },
    });
    const stream = await apiCallStream(SELLER_ROUTES.orderExport, {
      params: { businessId: 3 },
      accept: 'text/csv',
    });

    expect(page.data).toEqual([]);
    expect(page.headers.get('x-total-count')).toBe('41');
    expect(stream).toBeInstanceOf(Response);
  });
});
