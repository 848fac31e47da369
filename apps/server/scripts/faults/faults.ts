import path from 'node:path';
import { CHECKOUT_MESSAGES } from '@leafline/contract';
import { startFakeStripe } from '../../test/helpers/fake-stripe-server';
import type { Received } from '../../test/helpers/smtp-peer';
import { startSmtpPeer } from '../../test/helpers/smtp-peer';
import { type Cluster, startCluster } from '../cluster/cluster';
import { type AppInstance, startInstance } from '../cluster/instance';
import { freePort } from '../cluster/private-postgres';
import { type Answer, call, failureKind, sleep, Tally } from './client';
import {
  buyableProducts,
  checkFailedCheckouts,
  checkHolds,
  checkLedger,
  countStock,
  type LedgerResult,
  subjectOf,
  unfinishedJobs,
} from './ledger';
import {
  fillCart,
  type LoadContext,
  loadContext,
  newShopper,
  startLoad,
  startProbe,
} from './shoppers';

/**
 * `npm run faults` (issue 14): each fault in turn under a light load of shoppers on a cluster
 * of real app processes, measured — the requests and how they failed, the time until the app
 * worked again, and what was lost or done twice (the goal is none of either).
 *
 *  a. PostgreSQL restarted, then stopped hard for a few seconds: every failure a 503 with
 *     Retry-After and a JSON error, the apps reconnect on their own, no payment lost.
 *  b. An app instance SIGKILLed while payments are in flight: the other finishes them (the
 *     local provider's events are redelivered by the periodic payment job), each paid once.
 *  c. The mail server away for ~20 s: every mail arrives once (the mail jobs' own retries).
 *  d. The payment provider failing at checkout: a readable error, the cart intact, the
 *     failed checkout's Pending orders ended at once.
 *  e. An app instance SIGKILLed mid-checkout with the products' stock counted (issue 26): the
 *     holds of checkouts it left without a payment page are released (the periodic payment
 *     job ends them after CHECKOUT_STRANDED_SECONDS), every count's holds are exactly its open
 *     checkouts'.
 */

export type FaultName = 'a' | 'b' | 'c' | 'd' | 'e';

export interface FaultRow {
  fault: string;
  requests: number;
  failed: string;
  /** Seconds from the fault's start until the app did its work again (see each fault). */
  recoverSeconds: number | null;
  lost: number;
  duplicated: number;
  /** Failures of a kind this fault must not cause (a 502 or a 500 during (a), …). */
  defects: string[];
  notes: string[];
}

export interface FaultRunOptions {
  faults?: FaultName[];
  /** Shoppers at once during each fault. */
  shoppers?: number;
  /** The hard PostgreSQL stop of (a), in seconds (0: only the restart). */
  pgDownSeconds?: number;
  /** The mail server's outage of (c), in seconds. */
  smtpDownSeconds?: number;
  /**
   * Settings of the instance that is killed in (b). JOBS_WORKERS=false keeps the mail jobs off
   * it: a job a killed worker holds is given again only after its expiry (2 min) and the job
   * runner's next maintenance (up to 2 min more) — longer than a short run waits.
   */
  killedInstanceEnv?: Record<string, string>;
  log?: (line: string) => void;
}

const ALL: FaultName[] = ['b', 'a', 'c', 'd', 'e'];

/** The stranded checkouts' wait in the cluster (CHECKOUT_STRANDED_SECONDS), for (e). */
const STRANDED_SECONDS = 10;

interface Phase {
  name: string;
  context: LoadContext;
  row: FaultRow;
  /** Failure kinds this fault may cause; any other is a defect. */
  expected: Set<string>;
}

