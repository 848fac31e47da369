/**
 * The shoppers' HTTP calls and the tally of their answers during one fault: every answer is
 * counted, and every failure by what a person (or their browser) saw — a 503 the app meant
 * (Retry-After and a JSON `error`), a 502 of the balancer, a bare 500, a dropped connection.
 */

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The JSON body, when there is one. */
  json: unknown;
}

/** How a failed request failed, as the table shows it. */
export function failureKind(answer: Answer | Error): string {
  if (answer instanceof Error) return 'connection failed';
  const error = (answer.json as { error?: unknown } | undefined)?.error;
  const readable = typeof error === 'string' && error.length > 0;
  if (answer.status === 503) {
    if (answer.headers.get('retry-after') && readable) return '503 Retry-After';
    return readable ? '503 (no Retry-After)' : '503 (no JSON error)';
  }
  if (answer.status === 502) return '502 (balancer)';
  return `${answer.status}${readable ? '' : ' (no JSON error)'}`;
}

/** Counts of one fault's requests and failures. */
export class Tally {
  requests = 0;
  readonly failures = new Map<string, number>();

  fail(kind: string): void {
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
  }

  get failed(): number {
    let total = 0;
    for (const n of this.failures.values()) total += n;
    return total;
  }

  /** `12 × 503 Retry-After, 1 × 502 (balancer)`, or `0`. */
  describe(): string {
    if (this.failures.size === 0) return '0';
    return [...this.failures.entries()].map(([kind, n]) => `${n} × ${kind}`).join(', ');
  }
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** JSON body. */
  json?: unknown;
  /** Form body (the hosted payment page). */
  form?: Record<string, string>;
}

/** One request; a dropped connection is an Error, never thrown. */
export async function call(base: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  try {
    const res = await fetch(new URL(path, base), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json: unknown;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, json } satisfies Answer;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A failure worth trying again (the app or the balancer was not there for this request). */
export const retryable = (answer: Answer | Error): boolean =>
  answer instanceof Error || answer.status >= 500;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
