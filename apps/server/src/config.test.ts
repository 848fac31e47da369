import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'leafline-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has zero-setup defaults: port 3000, embedded database, outbox mail, local payments', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.stripeSecretKey).toBeUndefined();
  });

  it('generates the token secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'secrets', 'token-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir() }).tokenSecret).not.toBe(first);
  });

  it('sizes the database pool at twice the cores (at least 4) unless DATABASE_POOL_SIZE says', () => {
    const cores = availableParallelism();
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePoolSize).toBe(Math.max(4, 2 * cores));
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('uses TOKEN_SECRET when given and writes no file', () => {
    const dir = dataDir();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: secret }).tokenSecret).toBe(secret);
    expect(existsSync(path.join(dir, 'secrets'))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ TOKEN_SECRET: 'short' }, 'TOKEN_SECRET'],
    [{ STRIPE_SECRET_KEY: 'pk_test_123' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_123' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ SESSION_CACHE_SECONDS: '-1' }, 'SESSION_CACHE_SECONDS'],
    [{ SHOPIFY_ADMIN_ORIGIN: 'leafline-demo.myshopify.com' }, 'SHOPIFY_ADMIN_ORIGIN'],
    [{ SHOPIFY_TIMEOUT_MS: '10' }, 'SHOPIFY_TIMEOUT_MS'],
    [{ JOBS_MAINTENANCE_SECONDS: '1' }, 'JOBS_MAINTENANCE_SECONDS'],
  ])('stops on a bad value and names the variable: %o', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${name}:`));
  });

  it('runs the job upkeep every 120 s unless JOBS_MAINTENANCE_SECONDS says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).jobsMaintenanceSeconds).toBe(120);
    const config = loadConfig({ DATA_DIR: dataDir(), JOBS_MAINTENANCE_SECONDS: '10' });
    expect(config.jobsMaintenanceSeconds).toBe(10);
  });

  it('reads a PostgreSQL URL and SMTP URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(config.publicUrl).toBe('https://shop.example.com');
  });

  it('sends Shopify calls to the real stores unless SHOPIFY_ADMIN_ORIGIN names a stand-in', () => {
    const real = loadConfig({ DATA_DIR: dataDir() });
    expect(real.shopifyAdminOrigin).toBeUndefined();
    expect(real.shopifyTimeoutMs).toBe(15000);
    const local = loadConfig({
      DATA_DIR: dataDir(),
      SHOPIFY_ADMIN_ORIGIN: 'http://127.0.0.1:4901/',
      SHOPIFY_TIMEOUT_MS: '2000',
    });
    expect(local.shopifyAdminOrigin).toBe('http://127.0.0.1:4901');
    expect(local.shopifyTimeoutMs).toBe(2000);
  });
});
