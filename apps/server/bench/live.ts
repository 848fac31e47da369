import { Worker } from 'node:worker_threads';
import { type CheckoutResponse, PAYMENT_PAGE } from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { sql } from 'drizzle-orm';
import { createPaymentProvider } from '../src/adapters/payments/create-payment-provider';
import { signPayload } from '../src/adapters/payments/payment-provider';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { WEBHOOK_PATH } from '../src/modules/payments';
import { percentiles } from './harness';
import type { StreamsCommand, StreamsMessage } from './live-streams';
import { rowsOf } from './seller';

/**
 * `BENCH_ONLY=live` (issue 12): BENCH_LIVE_STREAMS (200) dashboards hold the live order stream
 * of one business open over real HTTP (from a worker thread: their own event loop), while
 * BENCH_LIVE_ORDERS (50) paid checkouts reach the app through the payment webhook, one every
 * BENCH_LIVE_INTERVAL_MS (100), signed with the webhook secret as the local provider signs
 * them. Measured: for every event on every stream, the time from sending the webhook to the
 * stream receiving `order.paid`; beside it, in the same run, the webhook's own response time.
 * Target: p99 ≤ 250 ms.
 */
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 200);
const ORDERS = Number(process.env.BENCH_LIVE_ORDERS ?? 50);
const INTERVAL_MS = Number(process.env.BENCH_LIVE_INTERVAL_MS ?? 100);
/** Payments delivered first, unmeasured, before the dashboards connect. */
const WARM_UP = 5;
const WEBHOOK_SECRET = 'whsec_bench_live';

const ADDRESS = {
  first_name: 'Fern',
  last_name: 'Moss',
  address_line1: '12 Alder Street',
  city: 'Portland',
  state: 'OR',
  postal_code: '97201',
  country: 'US',
  phone_number: '503-555-0100',
};

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LiveOptions = Parameters<typeof liveBench>[0];
type StreamsResult = Extract<StreamsMessage, { type: 'result' }>;

const json = { 'content-type': 'application/json' };

