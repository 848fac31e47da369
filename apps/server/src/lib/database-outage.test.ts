import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase } from '../../test/helpers/database';
import { startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy';
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from './database-outage';
import { createLogger } from './logger';

/**
 * PostgreSQL going away for real: the app reaches it through a TCP proxy on loopback that the
 * test cuts (connections closed, port refused) and restores.
 */

const adminUrl = inject('pgAdminUrl');
const lines: { msg: string; level: number }[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});
let proxy: TcpProxy;
let t: TestApp;

beforeAll(async () => {
  if (!adminUrl) return;
  const server = new URL(adminUrl);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const database = await createTestDatabase({
    connect: (url) => {
      url.port = String(proxy.port);
      return url;
    },
  });
  t = await buildTestApp(
    { LOG_LEVEL: 'info' },
    { database, logger: createLogger({ level: 'info' }, sink) },
  );
});
afterAll(async () => {
  await proxy?.restore().catch(() => {});
  await t?.close();
  await proxy?.close();
});

const faq = () => t.app.inject({ method: 'GET', url: '/api/faq/' });
const logged = (msg: RegExp) => lines.filter((line) => msg.test(line.msg));

describe.skipIf(!adminUrl)('while the database is unreachable', () => {
  it('answers 503 with Retry-After in the error shape, and logs the outage once', async () => {
    expect((await faq()).statusCode).toBe(200);

    await proxy.cut();
    const answers = await Promise.all(Array.from({ length: 40 }, () => faq()));
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    // A signed-in call fails the same way (the session check reads the database).
    const login = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: 'fern', password: 'pw' },
    });
    expect(login.statusCode).toBe(503);

    expect(logged(/^database unreachable/)).toHaveLength(1);
    expect(logged(/^request failed$/)).toHaveLength(0);
    expect(lines.length).toBe(1);
  });

  it('logs once when it is back, and answers again', async () => {
    await proxy.restore();
    await vi.waitFor(() => expect(logged(/^database reachable again$/)).toHaveLength(1), {
      timeout: 10_000,
    });
    expect((await faq()).statusCode).toBe(200);
    expect(lines.length).toBe(2);
  });
});