/** Runs the faults on a cluster of its own; the table's rows. */
export async function runFaults(options: FaultRunOptions = {}): Promise<FaultRow[]> {
  const log = options.log ?? (() => {});
  const faults = options.faults ?? ALL;
  const shoppers = options.shoppers ?? 12;
  const cluster = await startCluster({
    instances: 2,
    // A crash stop of (a) must not lose commits the app was told of: a real server's default.
    postgresSettings: ['synchronous_commit=on'],
    // The instance (b) kills starts with its own settings.
    instanceEnv: (index) => (index === 1 ? (options.killedInstanceEnv ?? {}) : {}),
    // The periodic payment job every 2 s (it redelivers the local provider's events); the
    // job upkeep every 10 s (it gives again the jobs a killed instance held).
    env: {
      PAYMENTS_JOB_SECONDS: '2',
      CHECKOUT_STRANDED_SECONDS: String(STRANDED_SECONDS),
      JOBS_POLL_SECONDS: '1',
      JOBS_MAINTENANCE_SECONDS: String(MAINTENANCE_SECONDS),
    },
    log,
  });
  let stopping = false;
  // Ctrl-C or a kill of the run still stops the cluster (its PostgreSQL runs on its own).
  const interrupted = () => {
    stopping = true;
    void cluster.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const mailboxes: Received[][] = [cluster.smtp.inbox];
  const mails = () => mailboxes.flat();
  // Each mail's arrival, seen within 100 ms.
  const arrivals = new Map<Received, number>();
  const stamper = setInterval(() => {
    for (const mail of mails()) if (!arrivals.has(mail)) arrivals.set(mail, Date.now());
  }, 100);
  const lastMailAt = (orderIds: readonly number[]) => {
    const ids = new Set(orderIds);
    let last = 0;
    for (const [mail, at] of arrivals) {
      const named = [...subjectOf(mail.raw).matchAll(/#(\d+)/g)].some((m) => ids.has(Number(m[1])));
      if (named) last = Math.max(last, at);
    }
    return last;
  };
  const phases: Phase[] = [];
  // An instance that ends when the run did not end it is a defect of the fault in progress.
  const exits: string[] = [];
  const deliberate = new Set<AppInstance>();
  const watch = (instance: AppInstance) => {
    void instance.exited.then((code) => {
      if (stopping || deliberate.has(instance)) return;
      exits.push(`${instance.name} exited (${code}); see ${instance.logFile}`);
      log(`  ${instance.name} EXITED (${code}); see ${instance.logFile}`);
    });
  };
  cluster.instances.forEach(watch);
  const restart = async (index: number, env: Record<string, string>) => {
    deliberate.add(cluster.instances[index]!);
    watch(await cluster.restartInstance(index, env));
  };
  try {
    const products = await buyableProducts(cluster.pg.url);
    if (products.length === 0) throw new Error('no product without variants in the catalogue');
    const probeContext = loadContext(cluster.url, new Tally(), products, 'probe');
    const prober = await newShopper(probeContext, 0);
    const probe = startProbe(cluster.url, prober.headers);
    const run: Run = {
      cluster,
      products,
      shoppers,
      log,
      probe,
      mails,
      mailboxes,
      options,
      lastMailAt,
      exits,
      restart,
      deliberate,
    };
    try {
      for (const fault of faults) {
        if (fault === 'a') {
          phases.push(await postgresRestart(run));
          if ((options.pgDownSeconds ?? 5) > 0) phases.push(await postgresDown(run));
        }
        if (fault === 'b') phases.push(await killInstance(run));
        if (fault === 'c') phases.push(await mailServerDown(run));
        if (fault === 'd') phases.push(await providerDown(run));
        if (fault === 'e') phases.push(await killMidCheckout(run));
      }
    } finally {
      await probe.stop();
    }
    // Every phase once more at the end (late retries of any phase count). A job whose worker
    // was killed, or whose end could not be recorded while the database was away, is given
    // again only after its expiry and the runner's next upkeep: the wait covers that window.
    const window = run.jobsAtRisk ? run.jobsAtRisk + HELD_JOB_WINDOW_MS - Date.now() : 0;
    await settle(run, phases, Math.max(30_000, window));
    if (phases.some((p) => p.row.lost > 0)) {
      log(`unfinished jobs: ${await unfinishedJobs(cluster.pg.url)}`);
    }
    return phases.map((p) => p.row);
  } finally {
    clearInterval(stamper);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    stopping = true;
    await cluster.stop();
  }
}

interface Run {
  cluster: Cluster;
  products: number[];
  shoppers: number;
  log: (line: string) => void;
  probe: ReturnType<typeof startProbe>;
  mails: () => Received[];
  mailboxes: Received[][];
  options: FaultRunOptions;
  /** The last moment a fault may have left jobs held (a worker killed, the database away). */
  jobsAtRisk?: number;
  /** When the last mail about one of `orderIds` arrived (0: none did). */
  lastMailAt(orderIds: readonly number[]): number;
  /** Instances that ended without the run ending them. */
  exits: string[];
  restart(index: number, env: Record<string, string>): Promise<void>;
  /** Instances the run ends itself. */
  deliberate: Set<AppInstance>;
}

const MAINTENANCE_SECONDS = 10;

/**
 * How long a job held by a killed worker (or one whose end was not recorded) may take to be
 * done again: its
 * expiry (the mail queues': 120 s), the next upkeep, its retry delay (15–30 s) and a margin.
 */
const HELD_JOB_WINDOW_MS = (120 + MAINTENANCE_SECONDS + 30 + 10) * 1000;

function newPhase(run: Run, name: string, label: string, expected: string[]): Phase {
  const context = loadContext(run.cluster.url, new Tally(), run.products, label);
  return {
    name,
    context,
    expected: new Set(expected),
    row: {
      fault: name,
      requests: 0,
      failed: '0',
      recoverSeconds: null,
      lost: 0,
      duplicated: 0,
      defects: [],
      notes: [],
    },
  };
}

/** Until `check` is true or `ms` passed; the seconds it took (null: never). */
async function until(check: () => Promise<boolean> | boolean, ms: number, from = Date.now()) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return (Date.now() - from) / 1000;
    if (Date.now() > deadline) return null;
    await sleep(250);
  }
}

/** The load runs until a few payments went through (the shoppers are at it). */
async function warmUp(phase: Phase, payments = 3) {
  await until(() => phase.context.payments.length >= payments, 30_000);
}

const emailsOf = (phase: Phase) => phase.context.shoppers.map((s) => s.email);

const ledgerOf = (run: Run, phase: Phase) =>
  checkLedger(run.cluster.pg.url, emailsOf(phase), phase.context.payments, run.mails());

/** Ends a phase's load and fills its row from the tally and the ledger. */
async function finish(run: Run, phase: Phase, load: Promise<void>, settleMs: number) {
  phase.context.stopped = true;
  await load;
  const { row, context } = phase;
  row.requests = context.tally.requests;
  row.failed = context.tally.describe();
  for (const kind of context.tally.failures.keys()) {
    if (!phase.expected.has(kind)) row.defects.push(`${kind} answers`);
  }
  row.defects.push(...run.exits.splice(0));
  if (context.surprises.length) {
    row.notes.push(`unexpected answers: ${[...new Set(context.surprises)].join('; ')}`);
  }
  await settle(run, [phase], settleMs);
  if (row.lost > 0) run.log(`  unfinished jobs: ${await unfinishedJobs(run.cluster.pg.url)}`);
  run.log(`${phase.name}: ${row.requests} requests, failed ${row.failed}`);
}

/** Waits (up to `ms`) for every phase's payments and mails to be complete; fills their rows. */
async function settle(run: Run, phases: Phase[], ms: number) {
  const results = new Map<Phase, LedgerResult>();
  await until(async () => {
    let done = true;
    for (const phase of phases) {
      if (phase.name.startsWith('d')) continue;
      const result = await ledgerOf(run, phase);
      results.set(phase, result);
      if (result.lost.length || result.mailsMissing) done = false;
    }
    return done;
  }, ms);
  for (const [phase, result] of results) {
    const { row } = phase;
    row.lost = result.lost.length + result.mailsMissing;
    row.duplicated = result.duplicated.length;
    row.notes = row.notes.filter((n) => !n.startsWith('paid:') && !n.startsWith('lost:'));
    row.notes.push(
      `paid: ${result.paid} payments, ${result.orders} orders` +
        (result.stranded ? `; ${result.stranded} checkout(s) stranded without a page` : ''),
    );
    const problems = [
      ...result.lost,
      ...(result.mailsMissing ? [`${result.mailsMissing} mail(s) missing`] : []),
      ...result.duplicated,
    ];
    if (problems.length) row.notes.push(`lost: ${problems.slice(0, 5).join('; ')}`);
  }
}

/** (a) A restart of PostgreSQL (every connection cut, back on the same port). */
async function postgresRestart(run: Run): Promise<Phase> {
  const phase = newPhase(run, 'a. PostgreSQL restart', 'a1', ['503 Retry-After']);
  run.log(phase.name);
  const load = startLoad(phase.context, run.shoppers);
  await warmUp(phase);
  const from = Date.now();
  await run.cluster.pg.restart();
  run.jobsAtRisk = Date.now();
  phase.row.notes.push(`restart took ${((run.jobsAtRisk - from) / 1000).toFixed(1)} s`);
  await sleep(1000);
  // Until the probe succeeds after its last failure (0 s when none failed).
  await until(() => run.probe.timeline.at(-1)?.ok === true, 30_000);
  phase.row.recoverSeconds = run.probe.recovery(from);
  phase.row.notes.push(`probe failures: ${run.probe.describe(from)}`);
  await sleep(4000);
  await finish(run, phase, load, 30_000);
  return phase;
}

/** (a) PostgreSQL stopped hard (`-m immediate`, as a crash) for a few seconds, then started. */
async function postgresDown(run: Run): Promise<Phase> {
  const seconds = run.options.pgDownSeconds ?? 5;
  const phase = newPhase(run, `a. PostgreSQL down ${seconds} s`, 'a2', ['503 Retry-After']);
  run.log(phase.name);
  const load = startLoad(phase.context, run.shoppers);
  await warmUp(phase);
  const from = Date.now();
  await run.cluster.pg.stop({ crash: true });
  await sleep(seconds * 1000);
  await run.cluster.pg.start();
  const back = Date.now();
  run.jobsAtRisk = back;
  await until(() => run.probe.timeline.some((t) => t.at > back && t.ok), 60_000);
  phase.row.recoverSeconds = run.probe.recovery(from);
  phase.row.notes.push(`database away ${((back - from) / 1000).toFixed(1)} s`);
  phase.row.notes.push(`probe failures: ${run.probe.describe(from)}`);
  await sleep(4000);
  await finish(run, phase, load, 30_000);
  return phase;
}

/** (b) SIGKILL of an instance while several payments are in flight; then it is started again. */
async function killInstance(run: Run): Promise<Phase> {
  // The killed instance's requests in flight are lost with it: the balancer answers 502.
  const phase = newPhase(run, 'b. app instance SIGKILL', 'b', ['502 (balancer)']);
  run.log(phase.name);
  const load = startLoad(phase.context, run.shoppers);
  await warmUp(phase);
  // Checkouts and payments take milliseconds: the moment is watched closely — several in
  // flight at once if that comes within 15 s, else at least one.
  const several = Math.max(1, Math.floor(run.shoppers / 6));
  for (const [want, ms] of [
    [several, 15_000],
    [1, 15_000],
  ] as const) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && phase.context.paying < want) await sleep(2);
    if (phase.context.paying >= want) break;
  }
  const inFlight = phase.context.paying;
  const from = Date.now();
  run.deliberate.add(run.cluster.instances[1]!);
  await run.cluster.instances[1]!.kill();
  if (run.options.killedInstanceEnv?.JOBS_WORKERS !== 'false') run.jobsAtRisk = from;
  phase.row.notes.push(`killed with ${inFlight} checkouts/payments in flight`);
  // Recovered once every payment taken so far has its orders paid (the periodic job on the
  // other instance redelivers the events the killed one took but did not finish).
  const paidAll = until(async () => (await ledgerOf(run, phase)).lost.length === 0, 60_000, from);
  await sleep(6000);
  await run.restart(1, run.options.killedInstanceEnv ?? {});
  run.log('  app-2 started again');
  phase.row.recoverSeconds = await paidAll;
  await sleep(3000);
  await finish(run, phase, load, 30_000);
  return phase;
}

