import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_ENTRY } from '../../../../scripts/build-server.mjs';

/** The repository root (the server is started from there, as `npm start` does). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** One app instance: the compiled server (`npm start`'s, scripts/build-server.mjs) in its own process. */
export interface AppInstance {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number | undefined;
  /** The log file of its stdout and stderr. */
  logFile: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<number | string>;
}

export interface InstanceOptions {
  name: string;
  port: number;
  env: Record<string, string>;
  logDir: string;
  /** How long to wait for /readyz (default 90 s: the first instance migrates and seeds). */
  readyTimeoutMs?: number;
}

/** Starts the server process and waits until its /readyz answers 200. */
export async function startInstance(options: InstanceOptions): Promise<AppInstance> {
  mkdirSync(options.logDir, { recursive: true });
  await buildServer({ log: () => {} });
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  let ended: number | string | undefined;
  void exited.then((code) => {
    ended = code;
  });
  for (;;) {
    if (ended !== undefined) {
      throw new Error(`${options.name} exited (${ended}) before it was ready; see ${logFile}`);
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} was not ready in time; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (ended === undefined) child.kill(signal);
    return exited;
  };
  return {
    name: options.name,
    port: options.port,
    url,
    pid: child.pid,
    logFile,
    exited,
    stop: (signal = 'SIGTERM') => signalAndWait(signal),
    kill: () => signalAndWait('SIGKILL'),
  };
}
