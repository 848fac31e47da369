import http from 'node:http';

/**
 * What the load run measures per call kind (home, search, product, checkout, …): how many, how
 * long each took, and the errors by kind. A 5xx, an answer the flow did not expect (a 4xx that
 * a real browser would show as a failure) and a network error are counted apart, so that the
 * table says which of them went wrong.
 */
export interface CallStats {
  count: number;
  /** Status ≥ 500 (the proxy's 502 included). */
  server: number;
  /** A status the flow did not expect (an unexpected 4xx or 3xx). */
  unexpected: number;
  /** No answer at all: refused, reset, timed out. */
  network: number;
  /** Milliseconds, one per call; sorted when read. */
  latencies: number[];
  /** The first few error details, to find the cause. */
  samples: string[];
}

export class Recorder {
  readonly calls = new Map<string, CallStats>();

  private of(kind: string): CallStats {
    let stats = this.calls.get(kind);
    if (!stats) {
      stats = { count: 0, server: 0, unexpected: 0, network: 0, latencies: [], samples: [] };
      this.calls.set(kind, stats);
    }
    return stats;
  }

  record(
    kind: string,
    ms: number,
    error?: { type: 'server' | 'unexpected' | 'network'; detail: string },
  ) {
    const stats = this.of(kind);
    stats.count += 1;
    stats.latencies.push(ms);
    if (error) {
      stats[error.type] += 1;
      if (stats.samples.length < 5) stats.samples.push(error.detail.slice(0, 300));
    }
  }

  /** Failures of a flow itself (an answer it could not read): not a call, still an error. */
  readonly flowErrors: string[] = [];

  get errors(): number {
    let total = this.flowErrors.length;
    for (const s of this.calls.values()) total += s.server + s.unexpected + s.network;
    return total;
  }
}

/** The p-th percentile (0–100) of sorted values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON of the API, read by the flows that know it.
  json(): any;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (sent as application/json). */
  json?: unknown;
  /** A form body (sent as application/x-www-form-urlencoded, as a browser posts a form). */
  form?: Record<string, string>;
  /** The statuses this call may answer in its flow (default: 200). */
  expect?: readonly number[];
}

export class CallError extends Error {}

/**
 * HTTP calls through one keep-alive agent sized for every shopper at once, each timed and
 * recorded under its kind. An unexpected answer throws a CallError (already recorded), which
 * ends the shopper's current flow as a browser's failed page would.
 */
export class Client {
  private readonly agent: http.Agent;

  constructor(
    readonly base: string,
    readonly recorder: Recorder,
    sockets: number,
    private readonly timeoutMs = 30_000,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  async call(kind: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const expect = options.expect ?? [200];
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const url = new URL(path, this.base);
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await this.send(url, method, headers, body);
    } catch (error) {
      const detail = `${method} ${url.pathname}: ${(error as Error).message}`;
      this.recorder.record(kind, performance.now() - started, { type: 'network', detail });
      throw new CallError(detail);
    }
    const ms = performance.now() - started;
    if (expect.includes(answer.status)) {
      this.recorder.record(kind, ms);
      return answer;
    }
    const detail = `${method} ${url.pathname}${url.search} → ${answer.status} ${answer.text.slice(0, 200)}`;
    this.recorder.record(kind, ms, {
      type: answer.status >= 500 ? 'server' : 'unexpected',
      detail,
    });
    throw new CallError(detail);
  }

  private send(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text),
          });
        });
      });
      req.setTimeout(this.timeoutMs, () =>
        req.destroy(new Error(`timed out after ${this.timeoutMs} ms`)),
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
