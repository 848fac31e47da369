import { Agent, request as httpRequest } from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/**
 * The live bench's dashboards (bench/live.ts), in a worker thread with its own event loop: as
 * many SSE connections to one business's order stream as asked, each noting when every
 * `order.paid` event arrived (ms on the shared clock `performance.timeOrigin + now()`).
 */
export interface StreamsInput {
  url: string;
  headers: Record<string, string>;
  count: number;
}

/** Worker → main: `ready` once every stream is open, then `result`. */
export type StreamsMessage =
  | { type: 'ready'; opened: number; failed: number }
  | { type: 'result'; deliveries: Array<[orderId: number, at: number]>; duplicates: number };

/** Main → worker: `expect` the number of deliveries to wait for; `finish` now. */
export type StreamsCommand = { type: 'expect'; total: number } | { type: 'finish' };

const now = () => performance.timeOrigin + performance.now();

if (!isMainThread && workerData?.liveStreams) {
  const input = workerData.liveStreams as StreamsInput;
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const deliveries: Array<[number, number]> = [];
  let duplicates = 0;
  let expected = Number.POSITIVE_INFINITY;
  const requests: Array<ReturnType<typeof httpRequest>> = [];
  let finished = false;

  const finish = () => {
    if (finished) return;
    finished = true;
    for (const r of requests) r.destroy();
    agent.destroy();
    parentPort?.postMessage({ type: 'result', deliveries, duplicates } satisfies StreamsMessage);
  };

  const open = () =>
    new Promise<boolean>((resolve) => {
      const seen = new Set<string>();
      const req = httpRequest(input.url, { headers: input.headers, agent }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(false);
          return;
        }
        res.setEncoding('utf8');
        let text = '';
        let ready = false;
        res.on('data', (chunk: string) => {
          const at = now();
          text += chunk;
          let end = text.indexOf('\n\n');
          while (end >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            end = text.indexOf('\n\n');
            if (!ready && block.startsWith('retry:')) {
              ready = true;
              resolve(true);
              continue;
            }
            if (!block.includes('event: order.paid')) continue;
            const id = /^id: (\d+)$/m.exec(block)?.[1] ?? '';
            if (seen.has(id)) {
              duplicates++;
              continue;
            }
            seen.add(id);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            const event = JSON.parse(data) as { order: { id: number } };
            deliveries.push([event.order.id, at]);
          }
          if (deliveries.length >= expected) finish();
        });
      });
      req.on('error', () => resolve(false));
      req.end();
      requests.push(req);
    });

  parentPort?.on('message', (command: StreamsCommand) => {
    if (command.type === 'finish') finish();
    else {
      expected = command.total;
      if (deliveries.length >= expected) finish();
    }
  });
  // Opened a few at a time, as dashboards open over a while, not in one burst.
  void (async () => {
    let opened = 0;
    let failed = 0;
    for (let i = 0; i < input.count; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, input.count - i) }, () => open()),
      );
      for (const ok of batch) {
        if (ok) opened++;
        else failed++;
      }
    }
    parentPort?.postMessage({ type: 'ready', opened, failed } satisfies StreamsMessage);
  })();
}
