import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEWSLETTER_MESSAGES } from '@leafline/contract';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../test/helpers/database';
import { type Received, type SmtpPeer, startSmtpPeer } from '../test/helpers/smtp-peer';

/**
 * SIGTERM to the server process as `npm start` runs it (scripts/start.mjs), on a fresh
 * PostgreSQL database, with a request in flight and a mail job in hand at a slow SMTP peer.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const adminUrl = inject('pgAdminUrl');

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The server's log lines (JSON) and its other output, as they come. */
function readOutput(child: ChildProcess) {
  const lines: Array<{ msg?: string; [key: string]: unknown }> = [];
  let text = '';
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        // The start-up banner is plain text.
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { lines, all: () => text };
}

/** Resolves once a connection to `port` is refused. */
function refused(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = net.connect(port, '127.0.0.1');
    attempt.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve() : reject(error),
    );
    attempt.on('connect', () => {
      attempt.on('error', () => {});
      attempt.destroy();
      reject(new Error('the port still accepts connections'));
    });
  });
}

/**
 * The server process as scripts/start.mjs runs it, on an ephemeral port; resolves once it
 * listens and has printed its banner (its signal handlers are set right after).
 */
async function startServer(env: { DATABASE_URL: string; DATA_DIR: string; SMTP_URL?: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST_DIR: path.join(env.DATA_DIR, 'no-web-build'),
      DATABASE_POOL_SIZE: '4',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      JOBS_POLL_SECONDS: '0.5',
      PAYMENTS_JOB_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const output = readOutput(child);
  let port = 0;
  await vi.waitFor(
    () => {
      const listening = output.lines.find((l) => /^Server listening at /.test(l.msg ?? ''));
      expect(listening, output.all()).toBeDefined();
      expect(output.all()).toContain('Leafline is running at');
      port = Number(/:(\d+)$/.exec(listening!.msg!)![1]);
    },
    { timeout: 20_000, interval: 100 },
  );
  return { child, output, exited, port };
}

/** A request whose headers the server took (it said 100 Continue) and whose body is not sent. */
async function requestInFlight(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const state = { received: '' };
  socket.on('data', (chunk) => {
    state.received += chunk.toString();
  });
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/subscribe/ HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\n\r\n`,
  );
  await vi.waitFor(() => expect(state.received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/));
  state.received = '';
  return { socket, state, ended };
}

describe.skipIf(!adminUrl)('SIGTERM', () => {
  it('finishes the request in flight and the mail job in hand, refuses new connections, exits 0', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    let mailInHand!: (message: Received) => void;
    const inHand = new Promise<Received>((resolve) => (mailInHand = resolve));
    let releaseMail!: () => void;
    const mailReleased = new Promise<void>((resolve) => (releaseMail = resolve));
    const smtp: SmtpPeer = await startSmtpPeer(0, {
      hold: (message) => {
        mailInHand(message);
        return mailReleased;
      },
    });
    cleanups.push(() => smtp.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'leafline-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const { child, output, exited, port } = await startServer({
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
    });
    const base = `http://127.0.0.1:${port}`;

    // A mail job in hand: the welcome e-mail of a first signup, held by the slow SMTP peer.
    const first = await fetch(`${base}/api/subscribe/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ email: 'first@example.com' }),
    });
    expect(first.status).toBe(200);
    expect((await inHand).to).toEqual(['first@example.com']);

    // A request in flight: its headers taken (the server said 100 Continue), its body not sent.
    const body = JSON.stringify({ email: 'second@example.com' });
    const inFlight = await requestInFlight(port, body);

    child.kill('SIGTERM');
    await vi.waitFor(() => refused(port), { timeout: 5000, interval: 50 });

    // The request in flight gets its full answer.
    inFlight.socket.write(body);
    await inFlight.ended;
    const [head, answer] = inFlight.state.received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer!)).toEqual({
      success: true,
      message: NEWSLETTER_MESSAGES.subscribed,
    });

    // The job in hand finishes; the process exits by itself, not by the guard.
    releaseMail();
    expect(await exited, output.all()).toEqual({ code: 0, signal: null });
    expect(output.lines.map((l) => l.msg)).toContain('shut down');

    // The mail went once; the job sent during the shutdown waits for another instance.
    expect(smtp.inbox.map((m) => m.to)).toEqual([['first@example.com']]);
    const { rows } = await database.executeSql(
      `select data->'message'->>'to' as "to", state::text as state from pgboss.job where name = 'mail.send' order by created_on`,
    );
    expect(rows).toEqual([
      { to: 'first@example.com', state: 'completed' },
      { to: 'second@example.com', state: 'created' },
    ]);
    const subscribed = await database.executeSql(
      'select email from newsletter_subscriptions order by id',
    );
    expect(subscribed.rows).toEqual([
      { email: 'first@example.com' },
      { email: 'second@example.com' },
    ]);
  });

  it('exits at once on a second signal, with a request still in flight', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'leafline-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { child, output, exited, port } = await startServer({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
    });
    // Its body never comes: the first SIGTERM waits for it.
    await requestInFlight(port, JSON.stringify({ email: 'never@example.com' }));
    child.kill('SIGTERM');
    await vi.waitFor(() => refused(port), { timeout: 5000, interval: 50 });
    child.kill('SIGTERM');
    expect(await exited, output.all()).toEqual({ code: 1, signal: null });
    const messages = output.lines.map((l) => l.msg);
    expect(messages).toContain('second signal: exiting now');
    // Not the guard's exit.
    expect(messages).not.toContain('shutdown took too long: exiting now');
  });
});