/**
 * (e) SIGKILL of an instance while checkouts are in flight, the products' stock counted: a
 * checkout it held stock for but never gave a page is ended by the other instance's periodic
 * payment job, its hold released. Recovered once no hold is stranded and every count's holds
 * are its open checkouts'; a count holding more is a hold lost (counted in "lost"), one holding
 * less a release done twice ("duplicated").
 */
async function killMidCheckout(run: Run): Promise<Phase> {
  const phase = newPhase(run, 'e. app instance SIGKILL mid-checkout (stock)', 'e', [
    '502 (balancer)',
  ]);
  run.log(phase.name);
  await countStock(run.cluster.pg.url, run.products);
  const load = startLoad(phase.context, run.shoppers);
  await warmUp(phase);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && phase.context.paying < 1) await sleep(2);
  const inFlight = phase.context.paying;
  const from = Date.now();
  run.deliberate.add(run.cluster.instances[1]!);
  await run.cluster.instances[1]!.kill();
  if (run.options.killedInstanceEnv?.JOBS_WORKERS !== 'false') run.jobsAtRisk = from;
  const killedAt = await checkHolds(run.cluster.pg.url, run.products);
  phase.row.notes.push(
    `killed with ${inFlight} checkouts/payments in flight; ${killedAt.stranded} unit(s) then held by checkouts without a page`,
  );
  await sleep(3000);
  await run.restart(1, run.options.killedInstanceEnv ?? {});
  run.log('  app-2 started again');
  // The shoppers stop, so that what is held is only what the fault left and the open pages.
  await sleep(3000);
  phase.context.stopped = true;
  await load;
  const balanced = async () => {
    const holds = await checkHolds(run.cluster.pg.url, run.products);
    return holds.stranded === 0 && holds.unbalanced.length === 0;
  };
  phase.row.recoverSeconds = await until(balanced, (STRANDED_SECONDS + 60) * 1000, from);
  const holds = await checkHolds(run.cluster.pg.url, run.products);
  phase.row.notes.push(
    `after: ${holds.held} unit(s) held by open pages, ${holds.stranded} stranded` +
      (holds.unbalanced.length ? `; ${holds.unbalanced.slice(0, 3).join('; ')}` : ''),
  );
  await finish(run, phase, load, 30_000);
  phase.row.lost += holds.stranded + holds.overReserved;
  phase.row.duplicated += holds.underReserved;
  return phase;
}