/** Posts a kept event to the webhook route, signed as the local provider signs it. */
async function postWebhook(base: string, payload: string): Promise<Response> {
  const res = await fetch(`${base}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { ...json, 'stripe-signature': signPayload(payload, WEBHOOK_SECRET) },
    body: payload,
  });
  await res.arrayBuffer();
  return res;
}

export async function liveBench(options: {
  database: Database;
  env: Record<string, string>;
  mediaDir: string;
  /** Signs in a bench account (registered on first use) on `base`; its bearer header. */
  account: (base: string, username: string) => Promise<{ auth: Record<string, string> }>;
}): Promise<void> {
  const { app, base, events } = await startLiveApp(options);
  const { seller, business, product } = await liveSeller(options, base);
  const paid = await payCheckouts(options, base, product, events);

  // The first webhooks warm the payment path up (its code has not run in this process yet);
  // they are delivered before the dashboards connect, and not measured.
  for (const p of paid.splice(0, WARM_UP)) await postWebhook(base, p.payload);

  // The dashboards.
  const dashboards = openDashboards(
    `${base}${ROUTES.orderEvents.path({ businessId: business })}`,
    seller.auth,
  );
  const ready = await dashboards.next('ready');
  await sleep(500);
  console.log(
    `bench (live): ${ready.opened} dashboard streams open (${ready.failed} refused) on business ${business}; ` +
      `${ORDERS} payments through the webhook, one every ${INTERVAL_MS} ms; ${app.deps.liveOrders.size} streams on the server`,
  );

  const sent = await sendWebhooks(base, paid);
  const { worker } = dashboards;
  worker.postMessage({ type: 'expect', total: ready.opened * ORDERS } satisfies StreamsCommand);
  const timeout = setTimeout(
    () => worker.postMessage({ type: 'finish' } satisfies StreamsCommand),
    10_000,
  );
  const result = await dashboards.next('result');
  clearTimeout(timeout);
  await worker.terminate();

  printLive(result, sent, ready.opened);
  await app.close();
}

/**
 * The app with the local provider, whose events are kept here instead of delivered: the bench
 * sends them to the webhook itself, over HTTP, and times them.
 */
async function startLiveApp(options: LiveOptions) {
  const { database } = options;
  const config = loadConfig({
    ...options.env,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENTS_JOB_SECONDS: '0',
  });
  const events = new Map<string, string>();
  const payments = createPaymentProvider(config, {
    db: database.db,
    log: { warn: () => {} },
    deliver: async (payload) => {
      const session = (JSON.parse(payload) as { data: { object: { id: string } } }).data.object;
      events.set(session.id, payload);
      return 200;
    },
  });
  const mailer = { kind: 'outbox' as const, send: async () => {}, close: async () => {} };
  const app = await buildApp({ config, database, mailer, mediaDir: options.mediaDir, payments });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, events };
}

/** The seller, signed in, and its business (payouts set up) with its one product. */
async function liveSeller(options: LiveOptions, base: string) {
  const { database } = options;
  const seller = await options.account(base, 'bench-live-seller');
  const [owner] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from users where username = 'bench-live-seller'`,
  );
  let [business] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from businesses where owner_id = ${owner!.id} and name = 'Bench Live Co'`,
  );
  if (!business) {
    [business] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into businesses (owner_id, name, email, verified, stripe_account_id, stripe_status)
        values (${owner!.id}, 'Bench Live Co', 'bench-live@example.com', true,
          'acct_bench_live', 'active') returning id`,
    );
  }
  let [product] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from products where business_id = ${business!.id} limit 1`,
  );
  if (!product) {
    [product] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into products (business_id, name, description, price_cents, product_category)
        values (${business!.id}, 'Bench candle', 'Soy wax.', 1800, 'Home') returning id`,
    );
  }
  return { seller, business: business!.id, product: product!.id };
}

/**
 * N checkouts paid on the local provider's page, each by its own buyer (a cart paid but not
 * confirmed yet cannot be checked out again); their webhook events kept for later.
 */
async function payCheckouts(
  options: LiveOptions,
  base: string,
  productId: number,
  events: ReadonlyMap<string, string>,
) {
  const F = PAYMENT_PAGE.fields;
  const paid: Array<{ orderId: number; payload: string }> = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < WARM_UP + ORDERS; i++) {
    const buyer = await options.account(base, `bench-live-${run}-${i}`);
    const buyerHeaders = { ...buyer.auth, ...json };
    await fetch(`${base}/api/set-shipping-address/`, {
      method: 'POST',
      headers: buyerHeaders,
      body: JSON.stringify(ADDRESS),
    });
    const added = await fetch(`${base}/add-to-cart/${productId}/`, {
      method: 'POST',
      headers: buyerHeaders,
      body: '{"quantity":1}',
    });
    if (!added.ok) throw new Error(`add-to-cart: ${added.status} ${await added.text()}`);
    const res = await fetch(`${base}/checkout/`, { method: 'POST', headers: buyer.auth });
    if (!res.ok) throw new Error(`checkout: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as CheckoutResponse;
    const payPath = new URL(body.checkout_url, base).pathname;
    const sessionId = payPath.split('/').pop()!;
    const pay = await fetch(`${base}${payPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        [F.cardNumber]: PAYMENT_PAGE.testCards.success,
        [F.expiry]: '12 / 40',
        [F.cvc]: '123',
        [F.name]: 'Fern Moss',
      }).toString(),
    });
    const payload = events.get(sessionId);
    if (pay.status !== 303 || !payload) throw new Error(`pay: ${pay.status} ${await pay.text()}`);
    paid.push({ orderId: body.order_ids[0]!, payload });
  }
  return paid;
}

