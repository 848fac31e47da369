import pg from 'pg';
import { DEMO_ACCOUNTS } from '../../src/seed/seed';
import { type Cluster, startCluster } from '../cluster/cluster';
import { type Audit, runAudit, waitForQuiet } from './audit';
import {
  type Catalogue,
  loadCatalogue,
  type RestockLog,
  restockLoop,
  type SellerLog,
  type ShopperLog,
  type StockKeeper,
  sellerLoop,
  shopperLoop,
} from './shoppers';
import { Client, percentile, Recorder } from './stats';

/**
 * `npm run load` (issue 14 point 4): app instances on one private PostgreSQL behind the
 * round-robin proxy, simulated shoppers and sellers for a while, then the consistency audit.
 * Everything stays on loopback and ends with the run.
 */

export interface LoadOptions {
  shoppers: number;
  seconds: number;
  instances: number;
  /** How long to wait for the job queues and payouts once the load stopped. */
  drainSeconds?: number;
  log?: (line: string) => void;
}

export interface LoadResult {
  recorder: Recorder;
  seconds: number;
  audit: Audit;
  /** The proxy's 502s and requests per instance. */
  proxy: { failures: number; counts: [string, number][] };
  drain: { jobs: number; payouts: number; waitedMs: number };
  /** What the brands of the counted products put back on the shelf. */
  restock: RestockLog;
  /** The printed report. */
  report: string;
  /** No error, nothing lost or duplicated, the queues drained. */
  ok: boolean;
}

/**
 * The demo businesses' owners as sellers: the demo seller has its password; the others (whose
 * seeded passwords nobody knows) are given the same one in this private database, so that every
 * brand someone buys from has a seller who ships.
 */
async function sellerAccounts(cluster: Cluster) {
  const seller = DEMO_ACCOUNTS.find((a) => a.username === 'seller')!;
  const db = new pg.Client({ connectionString: cluster.pg.url });
  await db.connect();
  try {
    await db.query(
      `update users set password_hash = (select password_hash from users where username = $1)
       where id in (select owner_id from businesses where is_active and owner_id is not null)`,
      [seller.username],
    );
    const owners = await db.query<{ username: string }>(
      `select distinct u.username from users u join businesses b on b.owner_id = u.id
       where b.is_active order by u.username`,
    );
    return owners.rows.map((r) => ({ username: r.username, password: seller.password }));
  } finally {
    await db.end();
  }
}

/** Counted products of the run (issue 26): this many, each with STOCK_AT_START units. */
const CONTENDED_PRODUCTS = 6;
const STOCK_AT_START = 3;

/**
 * A few products without variants, of different brands, get a count of STOCK_AT_START through
 * their owners' quick stock edit (the dashboard's PATCH): the stock-contended products.
 */
