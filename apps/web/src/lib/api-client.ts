import { MESSAGES } from '@leafline/contract/messages';
import {
  type AnyApiRoute,
  fillPath,
  type PathParamName,
  type PathParams,
  type RouteResponse,
  type RouteShapesOf,
} from '@leafline/contract/route-kit';
import { SHOP_ROUTES } from '@leafline/contract/shop-routes';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './auth-tokens';
import { navigateTo } from './navigation';

/**
 * The one way the web app talks to the API (DESIGN §1). It adds the bearer token, turns
 * error bodies into `ApiError`, applies timeouts, and on a 401 refreshes the session once
 * and retries (SPEC §4 Session).
 */

/** Same origin by default; a build can point elsewhere with VITE_API_ROOT. */
const API_ROOT: string = (import.meta.env.VITE_API_ROOT ?? '').replace(/\/$/, '');

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Uploads (a multipart body) can take a while on a phone's network. */
const UPLOAD_TIMEOUT_MS = 120_000;
export const REFRESH_PATH = SHOP_ROUTES.refreshToken.pattern;
export const LOGIN_PATH = '/login';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** A body sent as JSON. */
  json?: unknown;
  /** A multipart body (uploads). */
  formData?: FormData;
  /** Query string parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Abort after this long (default 30 s, 2 min for a multipart body). 0: no timeout. */
  timeoutMs?: number;
  /**
   * true (default): send the stored access token and, on a 401, refresh once and retry.
   * false: send no token and never refresh (login, register, logout, password reset).
   */
  auth?: boolean;
  /** Headers added to the request (e.g. a refund's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** An answer from the server that is not a success. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> | undefined,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** Whether `message` is the server's own text (its `error` or `detail` field). */
  get hasServerMessage(): boolean {
    const body = this.body as Record<string, unknown> | null;
    return (
      !!body &&
      typeof body === 'object' &&
      (typeof body.error === 'string' || typeof body.detail === 'string')
    );
  }
}

/** No answer at all: offline, server down, or the request took too long. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's own `error` text when it sent one, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.hasServerMessage) return error.message;
  return fallback;
}

function buildUrl(path: string, query: ApiFetchOptions['query']): string {
  let url = /^https?:\/\//.test(path) ? path : `${API_ROOT}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null || value === '') continue;
      params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function toApiError(status: number, body: unknown): ApiError {
  let message = `Request failed with status ${status}.`;
  let fields: Record<string, string> | undefined;
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error === 'string' && b.error) message = b.error;
    else if (typeof b.detail === 'string' && b.detail) message = b.detail;
    if (b.fields && typeof b.fields === 'object') {
      fields = Object.fromEntries(
        Object.entries(b.fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
    }
  }
  return new ApiError(status, message, fields, body);
}

/**
 * How a request reaches the API: the browser's `fetch`, or, when the server renders a page
 * (entry-server.tsx, decision 0044), the server's own routes in its process (no socket).
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server's renderer answers the app's API requests itself (decision 0044). */
export function setApiTransport(send: ApiTransport) {
  transport = send;
}