/** (c) The mail server away ~20 s, then back on the same port. */
async function mailServerDown(run: Run): Promise<Phase> {
  const seconds = run.options.smtpDownSeconds ?? 20;
  const phase = newPhase(run, `c. SMTP down ${seconds} s`, 'c', []);
  run.log(phase.name);
  const load = startLoad(phase.context, run.shoppers);
  await warmUp(phase);
  const port = Number(new URL(run.cluster.smtp.url).port);
  const from = Date.now();
  await run.cluster.smtp.close();
  await sleep(seconds * 1000);
  run.cluster.smtp = await startSmtpPeer(port);
  run.mailboxes.push(run.cluster.smtp.inbox);
  run.log('  SMTP back');
  await sleep(3000);
  phase.context.stopped = true;
  await load;
  // Recovered once every mail of the phase arrived (retries at 15 s, 30 s, 1 min …): from the
  // outage's start to the arrival of its last mail.
  const complete = await until(
    async () => (await ledgerOf(run, phase)).mailsMissing === 0,
    120_000,
    from,
  );
  if (complete !== null) {
    const { orderIds } = await ledgerOf(run, phase);
    phase.row.recoverSeconds = (run.lastMailAt(orderIds) - from) / 1000;
  }
  await finish(run, phase, load, 10_000);
  return phase;
}

