import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';

/** A database that has gone away: every 5xx must be logged with its id and told plainly. */
let database: Database;
const lines: Record<string, unknown>[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'leafline-eh-'));
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const mailer = { kind: 'outbox' as const, send: async () => {}, close: async () => {} };
  app = await buildApp({ config, database, mailer }, { logger: pino({ level: 'info' }, stream) });
  await app.ready();
  // Register a user while the database is up, then take the database away.
  await app.inject({
    method: 'POST',
    url: '/register/',
    payload: {
      fname: 'Iris',
      lname: 'Oak',
      username: 'iris',
      email: 'iris@example.com',
      password1: 'pw',
      password2: 'pw',
    },
  });
  await database.close();
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server failures', () => {
  it('answers a 500 without internals and logs it with the request id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: 'iris', password: 'pw' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error).toBe('Something went wrong on our side. Please try again later.');
    expect(Object.keys(body).sort()).toEqual(['error', 'request_id']);
    expect(res.body).not.toMatch(/pool|stack|select|postgres|at /i);
    const logged = lines.find((l) => l.msg === 'request failed');
    expect(logged?.reqId).toBe(body.request_id);
    expect(logged?.err).toBeDefined();
  });

  it('reports not ready while the database is unreachable', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('The database is not reachable.');
  });
});