/** Runs `fetch` with a timeout that also honours the caller's signal. */
async function send(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  try {
    return await transport(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new NetworkError('The request timed out.', true, { cause: error });
    // The caller cancelled: pass their abort on unchanged (React Query expects it).
    if (signal?.aborted) throw error;
    throw new NetworkError('The server could not be reached.', false, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

// Concurrent 401s share one refresh: the refresh token rotates, so a second refresh with
// the same token would fail and log the user out.
let refreshInFlight: Promise<RefreshOutcome> | null = null;

async function refreshSession(): Promise<RefreshOutcome> {
  const refresh = getRefreshToken();
  if (!refresh) return 'rejected';
  let response: Response;
  try {
    response = await send(
      buildUrl(REFRESH_PATH, undefined),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      },
      DEFAULT_TIMEOUT_MS,
    );
  } catch {
    return 'unreachable';
  }
  if (!response.ok) return response.status >= 500 ? 'unreachable' : 'rejected';
  const body = (await readBody(response)) as { access?: unknown; refresh?: unknown } | undefined;
  if (!body || typeof body.access !== 'string') return 'rejected';
  setTokens({
    access: body.access,
    refresh: typeof body.refresh === 'string' ? body.refresh : undefined,
  });
  return 'refreshed';
}

/**
 * Tabs share the tokens in localStorage, and a rotated refresh token used twice ends the
 * session (reuse detection). So the refresh runs under a lock common to all tabs (Web Locks
 * API); a tab that waited and finds a new refresh token in storage uses it instead of
 * refreshing again.
 */
async function refreshAcrossTabs(): Promise<RefreshOutcome> {
  const before = getRefreshToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return refreshSession();
  return locks.request('leafline-token-refresh', async () => {
    const now = getRefreshToken();
    if (now && now !== before) return 'refreshed';
    return refreshSession();
  });
}

function refreshOnce(): Promise<RefreshOutcome> {
  refreshInFlight ??= refreshAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** The session is over: forget it and ask the user to log in again. */
function endSession(): void {
  clearTokens();
  navigateTo(LOGIN_PATH, {
    replace: true,
    state: { notice: MESSAGES.sessionExpired, noticeTone: 'warning' },
  });
}

export async function apiFetch<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/**
 * As `apiFetch`, also giving the answer's headers: a paged dashboard list carries its total
 * in `X-Total-Count` (the list itself stays an array, SPEC §7).
 */
export async function apiFetchWithHeaders<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await apiFetchResponse(path, options);
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return { data: body as T, headers: response.headers };
}

/**
 * The answer itself, unread, once it is a success: for bodies that are not JSON (a stream of
 * Server-Sent Events, a CSV file). The bearer token, its refresh on a 401 and the timeout (up
 * to the answer's headers; 0 for none) work as for `apiFetch`; an error answer is thrown as
 * `ApiError`. `accept` replaces the JSON one; `headers` are added.
 */
export async function apiFetchStream(
  path: string,
  options: ApiFetchOptions & { accept?: string } = {},
): Promise<Response> {
  const response = await apiFetchResponse(path, options);
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  return response;
}

async function apiFetchResponse(
  path: string,
  options: ApiFetchOptions & { accept?: string },
): Promise<Response> {
  const {
    method = options.json !== undefined || options.formData ? 'POST' : 'GET',
    json,
    formData,
    query,
    signal,
    timeoutMs = formData ? UPLOAD_TIMEOUT_MS : DEFAULT_TIMEOUT_MS,
    auth = true,
  } = options;
  const url = buildUrl(path, query);

  const attempt = async (token: string | null) => {
    const headers: Record<string, string> = {
      accept: options.accept ?? 'application/json',
      ...options.headers,
    };
    let body: BodyInit | undefined;
    if (formData) body = formData;
    else if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    return send(url, { method, headers, body }, timeoutMs, signal);
  };

  const sentToken = auth ? getAccessToken() : null;
  let response = await attempt(sentToken);

  // Only a request that carried a token can be saved by refreshing it; a 401 without one
  // (e.g. wrong password on POST /token/) is an ordinary error.
  if (response.status === 401 && sentToken) {
    const current = getAccessToken();
    let outcome: RefreshOutcome;
    if (current && current !== sentToken)
      outcome = 'refreshed'; // another request refreshed
    else outcome = await refreshOnce();

    if (outcome === 'refreshed') {
      response = await attempt(getAccessToken());
    } else if (outcome === 'rejected') {
      const error = toApiError(response.status, await readBody(response));
      endSession();
      throw error;
    }
  }
  return response;
}

/** The path parameters a route needs, when it has any. */
type ParamsOption<R extends AnyApiRoute> = string extends R['pattern']
  ? { params?: Readonly<Record<string, string | number>> }
  : [PathParamName<R['pattern']>] extends [never]
    ? { params?: undefined }
    : { params: PathParams<R['pattern']> };

/** Its JSON body or its multipart form, as the route takes one. */
type BodyOption<S> = S extends { json: infer Body }
  ? { json: Body }
  : S extends { form: true }
    ? { formData: FormData }
    : unknown;

type QueryOption<S> = S extends { query: infer Query } ? { query?: Query } : unknown;

/**
 * What a call of `route` is given beside it: its path parameters, its body and query as the
 * route table types them, and `apiFetch`'s own options (signal, timeout, auth).
 */
export type ApiCallOptions<R extends AnyApiRoute> = Pick<
  ApiFetchOptions,
  'signal' | 'timeoutMs' | 'auth' | 'headers'
> &
  ParamsOption<R> &
  // Any route of the table (generic helpers): any body and query.
  (0 extends 1 & RouteShapesOf<R>
    ? Pick<ApiFetchOptions, 'json' | 'formData' | 'query'>
    : BodyOption<RouteShapesOf<R>> & QueryOption<RouteShapesOf<R>>);

/** The options, left out when the route needs none. */
type CallArgs<R extends AnyApiRoute, Extra = unknown> =
  object extends ApiCallOptions<R>
    ? [options?: ApiCallOptions<R> & Extra]
    : [options: ApiCallOptions<R> & Extra];

/** `route`'s path (parameters filled in) and `apiFetch`'s options, its method the route's. */
function routeRequest(
  route: AnyApiRoute,
  options: object = {},
): [string, ApiFetchOptions & { accept?: string }] {
  const { params, ...rest } = options as ApiFetchOptions & { params?: Record<string, string> };
  return [fillPath(route.pattern, params ?? {}), { ...rest, method: route.method }];
}

/**
 * One call of the route table (`@leafline/contract/routes`, in its parts SHOP_ROUTES,
 * ACCOUNT_ROUTES and SELLER_ROUTES): `apiCall(SHOP_ROUTES.product, { params: { id }, signal })`.
 * The method and path come from the table, the body's and the answer's types too; the token,
 * its refresh, the timeout and `ApiError` are `apiFetch`'s.
 */
export function apiCall<R extends AnyApiRoute>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<RouteResponse<R>> {
  return apiFetch<RouteResponse<R>>(...routeRequest(route, options));
}

/** As `apiCall`, also giving the answer's headers (`apiFetchWithHeaders`). */
export function apiCallWithHeaders<R extends AnyApiRoute>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<{ data: RouteResponse<R>; headers: Headers }> {
  return apiFetchWithHeaders<RouteResponse<R>>(...routeRequest(route, options));
}

/** As `apiCall`, giving the answer unread (`apiFetchStream`): a CSV file, an event stream. */
export function apiCallStream<R extends AnyApiRoute>(
  route: R,
  ...[options]: CallArgs<R, { accept?: string }>
): Promise<Response> {
  return apiFetchStream(...routeRequest(route, options));
}

/** For tests: forget a refresh that never settled. */
export function resetApiClientForTests(): void {
  refreshInFlight = null;
}
