import { Agent, request as httpRequest } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export interface Scenario {
  name: string;
  method?: string;
  path: string;
  /** When given, each request takes the next of these paths in turn (distinct queries). */
  paths?: string[];
  headers?: Record<string, string>;
  /**
   * When given, client loop k sends its requests with `headers` and `perClient[k % n]` (each
   * loop one shopper, with their own session, as in real traffic).
   */
  perClient?: Array<Record<string, string>>;
  body?: string;
  /** When given, request i sends `bodies[i % n]` (with `paths[i % m]`: give them alike). */
  bodies?: string[];
}

export interface Result {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface MeasureOptions {
  seconds: number;
  concurrency: number;
  /**
   * Open loop: requests are sent at this fixed rate (req/s), whether or not earlier ones have
   * answered, so a slow answer never holds back (and hides) the requests behind it; each
   * latency counts from when the request was due, or was sent when the client was late. `concurrency` is then the number of shoppers
   * whose sessions the requests take in turn. Without it, `concurrency` closed loops.
   */
  rate?: number;
  maxRequests?: number;
  warmupSeconds?: number;
}

/**
 * Measures `scenario` from a worker thread: the load generator has its own event loop, so the
 * server under test (in the main thread) is not slowed by the client, nor the latencies
 * stretched by the client's own queueing behind the server's work.
 */
export function measure(
  baseUrl: string,
  scenario: Scenario,
  options: MeasureOptions,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { baseUrl, scenario, options },
    });
    worker.once('message', (result: Result) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker stopped with code ${code}`));
    });
  });
}

if (!isMainThread && workerData?.scenario) {
  const { baseUrl, scenario, options } = workerData as {
    baseUrl: string;
    scenario: Scenario;
    options: MeasureOptions;
  };
  measureHere(baseUrl, scenario, options).then((result) => parentPort?.postMessage(result));
}

/**
 * Sends requests to a local server from `concurrency` loops for `seconds` (bounded in count and
 * time), and reports throughput and latency percentiles in milliseconds.
 */
async function measureHere(
  baseUrl: string,
  scenario: Scenario,
  options: MeasureOptions,
): Promise<Result> {
  // Open loop: enough sockets that no request waits in the client for another's answer.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: options.rate ? 256 : options.concurrency,
  });
  const urls = (scenario.paths ?? [scenario.path]).map((p) => new URL(p, baseUrl));
  let turn = 0;
  const latencies: number[] = [];
  let errors = 0;
  const maxRequests = options.maxRequests ?? 200_000;
  const headersOf = (client: number) =>
    scenario.perClient
      ? { ...scenario.headers, ...scenario.perClient[client % scenario.perClient.length] }
      : scenario.headers;
  const one = (client: number) =>
    new Promise<number>((resolve) => {
      const i = turn++;
      const body = scenario.bodies ? scenario.bodies[i % scenario.bodies.length] : scenario.body;
      const req = httpRequest(
        urls[i % urls.length]!,
        { method: scenario.method ?? 'GET', headers: headersOf(client), agent },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      if (body) req.write(body);
      req.end();
    });
  // A short untimed warm-up: compiled code paths, filled caches and open connections, as in a
  // server that has been running, rather than the first second after start.
  const warmUntil = performance.now() + (options.warmupSeconds ?? 1) * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      while (performance.now() < warmUntil) await one(client);
    }),
  );
  if (options.rate) return openLoop(scenario.name, options.rate, options.seconds, one, latencies);
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  const loop = async (client: number) => {
    while (performance.now() < deadline && latencies.length + errors < maxRequests) {
      const t0 = performance.now();
      const status = await one(client);
      if (status >= 200 && status < 300) latencies.push(performance.now() - t0);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, client) => loop(client)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return summarize(scenario.name, latencies, errors, elapsed);
}

/** The p-th quantile (0–1) of the values, and the count and maximum. */
export function percentiles(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { n: sorted.length, p50: pct(0.5), p99: pct(0.99), max: sorted.at(-1) ?? 0 };
}

/** A run's result from its request latencies (ms), errors and length (s). */
export function summarize(
  name: string,
  latencies: readonly number[],
  errors: number,
  elapsed: number,
): Result {
  const { n, p50, p99 } = percentiles(latencies);
  return { name, requests: n, rps: n / elapsed, p50, p99, errors };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `one(client)` at `rate` per second for `seconds`, shoppers in turn (see `rate`). */
async function openLoop(
  name: string,
  rate: number,
  seconds: number,
  one: (client: number) => Promise<number>,
  latencies: number[],
): Promise<Result> {
  const interval = 1000 / rate;
  const total = Math.floor(seconds * rate);
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    // From when it was due, or sent if that was later (a timer may fire a little early).
    const from = Math.max(due, performance.now());
    pending.push(
      one(i).then((status) => {
        if (status >= 200 && status < 300) latencies.push(performance.now() - from);
        else errors++;
      }),
    );
  }
  await Promise.all(pending);
  return summarize(name, latencies, errors, (performance.now() - started) / 1000);
}

const W = 46;

export function printTable(results: Result[], baseline: Result): void {
  console.log(
    `\n${'scenario'.padEnd(W)}${'req/s'.padStart(10)}${'× floor'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(W)}${r.rps.toFixed(0).padStart(10)}${(r.rps / baseline.rps).toFixed(2).padStart(9)}${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
}
