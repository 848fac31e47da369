import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house's shape, read from the source (issue 25 point 1, decision 0035): modules import one
 * way (no circle between modules, none between the files of one), and each table has one module
 * that writes it. The README's ownership sentence is this test.
 */

const SRC = import.meta.dirname;

/**
 * Who writes each table. The seed (demo data loaded before the app serves) writes its fixtures
 * directly and is not a writer of the running app; the migrations' triggers are not code here.
 */
const WRITER: Record<string, string> = {
  users: 'modules/auth',
  refresh_tokens: 'modules/auth',
  addresses: 'modules/address',
  businesses: 'modules/businesses',
  sustainability_notes: 'modules/businesses',
  verification_requests: 'modules/verification',
  shipping_fee_configs: 'modules/shipping',
  shipping_country_fees: 'modules/shipping',
  products: 'modules/seller-products',
  product_images: 'modules/seller-products',
  variants: 'modules/seller-products',
  variant_images: 'modules/seller-products',
  stock_levels: 'modules/stock',
  reviews: 'modules/reviews',
  review_reports: 'modules/reviews',
  product_ratings: 'modules/reviews',
  review_events: 'modules/reviews',
  stock_movements: 'modules/stock',
  favorites: 'modules/favorites',
  follows: 'modules/follows',
  search_words: 'modules/search',
  search_changes: 'modules/search',
  carts: 'modules/cart',
  cart_items: 'modules/cart',
  checkouts: 'modules/checkout',
  orders: 'modules/orders',
  order_items: 'modules/orders',
  order_events: 'modules/orders',
  order_messages: 'modules/order-messages',
  order_returns: 'modules/returns',
  order_return_lines: 'modules/returns',
  processed_webhook_events: 'modules/payments',
  payouts: 'modules/payouts',
  refunds: 'modules/refunds',
  partial_refunds: 'modules/refunds',
  promo_codes: 'modules/checkout',
  shopify_sync_runs: 'modules/shopify',
  shopify_webhook_deliveries: 'modules/shopify',
  shopify_import_settings: 'modules/shopify',
  shopify_import_picks: 'modules/shopify',
  newsletter_subscriptions: 'modules/newsletter',
  quiz_personas: 'modules/quiz',
  faq_items: 'modules/content',
  partners: 'modules/content',
  curated_lists: 'modules/content',
  // The local payment provider's own books (the zero-setup stand-in for Stripe's servers).
  local_payment_sessions: 'adapters/payments',
  local_connected_accounts: 'adapters/payments',
  local_money_movements: 'adapters/payments',
  // The job runner's marks of committed effects (JobContext.once).
  job_effects: 'jobs',
};
const NOT_A_WRITER = ['seed'];

/** The app's source files, without the tests and the migrations. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** The schema's tables: `export const name = pgTable('sql_name'` → name → sql_name. */
function schemaTables(): Map<string, string> {
  const dir = path.join(SRC, 'db/schema');
  const tables = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.set(m[1]!, m[2]!);
    }
  }
  return tables;
}

/** The tables a source text writes: drizzle's insert/update/delete, and raw SQL. */
function writesIn(text: string, tables: Map<string, string>): string[] {
  const sqlNames = new Set(tables.values());
  const found = new Set<string>();
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tables.get(m[1]!);
    if (table) found.add(table);
  }
  for (const m of text.matchAll(
    /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi,
  )) {
    const table = m[1] ? tables.get(m[1]) : m[2];
    if (table && sqlNames.has(table)) found.add(table);
  }
  return [...found];
}

/** `modules/orders/orders.repo.ts` → `modules/orders`; `adapters/payments/x.ts` → `adapters/payments`. */
function ownerOf(file: string): string {
  const [top, second] = path.relative(SRC, file).split(path.sep);
  return top === 'modules' || top === 'adapters' ? `${top}/${second}` : top!;
}