/** The dashboards' streams, held open by a worker; `next` waits for its next message of a type. */
function openDashboards(url: string, auth: Record<string, string>) {
  const worker = new Worker(new URL('./live-worker.mjs', import.meta.url), {
    workerData: {
      liveStreams: { url, headers: { ...auth, accept: 'text/event-stream' }, count: STREAMS },
    },
  });
  const messages: StreamsMessage[] = [];
  let wake: () => void = () => {};
  worker.on('message', (m: StreamsMessage) => {
    messages.push(m);
    wake();
  });
  const next = async <T extends StreamsMessage['type']>(type: T) => {
    for (;;) {
      const found = messages.find((m) => m.type === type);
      if (found) return found as Extract<StreamsMessage, { type: T }>;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { worker, next };
}

interface Sent {
  /** When each order's webhook was sent: its events count from then. */
  sentAt: Map<number, number>;
  answeredAt: Map<number, number>;
  webhookMs: number[];
}

/** The webhooks, at a fixed rate; each one's send time is when its order's events count from. */
async function sendWebhooks(
  base: string,
  paid: ReadonlyArray<{ orderId: number; payload: string }>,
): Promise<Sent> {
  const sentAt = new Map<number, number>();
  const answeredAt = new Map<number, number>();
  const webhookMs: number[] = [];
  const sends: Promise<void>[] = [];
  const started = now();
  for (const [i, p] of paid.entries()) {
    const due = started + i * INTERVAL_MS;
    if (due > now()) await sleep(due - now());
    sends.push(
      (async () => {
        const t0 = now();
        sentAt.set(p.orderId, t0);
        const res = await postWebhook(base, p.payload);
        if (!res.ok) throw new Error(`webhook: ${res.status}`);
        const t1 = now();
        answeredAt.set(p.orderId, t1);
        webhookMs.push(t1 - t0);
      })(),
    );
  }
  await Promise.all(sends);
  return { sentAt, answeredAt, webhookMs };
}

/** The table of the run and its target. */
function printLive(result: StreamsResult, sent: Sent, opened: number) {
  const { sentAt, answeredAt } = sent;
  const latencies = result.deliveries
    .filter(([orderId]) => sentAt.has(orderId))
    .map(([orderId, at]) => at - sentAt.get(orderId)!);
  const live = percentiles(latencies);
  // What the stream adds: from the webhook's answer (its commit, and so the NOTIFY, came
  // before it) to the event on the stream; negative when the event came first.
  const afterAnswer = percentiles(
    result.deliveries
      .filter(([orderId]) => answeredAt.has(orderId))
      .map(([orderId, at]) => at - answeredAt.get(orderId)!),
  );
  const hook = percentiles(sent.webhookMs);
  const expected = opened * ORDERS;
  const f = (ms: number) => ms.toFixed(1).padStart(8);
  console.log(
    `\n${'measure'.padEnd(52)}${'n'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}`,
  );
  console.log(
    `${'webhook response (baseline)'.padEnd(52)}${String(hook.n).padStart(8)}${f(hook.p50)}${f(hook.p99)}${f(hook.max)}`,
  );
  console.log(
    `${`webhook sent → order.paid on a stream (${opened} streams)`.padEnd(52)}${String(live.n).padStart(8)}${f(live.p50)}${f(live.p99)}${f(live.max)}`,
  );
  console.log(
    `${'webhook answered → order.paid on a stream'.padEnd(52)}${String(afterAnswer.n).padStart(8)}${f(afterAnswer.p50)}${f(afterAnswer.p99)}${f(afterAnswer.max)}`,
  );
  console.log(
    `\ntargets (issue 12): webhook → SSE p99 ≤ 250 ms with ${STREAMS} dashboards: ${live.p99.toFixed(1)} ms ${live.p99 <= 250 && live.n === expected ? 'met' : 'NOT met'}` +
      ` (${live.n} of ${expected} deliveries received, ${result.duplicates} duplicates)`,
  );
  console.log(
    `  server memory after the run: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB RSS`,
  );
}
