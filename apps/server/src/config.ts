import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one validated configuration module (DESIGN §1): nothing else reads process.env.
 * A bad value stops start-up with a message that names the variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return protocols.includes(u.protocol.replace(':', ''));
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );

/** A whole number from `min` to `max`, read from its text; the message says the range. */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

/** true or false, as `true`/`false` or `1`/`0`. */
const flag = (byDefault: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default(byDefault ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(urlString(['http', 'https']).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(urlString(['postgres', 'postgresql']).optional()),
  SMTP_URL: optionalString.pipe(urlString(['smtp', 'smtps']).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Leafline <hello@leafline.local>'),
  TOKEN_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must start with sk_test_, sk_live_, rk_test_ or rk_live_')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  ),
  /**
   * The secret of the Connect webhook endpoint ("events on connected accounts": the brands'
   * `account.updated`), when it is another endpoint than STRIPE_WEBHOOK_SECRET's.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString.pipe(
    z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  ),
  /** Another Stripe API host (stripe-mock, a test double); unset means api.stripe.com. */
  STRIPE_API_BASE: optionalString.pipe(urlString(['http', 'https']).optional()),
  /**
   * Where the Shopify Admin API calls go instead of https://<store> (a local stand-in store for
   * tests and demos): `<origin>/<store>.myshopify.com/admin/api/<version>/graphql.json`.
   */
  SHOPIFY_ADMIN_ORIGIN: optionalString.pipe(urlString(['http', 'https']).optional()),
  /** How long one Shopify Admin API call may take before it counts as unreachable. */
  SHOPIFY_TIMEOUT_MS: wholeNumber(100, 120000).default(15000),
  /**
   * The secret Shopify signs its webhooks with (the custom app's API secret key): a webhook's
   * X-Shopify-Hmac-Sha256 is checked against it. Unset: every webhook is refused.
   */
  SHOPIFY_API_SECRET: optionalString,
  /**
   * The longest an idle job runner sleeps, in seconds (DESIGN 2.17, decision 0034). A send
   * wakes the runners of every instance at once (its NOTIFY), and a waiting job wakes them when
   * it is due; this bounds the wait for work nobody announced (jobs given again by another
   * instance's upkeep). While the notices are lost the runner looks every 2 s at least.
   */
  JOBS_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.5, 'must be between 0.5 and 60')
    .max(60, 'must be between 0.5 and 60')
    .default(30),
  /**
   * How often the job runner's upkeep runs, in seconds: among others it gives again the jobs
   * of a worker that died (a killed instance), once their time is up.
   */
  JOBS_MAINTENANCE_SECONDS: wholeNumber(5, 3600).default(120),
  /** false: this instance sends jobs but runs none (another instance does). */
  JOBS_WORKERS: flag(true),
  PAYMENTS_JOB_SECONDS: wholeNumber(0, 3600).default(30),
  /**
   * Seconds after which an open checkout that never got its payment page (its process stopped
   * between the two steps) is ended by the periodic payment job, its stock released.
   */
  CHECKOUT_STRANDED_SECONDS: wholeNumber(5, 86_400).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: flag(true),
  /** false: no welcome e-mail at registration (issue "Account basics", point 3). */
  WELCOME_EMAIL: flag(true),
  WEB_DIST_DIR: optionalString,
  SITEMAP_MAX_URLS: wholeNumber(10, 50_000).default(50_000),
  SERVER_RENDER: flag(true),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  CATALOG_CACHE_SECONDS: wholeNumber(0, 3600).default(60),
  DATABASE_POOL_SIZE: wholeNumber(1, 100).optional(),
  SESSION_CACHE_SECONDS: wholeNumber(0, 300).default(30),
  /**
   * The bearer token of the operator calls (`/metrics`, `/ops/jobs/…`). Unset: those calls
   * answer 404, as if they did not exist.
   */
  OPS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters long').optional(),
  ),
  /**
   * S3-compatible object storage for media (DESIGN 2.15). With S3_BUCKET set, uploads go to the
   * bucket and every instance serves every image; unset, media stay in DATA_DIR/media.
   */
  S3_BUCKET: optionalString,
  /** Another S3 endpoint than AWS's (MinIO, a local S3 stand-in): its origin. */
  S3_ENDPOINT: optionalString.pipe(urlString(['http', 'https']).optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style addresses (`<endpoint>/<bucket>/<key>`), as most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: flag(false),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine(
      (v) => v === '' || /^(true|false|\d{1,2})$/.test(v) || /^[\d.:a-f/, ]+$/i.test(v),
      'must be true, false, a number of proxy hops, or a list of proxy addresses',
    ),
});

/**
 * Connections of the PostgreSQL pool when DATABASE_POOL_SIZE is unset: twice the cores, at
 * least 4 (the usual sizing rule). More connections than cores can run does not answer more
 * requests; it makes them wait for the CPU inside PostgreSQL instead of in a cheap queue here,
 * which showed as a worse p99 of the cart calls (`npm run bench`, 2 cores: 4 against 10–16).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  tokenSecret: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeConnectWebhookSecret: string | undefined;
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** The origin that stands in for every Shopify store (unset: the real https://<store>). */
  shopifyAdminOrigin: string | undefined;
  /** Time limit of one Shopify Admin API call, in milliseconds. */
  shopifyTimeoutMs: number;
  /** The secret Shopify's webhooks are signed with; unset refuses them all. */
  shopifyApiSecret: string | undefined;
  /** Seconds between two looks for work of an idle job worker (DESIGN 2.17). */
  jobsPollSeconds: number;
  jobsMaintenanceSeconds: number;
  /** Whether this instance runs jobs (it always may send them). */
  jobsWorkers: boolean;
  /**
   * How often the payment jobs run (transfer retries, expiry of local payment sessions,
   * redelivery of their events); 0 turns the timer off.
   */
  paymentsJobSeconds: number;
  checkoutStrandedSeconds: number;
  logLevel: string;
  seedDemo: boolean;
  /** Whether a new account gets the welcome e-mail (a mail job queued after the answer). */
  welcomeEmail: boolean;
  webDistDir: string;
  /**
   * Whether the public pages are rendered on the server (decision 0044; on by default, when
   * the web build has its server entry). Off: every page starts empty and the browser renders
   * it, as before issue 28 (`npm run lighthouse` measures both).
   */
  serverRender: boolean;
  /** Addresses in one sitemap file (sitemaps.org's limit by default); more make an index. */
  sitemapMaxUrls: number;
  /** Attempts per minute and address on the login and password-reset calls. */
  rateLimitMax: number;
  /** How long a public catalogue answer may be reused; 0 turns the cache off (DESIGN 2.11). */
  catalogCacheSeconds: number;
  /** Connections of the PostgreSQL pool (with DATABASE_URL). */
  databasePoolSize: number;
  /** How long the guard trusts that a signed-in account is still active (0: never). */
  sessionCacheSeconds: number;
  /**
   * Which X-Forwarded-For hops to believe (Fastify's trustProxy). Off by default: otherwise a
   * client could pick its own address and dodge the rate limits.
   */
  trustProxy: boolean | number | string;
  /** Bearer token of `/metrics` and the operator calls; unset hides them (404). */
  opsToken: string | undefined;
  /** Media in S3-compatible storage; undefined: the local media folder. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    tokenSecret: e.TOKEN_SECRET ?? readOrCreateSecret(dataDir, 'token-secret'),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    stripeApi: e.STRIPE_API_BASE ? parseApiBase(e.STRIPE_API_BASE) : undefined,
    shopifyAdminOrigin: e.SHOPIFY_ADMIN_ORIGIN ? new URL(e.SHOPIFY_ADMIN_ORIGIN).origin : undefined,
    shopifyTimeoutMs: e.SHOPIFY_TIMEOUT_MS,
    shopifyApiSecret: e.SHOPIFY_API_SECRET,
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    jobsMaintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
    jobsWorkers: e.JOBS_WORKERS,
    paymentsJobSeconds: e.PAYMENTS_JOB_SECONDS,
    checkoutStrandedSeconds: e.CHECKOUT_STRANDED_SECONDS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    welcomeEmail: e.WELCOME_EMAIL,
    webDistDir: path.resolve(
      e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'web', 'dist'),
    ),
    serverRender: e.SERVER_RENDER,
    sitemapMaxUrls: e.SITEMAP_MAX_URLS,
    rateLimitMax: e.RATE_LIMIT_MAX,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    opsToken: e.OPS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function parseApiBase(value: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * A secret generated once and kept in DATA_DIR/secrets/<name>, never a constant in code: the
 * token signing secret, and the local payment provider's webhook secret (`prefix` whsec_).
 */
export function readOrCreateSecret(dataDir: string, name: string, prefix = ''): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32 + prefix.length && value.startsWith(prefix)) return value;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = `${prefix}${randomBytes(48).toString('base64url')}`;
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}
