/**
 * Telling "the database cannot be reached" apart from a failure of one request (DESIGN 2.14):
 * while PostgreSQL is away every request fails the same way, so the app answers 503 with
 * Retry-After and logs the outage once, then once more when a probe finds it back.
 */

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not there for us: class 08 (connection exception), shutting
 * down or starting up (57P01–57P03), the database dropped (3D000), too many connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|3D000|53300)$/;

/** node-postgres' own words for a connection lost or never made (it sets no code on them). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated due to connection timeout',
  // A connection's own connect timeout (the pool's connections have one: db/client.ts).
  'timeout expired',
];

/** Whether `error` (or one of its causes) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The shop is briefly unavailable while we reconnect to our database. Please try again in a few seconds.';

interface Log {
  error(obj: object, msg?: string): void;
  info(obj: object | string, msg?: string): void;
}

export interface DatabaseOutage {
  /** Notes a request that failed for want of the database; logs only the first of an outage. */
  report(error: unknown): void;
  stop(): void;
}

/**
 * The outage state of one app. The first failure logs and starts a probe (`ping` every
 * `probeMs`); the first probe that succeeds logs the recovery. Requests are not slowed: the
 * state is only read when a request has already failed.
 */
export function watchDatabaseOutage(options: {
  ping: () => Promise<void>;
  log: Log;
  probeMs?: number;
}): DatabaseOutage {
  const probeMs = options.probeMs ?? 1000;
  let since: number | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const probe = () => {
    timer = setTimeout(async () => {
      try {
        await options.ping();
      } catch {
        if (!stopped) probe();
        return;
      }
      const seconds = since === null ? 0 : Math.round((Date.now() - since) / 100) / 10;
      options.log.info({ seconds, failedRequests: failures }, 'database reachable again');
      since = null;
      failures = 0;
    }, probeMs);
    timer.unref();
  };

  return {
    report(error) {
      failures += 1;
      if (since !== null || stopped) return;
      since = Date.now();
      options.log.error({ err: error }, 'database unreachable; answering 503 until it is back');
      probe();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A promise nobody awaited that failed because the database is away is logged, not fatal: the
 * job runner's library (pg-boss 10) records a job's end without awaiting it, so an outage at
 * that moment ended the whole process (Node's default for an unhandled rejection; found by
 * `npm run faults`). That job is given again after its expiry. Any other unhandled rejection
 * still ends the process, as before.
 */
export function surviveDatabaseOutages(
  target: { on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown },
  log: { warn(obj: object, msg?: string): void; fatal(obj: object, msg?: string): void },
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  target.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'a background database call failed: the database is away');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection: stopping');
    exit(1);
  });
}
