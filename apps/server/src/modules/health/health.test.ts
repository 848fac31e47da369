import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { READINESS_MESSAGES } from './health.routes';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and hardening', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('sends a strict content security policy and nosniff on every answer', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers malformed JSON with a readable 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });

  it('serves OpenAPI documentation at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Leafline API');
  });
});

describe('addresses the router cannot read', () => {
  it('answers broken percent-encoding with a readable 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset-confirm/%ff/abc/',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'This address is not valid.' });
  });

  it('answers an over-long parameter with a readable 4xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/auth/password-reset-confirm/${'a'.repeat(600)}/abc/`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
  });
});

/** A raw HTTP/1.1 connection: what it was sent back, and whether the server ended it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const state = { received: '', ended: false };
  socket.on('data', (chunk) => {
    state.received += chunk.toString();
  });
  const ended = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.ended = true;
      resolve();
    }),
  );
  return { socket, state, ended };
}

/** Status, headers (lower case) and body of one raw answer. */
function parseAnswer(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n');
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers: Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    ),
    body: raw.slice(split + 4),
  };
}

describe('while the instance shuts down', () => {
  it('refuses new connections, finishes the request in flight, and readiness answers 503 in its shape', async () => {
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const s = await buildTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/test/held', async () => {
            entered();
            await released;
            return { done: true };
          }),
      },
    );
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as net.AddressInfo).port;
    try {
      // A balancer's probe whose headers are still arriving when the shutdown starts; then a
      // request in flight on another connection (its handler entered: the server has read
      // what was written before it).
      const probe = rawConnection(port);
      await new Promise<void>((resolve) => probe.socket.once('connect', () => resolve()));
      probe.socket.write('GET /readyz HTTP/1.1\r\nhost: x\r\n');
      const inFlight = rawConnection(port);
      inFlight.socket.write('GET /test/held HTTP/1.1\r\nhost: x\r\n\r\n');
      await held;
      const closing = s.app.close();
      await vi.waitFor(
        () =>
          new Promise<void>((resolve, reject) => {
            const attempt = net.connect(port, '127.0.0.1');
            attempt.on('connect', () => {
              attempt.on('error', () => {});
              attempt.destroy();
              reject(new Error('still accepting connections'));
            });
            attempt.on('error', (error: NodeJS.ErrnoException) =>
              error.code === 'ECONNREFUSED' ? resolve() : reject(error),
            );
          }),
        { timeout: 5000 },
      );
      probe.socket.write('\r\n');
      await probe.ended;
      const ready = parseAnswer(probe.state.received);
      expect(ready.status).toBe(503);
      expect(ready.headers.connection).toBe('close');
      expect(JSON.parse(ready.body)).toEqual({
        status: 'unavailable',
        error: READINESS_MESSAGES.shuttingDown,
      });

      expect(inFlight.state.received).toBe('');
      release();
      await inFlight.ended;
      const answer = parseAnswer(inFlight.state.received);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ done: true });
      // Its kept-alive connection ends with it: it does not hold the close open.
      expect(answer.headers.connection).toBe('close');
      await closing;
    } finally {
      release();
      await s.database.close();
    }
  });
});
