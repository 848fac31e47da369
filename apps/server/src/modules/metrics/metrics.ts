import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/client';
import type { QueueCounts } from '../../jobs/job-runner';

/**
 * The operator's numbers (issue 14), in Prometheus' text format at `GET /metrics`. One
 * registry per app instance, never prom-client's global one: tests build many apps in one
 * process. Counters are fed as things happen (requests, job failures, cache lookups); gauges
 * are read when scraped (pool, job tables, open streams).
 */

/** The route label of a request no route took (404s, the web pages' fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** How long a scrape waits for the job tables before it leaves their gauges out. */
const JOB_COUNTS_TIMEOUT_MS = 2000;

/** Where the scrape-time gauges read from. */
export interface MetricSources {
  poolStats(): PoolStats | undefined;
  jobCounts(): Promise<QueueCounts[]>;
  liveStreams(): number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its method, route pattern, status and time in seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One failed job attempt (`parked`: its last). */
  jobFailed(queue: string, parked: boolean): void;
  /** One catalogue answer, from the cache or computed. */
  cacheLookup(hit: boolean): void;
  /** Sets where the gauges read from (the parts exist once the app is built). */
  readFrom(sources: MetricSources): void;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Registers = Registry[];
/** Where the scrape-time gauges read from, once `readFrom` has set it. */
type SourcesRef = { current: MetricSources | undefined };

/** The pool's gauges, only where there is a pool (not on PGlite: no zeros that mean nothing). */
function registerPoolGauges(registers: Registers, poolStats: () => PoolStats | undefined): void {
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state (busy, idle).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = poolStats();
      if (!stats) return;
      this.set({ state: 'busy' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_queries',
    help: 'Queries waiting for a connection of the PostgreSQL pool.',
    registers,
    collect() {
      this.set(poolStats()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE).',
    registers,
    collect() {
      this.set(poolStats()?.max ?? 0);
    },
  });
}

/** The job tables' gauges, read when scraped. */
function registerJobGauges(registers: Registers, sources: SourcesRef): void {
  // Both job gauges of a scrape come from one read of the job tables (prom-client collects
  // every metric of a scrape at once).
  let reading: Promise<QueueCounts[] | undefined> | undefined;
  const readJobCounts = () => {
    if (!reading) {
      const read = sources.current
        ? withTimeout(sources.current.jobCounts(), JOB_COUNTS_TIMEOUT_MS).catch(() => undefined)
        : Promise.resolve(undefined);
      reading = read;
      void read.finally(() => {
        if (reading === read) reading = undefined;
      });
    }
    return reading;
  };
  new Gauge({
    name: 'job_queue_counts_up',
    help: 'Whether this scrape read the job tables (0: the database did not answer, and the job_queue_jobs gauge is left out).',
    registers,
    async collect() {
      // The other metrics still answer without them: an outage is when they matter most.
      this.set((await readJobCounts()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Background jobs by queue and state: waiting (created or to be retried), active, failed (parked for an operator).',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, waiting, active, failed } of (await readJobCounts()) ?? []) {
        this.set({ queue, state: 'waiting' }, waiting);
        this.set({ queue, state: 'active' }, active);
        this.set({ queue, state: 'failed' }, failed);
      }
    },
  });
}

/** The counters fed as things happen: job failures and catalogue cache lookups. */
function createCounters(registers: Registers) {
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Failed job attempts by queue; parked="true" for a last attempt (the job is parked).',
    labelNames: ['queue', 'parked'] as const,
    registers,
  });

  const cacheHits = new Counter({
    name: 'catalog_cache_hits_total',
    help: 'Public catalogue answers served from the in-memory cache.',
    registers,
  });
  const cacheMisses = new Counter({
    name: 'catalog_cache_misses_total',
    help: 'Public catalogue answers computed (not in the cache, or the cache off); the hit rate is hits / (hits + misses).',
    registers,
  });
  return { jobFailures, cacheHits, cacheMisses };
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: SourcesRef = { current: undefined };
  // The event loop's delay sampled once a second, not prom-client's 100 times: its timer alone
  // kept an idle instance at 2 % of a core (decision 0034).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1000 });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });

  registerJobGauges(registers, sources);
  const { jobFailures, cacheHits, cacheMisses } = createCounters(registers);

  new Gauge({
    name: 'sse_connections',
    help: "Open live-order streams (Server-Sent Events to sellers' dashboards) on this instance.",
    registers,
    collect() {
      this.set(sources.current?.liveStreams() ?? 0);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requestDuration.observe({ method, route, status_code: String(status) }, seconds);
    },
    jobFailed(queue, parked) {
      jobFailures.inc({ queue, parked: String(parked) });
    },
    cacheLookup(hit) {
      (hit ? cacheHits : cacheMisses).inc();
    },
    readFrom(value) {
      sources.current = value;
      if (value.poolStats()) registerPoolGauges(registers, () => value.poolStats());
    },
  };
}