/** Relative imports (and re-exports) of a source text. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)].map(
    (m) => m[1]!,
  );
  return specs.flatMap((spec) => {
    const target = path.resolve(path.dirname(file), spec);
    for (const candidate of [`${target}.ts`, path.join(target, 'index.ts')]) {
      try {
        readFileSync(candidate);
        return [candidate];
      } catch {}
    }
    return [];
  });
}

/** The strongly connected parts of more than one node (Tarjan): the import circles. */
function circles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function importGraphs() {
  const files = new Map<string, Set<string>>();
  const folders = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = path.relative(SRC, file);
    const targets = importsOf(file);
    files.set(from, new Set(targets.map((t) => path.relative(SRC, t))));
    const fromFolder = ownerOf(file);
    if (!folders.has(fromFolder)) folders.set(fromFolder, new Set());
    for (const target of targets) {
      const toFolder = ownerOf(target);
      if (toFolder !== fromFolder) folders.get(fromFolder)!.add(toFolder);
    }
  }
  return { files, folders };
}

describe('the import graph', () => {
  const { files, folders } = importGraphs();

  it('has no circle between modules, adapters, db, jobs and lib', () => {
    expect(circles(folders)).toEqual([]);
  });

  it('has no circle between the files of one module', () => {
    expect(circles(files)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['modules/c'])],
      ['modules/c', new Set(['modules/a'])],
      ['modules/d', new Set(['modules/a'])],
    ]);
    expect(circles(graph)).toEqual([['modules/a', 'modules/b', 'modules/c']]);
  });
});

describe('each table has one writer', () => {
  const tables = schemaTables();

  it('every table of the schema has its writing module named here', () => {
    expect([...tables.values()].filter((t) => !(t in WRITER))).toEqual([]);
    expect(Object.keys(WRITER).filter((t) => ![...tables.values()].includes(t))).toEqual([]);
  });

  it('only that module writes it', () => {
    const strays: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const owner = ownerOf(file);
      if (NOT_A_WRITER.includes(owner)) continue;
      for (const table of writesIn(readFileSync(file, 'utf8'), tables)) {
        if (WRITER[table] !== owner) {
          strays.push(
            `${path.relative(SRC, file)} writes ${table} (its writer is ${WRITER[table]})`,
          );
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('sees a write in drizzle and in SQL', () => {
    const text = [
      'await tx.update(orders).set({ status: "Paid" });',
      'await db.insert( payouts ).values(row);',
      'await tx.delete(cartItems).where(x);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text a repo would hold
      'await db.execute(sql`update ${refunds} set status = 1`);',
      'await db.execute(sql`delete from search_changes where id < 4`);',
      'await db.select().from(products);',
    ].join('\n');
    expect(writesIn(text, tables).sort()).toEqual(
      ['cart_items', 'orders', 'payouts', 'refunds', 'search_changes'].sort(),
    );
  });
});

/**
 * Side effects have one shape (issue 25 point 2, decision 0039): the job runner alone keeps
 * its bookkeeping (its tables, retries, parking), and a module registers its queues' handlers
 * in one place.
 */
describe('side effects go through the job runner', () => {
  const moduleFiles = sourceFiles(path.join(SRC, 'modules'));
  const readsRunnerTables = (text: string) =>
    /\bpgboss\b|JOB_SCHEMA|db\/job-schema|jobs\/job-(sql|boss|reads|execution|dispatcher)/.test(
      text,
    );
  const registersWork = (text: string) => /\.work\(/.test(text);

  it('no module reads or writes the runner’s own tables', () => {
    const strays = moduleFiles.filter((file) => readsRunnerTables(readFileSync(file, 'utf8')));
    expect(strays.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('a module registers its workers only in its *-workers.ts file', () => {
    const strays = moduleFiles.filter(
      (file) => !/-workers\.ts$/.test(file) && registersWork(readFileSync(file, 'utf8')),
    );
    expect(strays.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('sees a read of the runner’s tables and a registration', () => {
    expect(readsRunnerTables("sql`select 1 from pgboss.job where name = 'x'`")).toBe(true);
    expect(readsRunnerTables("import { JOB_SCHEMA } from '../../db/job-schema';")).toBe(true);
    expect(readsRunnerTables("import { jobs } from '../../jobs/job-runner';")).toBe(false);
    expect(registersWork('app.deps.jobs.work(QUEUE, handler);')).toBe(true);
  });
});