const cartLines = (answer: Answer | Error) =>
  answer instanceof Error || answer.status !== 200
    ? null
    : JSON.stringify(
        (answer.json as { items: { product_id: number; quantity: number }[] }).items
          .map((i) => [i.product_id, i.quantity])
          .sort(),
      );

/**
 * (d) The payment provider failing at checkout: an instance on Stripe's API (the local
 * stand-in, told to fail every session creation for a while). Each checkout must answer the
 * readable 503 of SPEC §8, leave the cart as it was, and end its Pending orders at once.
 */
async function providerDown(run: Run): Promise<Phase> {
  const seconds = 10;
  const phase = newPhase(run, `d. payment provider down ${seconds} s`, 'd', [
    '503 (no Retry-After)',
  ]);
  run.log(phase.name);
  const stripe = await startFakeStripe();
  const instance = await startInstance({
    name: 'app-stripe',
    port: await freePort(),
    env: {
      ...run.cluster.env,
      DATA_DIR: path.join(run.cluster.logDir, '..', 'instance-stripe'),
      SEED_DEMO: 'false',
      STRIPE_SECRET_KEY: 'sk_test_faults',
      STRIPE_WEBHOOK_SECRET: 'whsec_faults',
      STRIPE_API_BASE: stripe.url,
    },
    logDir: run.cluster.logDir,
  });
  const { context, row } = phase;
  context.base = instance.url;
  let failing = true;
  let back = 0;
  const recovered: number[] = [];
  let cartsChanged = 0;
  let unreadable = 0;
  try {
    stripe.failSessionCreates = Number.MAX_SAFE_INTEGER;
    const shopper = async (n: number) => {
      await sleep(n * 150);
      const buyer = await newShopper(context, n);
      if (!(await fillCart(context, buyer))) return;
      while (!context.stopped) {
        const before = cartLines(
          await call(context.base, '/api/cart/', { headers: buyer.headers }),
        );
        context.tally.requests += 1;
        const answer = await call(context.base, '/checkout/', { headers: buyer.headers, json: {} });
        if (!(answer instanceof Error) && answer.status === 200) {
          if (!failing) recovered.push(Date.now());
          return;
        }
        context.tally.fail(failureKind(answer));
        const error = answer instanceof Error ? '' : (answer.json as { error?: string })?.error;
        if (error !== CHECKOUT_MESSAGES.paymentUnavailable) unreadable += 1;
        const after = cartLines(await call(context.base, '/api/cart/', { headers: buyer.headers }));
        if (before === null || before !== after) cartsChanged += 1;
        await sleep(500 + Math.random() * 500);
      }
    };
    const load = Promise.all(
      Array.from({ length: Math.max(2, Math.ceil(run.shoppers / 2)) }, (_, n) => shopper(n)),
    );
    const from = Date.now();
    await sleep(seconds * 1000);
    failing = false;
    stripe.failSessionCreates = 0;
    back = Date.now();
    await until(() => recovered.length > 0, 20_000);
    row.recoverSeconds = recovered.length ? (Math.min(...recovered) - from) / 1000 : null;
    await sleep(2000);
    context.stopped = true;
    await load;
    row.requests = context.tally.requests;
    row.failed = context.tally.describe();
    for (const kind of context.tally.failures.keys()) {
      if (!phase.expected.has(kind)) row.defects.push(`${kind} answers`);
    }
    if (unreadable) row.defects.push(`${unreadable} checkout errors without SPEC §8's text`);
    const ended = await checkFailedCheckouts(run.cluster.pg.url, emailsOf(phase));
    const pending = ended.reduce((s, r) => s + (r.pending ?? 0), 0);
    const open = ended.filter((r) => r.status === 'open').reduce((s, r) => s + r.n, 0);
    const failed = ended.filter((r) => r.status === 'failed').reduce((s, r) => s + r.n, 0);
    row.lost = cartsChanged + pending + open;
    row.notes.push(
      `${failed} failed checkouts ended (orders Canceled), ${pending} Pending orders left, ` +
        `${cartsChanged} carts changed; checkouts work again ${((recovered[0] ?? back) - back) / 1000} s after the provider`,
    );
    run.log(`${phase.name}: ${row.requests} checkouts, failed ${row.failed}`);
  } finally {
    context.stopped = true;
    await instance.stop();
    await stripe.close();
  }
  return phase;
}
