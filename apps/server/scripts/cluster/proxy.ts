import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin HTTP proxy in front of the app instances, as a load balancer would be: each
 * request goes to the next backend; a backend that refuses the connection (it is down) is
 * skipped for that request, which is then sent to the next one — safe for any method, since
 * the refused backend never saw it. A backend that fails after taking the request is not
 * retried (that would repeat a POST): the client gets a 502, as from HAProxy or nginx.
 */
export interface BalancingProxy {
  url: string;
  port: number;
  /** Requests sent to each backend, by its URL. */
  counts: Map<string, number>;
  /** 502s given because a backend failed mid-request or every backend refused. */
  failures: number;
  setBackends(urls: string[]): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export async function startProxy(backends: string[], port = 0): Promise<BalancingProxy> {
  let targets = [...backends];
  let next = 0;
  const counts = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const state = { failures: 0 };

  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      const payload = Buffer.concat(body);
      const tried = new Set<string>();
      const attempt = () => {
        const live = targets.filter((t) => !tried.has(t));
        if (!live.length) {
          state.failures += 1;
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'No app instance could take the request.' }));
          return;
        }
        const target = live[next++ % live.length]!;
        tried.add(target);
        const headers: http.OutgoingHttpHeaders = {};
        for (const [key, value] of Object.entries(req.headers)) {
          if (!HOP_BY_HOP.has(key) && value !== undefined) headers[key] = value;
        }
        headers['content-length'] = String(payload.length);
        const forwarded = req.headers['x-forwarded-for'];
        headers['x-forwarded-for'] = forwarded
          ? `${forwarded}, ${req.socket.remoteAddress}`
          : (req.socket.remoteAddress ?? '127.0.0.1');
        const url = new URL(req.url ?? '/', target);
        const upstream = http.request(url, { method: req.method, headers, agent }, (answer) => {
          counts.set(target, (counts.get(target) ?? 0) + 1);
          const out: http.OutgoingHttpHeaders = {};
          for (const [key, value] of Object.entries(answer.headers)) {
            if (!HOP_BY_HOP.has(key) && value !== undefined) out[key] = value;
          }
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) {
            res.destroy();
            return;
          }
          // Refused: the backend is down and never saw the request; the next one takes it.
          if (error.code === 'ECONNREFUSED') {
            attempt();
            return;
          }
          state.failures += 1;
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'The app instance failed while answering.' }));
        });
        upstream.end(payload);
      };
      attempt();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    counts,
    get failures() {
      return state.failures;
    },
    setBackends(urls) {
      targets = [...urls];
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
