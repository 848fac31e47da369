import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the run's own (initdb into a temporary folder, its own port): the load
 * and fault runs may restart or stop it without touching the machine's shared server. Uses
 * Debian's binaries; as root it runs them as the `postgres` user (PostgreSQL refuses root).
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/leafline */
  url: string;
  port: number;
  /** Stops the server at once (`-m immediate` when `crash`, else `-m fast`). */
  stop(options?: { crash?: boolean }): Promise<void>;
  start(): Promise<void>;
  /** A real restart: every connection is cut, the server comes back on the same port. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return path.join(root, versions[0]!, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

function run(command: string, args: string[]): void {
  const [cmd, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  }
}

/** A free port on loopback, as the OS gives one. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivatePostgresOptions {
  /**
   * More `name=value` server settings, after the run's own (which they override). The defaults
   * trade durability for speed (fsync and synchronous_commit off): a crash stop then loses the
   * last commits the clients were told of; `synchronous_commit=on` keeps them (the WAL is
   * written before a commit answers, so a killed server finds them again).
   */
  settings?: string[];
}

export async function startPrivatePostgres(
  startOptions: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'leafline-pg-'));
  if (isRoot())
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...(startOptions.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  const ctl = (...args: string[]) =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', ...args]);
  let running = false;
  // Stopped and removed when it can no longer be: a run that throws midway, or a process that
  // exits without destroying it (pg_ctl detaches the server from this process).
  const destroyNow = () => {
    process.off('exit', destroyNow);
    try {
      if (running) ctl('-m', 'immediate', 'stop');
    } catch {
      // already gone
    }
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', destroyNow);
  try {
    ctl('-o', options, 'start');
    running = true;
    run(path.join(bin, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      'leafline',
    ]);
  } catch (error) {
    destroyNow();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/leafline`,
    port,
    async stop(stopOptions = {}) {
      if (!running) return;
      ctl('-m', stopOptions.crash ? 'immediate' : 'fast', 'stop');
      running = false;
    },
    async start() {
      if (running) return;
      ctl('-o', options, 'start');
      running = true;
    },
    async restart() {
      ctl('-m', 'fast', '-o', options, 'restart');
      running = true;
    },
    async destroy() {
      destroyNow();
    },
  };
}