async function contendedStock(
  cluster: Cluster,
  client: Client,
  catalogue: Catalogue,
  password: string,
): Promise<StockKeeper[]> {
  const db = new pg.Client({ connectionString: cluster.pg.url });
  await db.connect();
  let rows: { id: number; business_id: number; username: string }[];
  try {
    const listed = catalogue.products.map((p) => p.id);
    rows = (
      await db.query<{ id: number; business_id: number; username: string }>(
        `select distinct on (p.business_id) p.id, p.business_id, u.username
         from products p join businesses b on b.id = p.business_id
           join users u on u.id = b.owner_id
         where p.id = any($1::int[]) and b.is_active
           and not exists (select 1 from variants v where v.product_id = p.id and not v.deleted)
         order by p.business_id, p.id limit $2`,
        [listed, CONTENDED_PRODUCTS],
      )
    ).rows;
  } finally {
    await db.end();
  }
  const keepers = new Map<number, StockKeeper>();
  for (const row of rows) {
    let keeper = keepers.get(row.business_id);
    if (!keeper) {
      const tokens = (
        await client.call('setup', '/token/', { json: { username: row.username, password } })
      ).json();
      keeper = {
        businessId: row.business_id,
        productIds: [],
        headers: { authorization: `Bearer ${tokens.access}` },
      };
      keepers.set(row.business_id, keeper);
    }
    await client.call('setup', `/api/products/${row.id}/stock/`, {
      method: 'PATCH',
      headers: keeper.headers,
      json: { stock: STOCK_AT_START },
    });
    keeper.productIds.push(row.id);
  }
  catalogue.contended = catalogue.products.filter((p) => rows.some((r) => r.id === p.id));
  return [...keepers.values()];
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (n: number, width: number) => String(n).padStart(width);
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

export function formatReport(
  result: Omit<LoadResult, 'report' | 'ok'>,
  options: LoadOptions,
): string {
  const out: string[] = [];
  const { recorder, seconds } = result;
  out.push(
    `Load: ${options.shoppers} shoppers, ${options.instances} instances, ${seconds.toFixed(1)} s`,
    '',
    `${pad('call', 18)}${'count'.padStart(8)}${'req/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'5xx'.padStart(6)}${'4xx'.padStart(6)}${'net'.padStart(6)}`,
  );
  const all: number[] = [];
  let count = 0;
  let server = 0;
  let unexpected = 0;
  let network = 0;
  const kinds = [...recorder.calls.entries()]
    .filter(([k]) => k !== 'setup')
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [kind, s] of kinds) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    all.push(...sorted);
    count += s.count;
    server += s.server;
    unexpected += s.unexpected;
    network += s.network;
    out.push(
      `${pad(kind, 18)}${num(s.count, 8)}${(s.count / seconds).toFixed(1).padStart(9)}${ms(percentile(sorted, 50)).padStart(10)}${ms(percentile(sorted, 99)).padStart(10)}${num(s.server, 6)}${num(s.unexpected, 6)}${num(s.network, 6)}`,
    );
  }
  all.sort((a, b) => a - b);
  out.push(
    `${pad('total', 18)}${num(count, 8)}${(count / seconds).toFixed(1).padStart(9)}${ms(percentile(all, 50)).padStart(10)}${ms(percentile(all, 99)).padStart(10)}${num(server, 6)}${num(unexpected, 6)}${num(network, 6)}`,
    `errors: ${server + unexpected + network} (proxy 502s: ${result.proxy.failures}); per instance: ${result.proxy.counts.map(([u, n]) => `${new URL(u).port}=${n}`).join(', ')}`,
  );
  if (recorder.flowErrors.length) out.push(`flow errors: ${recorder.flowErrors.length}`);
  for (const [kind, s] of kinds) for (const sample of s.samples) out.push(`  ${kind}: ${sample}`);
  for (const error of recorder.flowErrors.slice(0, 5)) out.push(`  flow: ${error}`);
  out.push(
    '',
    `queues: ${result.drain.jobs} jobs and ${result.drain.payouts} due payouts left after ${(result.drain.waitedMs / 1000).toFixed(1)} s`,
    '',
    'Audit',
  );
  for (const line of result.audit.lines) {
    out.push(
      `${pad(line.name, 62)}${num(line.count, 6)}   lost: ${line.lost} / duplicated: ${line.duplicated}`,
    );
    for (const d of line.details) out.push(`    ${d}`);
  }
  for (const note of result.audit.notes) out.push(`note: ${note}`);
  return out.join('\n');
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? (() => {});
  const cluster = await startCluster({ instances: options.instances, log });
  try {
    const recorder = new Recorder();
    const client = new Client(cluster.url, recorder, options.shoppers + 32);
    try {
      const catalogue = await loadCatalogue(client);
      const sellers = await sellerAccounts(cluster);
      const keepers = await contendedStock(cluster, client, catalogue, sellers[0]!.password);
      log(
        `${catalogue.products.length} products of ${catalogue.businesses.length} businesses; ${sellers.length} sellers; ${catalogue.contended.length} products with ${STOCK_AT_START} in stock`,
      );
      const since = new Date(Date.now() - 1000);
      const started = performance.now();
      const ctx = { client, catalogue, until: started + options.seconds * 1000 };
      log(`${options.shoppers} shoppers for ${options.seconds} s …`);
      const [shoppers, sellerLogs, restock] = await Promise.all([
        Promise.all(Array.from({ length: options.shoppers }, (_, i) => shopperLoop(ctx, i))),
        Promise.all(sellers.map((s) => sellerLoop(ctx, s))),
        restockLoop(ctx, keepers),
      ]);
      const seconds = (performance.now() - started) / 1000;
      log('load done; waiting for the job queues …');
      const drain = await waitForQuiet(cluster.pg.url, (options.drainSeconds ?? 60) * 1000);
      const audit = await runAudit({
        databaseUrl: cluster.pg.url,
        shoppers: shoppers as ShopperLog[],
        sellers: sellerLogs as SellerLog[],
        inbox: cluster.smtp.inbox,
        since,
        stock: {
          productIds: catalogue.contended.map((p) => p.id),
          atStart: STOCK_AT_START,
          refused: shoppers.reduce((n, s) => n + s.stockRefused, 0),
          short: shoppers.reduce((n, s) => n + s.stockShort, 0),
          restock,
        },
      });
      const partial = {
        recorder,
        seconds,
        audit,
        drain,
        restock,
        proxy: { failures: cluster.proxy.failures, counts: [...cluster.proxy.counts.entries()] },
      };
      const report = formatReport(partial, options);
      const ok = recorder.errors === 0 && audit.clean && drain.jobs === 0 && drain.payouts === 0;
      return { ...partial, report, ok };
    } finally {
      client.close();
    }
  } finally {
    await cluster.stop();
  }
}
