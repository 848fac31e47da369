import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SmtpPeer, startSmtpPeer } from '../../test/helpers/smtp-peer';
import { type AppInstance, startInstance } from './instance';
import { freePort, type PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { type BalancingProxy, startProxy } from './proxy';

/**
 * Several real app instances on one PostgreSQL behind a round-robin proxy, all on loopback:
 * the ground of `npm run load` and `npm run faults` (DESIGN 2.15). Each instance is the real
 * server process with its own data folder; what must be shared is shared (the database, the
 * token secret, the public address of the proxy, the SMTP server).
 */
export interface Cluster {
  /** The proxy's address: where shoppers go (also the instances' PUBLIC_URL). */
  url: string;
  proxy: BalancingProxy;
  pg: PrivatePostgres;
  smtp: SmtpPeer;
  instances: AppInstance[];
  /** The environment every instance gets (plus its own PORT, DATA_DIR, SEED_DEMO). */
  env: Record<string, string>;
  logDir: string;
  /** Starts instance `index` again (after a stop or a kill) on the same port. */
  restartInstance(index: number, extraEnv?: Record<string, string>): Promise<AppInstance>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Settings for every instance (LOG_LEVEL, JOBS_POLL_SECONDS, S3_*, …). */
  env?: Record<string, string>;
  /** Settings of one instance only, by its index (on top of `env`). */
  instanceEnv?: (index: number) => Record<string, string>;
  /** More PostgreSQL server settings (`synchronous_commit=on`, …). */
  postgresSettings?: string[];
  /** Keep the logs and data folders after stop (they are printed). */
  keep?: boolean;
  log?: (line: string) => void;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const count = options.instances ?? 2;
  const workDir = mkdtempSync(path.join(tmpdir(), 'leafline-cluster-'));
  const logDir = path.join(workDir, 'logs');
  const pg = await startPrivatePostgres({ settings: options.postgresSettings ?? [] });
  log(`PostgreSQL ${pg.url}`);
  let smtp: SmtpPeer | undefined;
  let proxy: BalancingProxy | undefined;
  const instances: AppInstance[] = [];
  // The app processes are killed if this process exits without stopping them.
  const killAll = () => {
    for (const i of instances) {
      try {
        if (i.pid) process.kill(i.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', killAll);
  const teardown = async () => {
    process.off('exit', killAll);
    await Promise.all(instances.map((i) => i.kill()));
    await proxy?.close();
    await smtp?.close();
    await pg.destroy();
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const mail = await startSmtpPeer();
    smtp = mail;
    const balancer = await startProxy([]);
    proxy = balancer;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: pg.url,
      PUBLIC_URL: balancer.url,
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: mail.url,
      LOG_LEVEL: 'warn',
      // Every shopper comes from 127.0.0.1 here: the per-address login limit must not stop a load.
      RATE_LIMIT_MAX: '1000000',
      TRUST_PROXY: '1',
      WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
      ...options.env,
    };
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const instanceEnv = (i: number, extra: Record<string, string> = {}) => ({
      ...env,
      DATA_DIR: path.join(workDir, `instance-${i + 1}`),
      // The first instance migrates and seeds the demo catalogue; the others find it there.
      SEED_DEMO: i === 0 ? 'true' : 'false',
      ...extra,
    });
    for (let i = 0; i < count; i++) {
      const instance = await startInstance({
        name: `app-${i + 1}`,
        port: ports[i]!,
        env: instanceEnv(i, options.instanceEnv?.(i)),
        logDir,
      });
      instances.push(instance);
      log(`app-${i + 1} ready at ${instance.url} (pid ${instance.pid})`);
    }
    balancer.setBackends(instances.map((i) => i.url));
    return {
      url: balancer.url,
      proxy: balancer,
      pg,
      smtp: mail,
      instances,
      env,
      logDir,
      async restartInstance(index, extraEnv = {}) {
        const instance = await startInstance({
          name: `app-${index + 1}`,
          port: ports[index]!,
          env: { ...instanceEnv(index, extraEnv), SEED_DEMO: 'false' },
          logDir,
        });
        instances[index] = instance;
        return instance;
      },
      async stop() {
        process.off('exit', killAll);
        await Promise.all(
          instances.map(async (i) => {
            const exit = i.stop('SIGTERM');
            const timer = setTimeout(() => void i.kill(), 15_000);
            await exit;
            clearTimeout(timer);
          }),
        );
        await balancer.close();
        await mail.close();
        await pg.destroy();
        if (options.keep) log(`logs and data kept in ${workDir}`);
        else rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // Nothing of a cluster that failed to start is left running.
    await teardown().catch(() => {});
    throw error;
  }
}
