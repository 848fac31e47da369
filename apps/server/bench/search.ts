import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startInstance } from '../scripts/cluster/instance';
import { type MeasureOptions, measure, printTable, type Result, type Scenario } from './harness';

/**
 * The search of issue 15 (docs/decisions/0023), uncached: every query form on an app whose
 * catalogue cache is off, beside the static file and the naive ILIKE search of the same run,
 * over 50+ distinct real-word queries; search as you type; facet counts; and the memory of an
 * app instance of its own (the real server process) once its index is loaded.
 */

/** Real words of the catalogue: broad, narrow, two words, typos. */
const BROAD = ['cotton', 'linen', 'hemp', 'soap', 'wool', 'bamboo', 'recycled', 'organic'];
const NARROW = [
  'scrunchie',
  'mittens',
  'diffuser',
  'sunscreen',
  'floss',
  'planter',
  'cardigan',
  'crayons',
  'tealights',
  'folio',
  'apron',
  'clogs',
  'sandals',
  'serum',
  'deodorant',
  'trousers',
];
const TWO_WORDS = [
  'linen dress',
  'hemp tote',
  'stoneware mug',
  'wool socks',
  'bamboo brush',
  'beeswax wraps',
  'alpaca beanie',
  'soy candle',
  'leather boots',
  'steel bottle',
];
const TYPOS = [
  'organc cottn',
  'lenin',
  'bambo',
  'stonware',
  'candel',
  'sweter',
  'shampo bar',
  'hepm',
  'scarff',
  'notbook',
];
const CATEGORY_SORTS = [
  ['cotton', 'Apparel', 'price_low_to_high'],
  ['soap', 'Hygiene', 'price_high_to_low'],
  ['wool', 'Shoes', 'price_low_to_high'],
  ['candle', 'Home Goods', 'price_high_to_low'],
  ['recycled', 'Art Supplies', 'price_low_to_high'],
  ['', 'Cleaning Products', 'price_high_to_low'],
] as const;
const DEEP = [
  ['', 50],
  ['cotton', 40],
  ['linen', 20],
  ['', 400],
] as const;
const PREFIXES = [
  'co',
  'lin',
  'hemp t',
  'stonew',
  'alpa',
  'bees',
  'organic c',
  'bambo',
  'kel',
  'sea s',
  'wool b',
  'cand',
  'juniper',
  'fern g',
  'hygi',
  'shoe',
  'recyc',
  'trail r',
  'soy',
  'mugg',
];

const q = (search: string, extra = '') =>
  `/api/search/?search=${encodeURIComponent(search)}${extra}`;

/** The forms of a search, each as a list of distinct paths (and the ILIKE equivalent). */
function forms(): Array<{ name: string; paths: string[]; ilike: string[] }> {
  const ilike = (search: string, extra = '') =>
    `/bench/ilike-search/?search=${encodeURIComponent(search)}${extra}`;
  return [
    { name: 'broad word', paths: BROAD.map((w) => q(w)), ilike: BROAD.map((w) => ilike(w)) },
    { name: 'narrow word', paths: NARROW.map((w) => q(w)), ilike: NARROW.map((w) => ilike(w)) },
    {
      name: 'two words',
      paths: TWO_WORDS.map((w) => q(w)),
      ilike: TWO_WORDS.map((w) => ilike(w)),
    },
    { name: 'a typo', paths: TYPOS.map((w) => q(w)), ilike: TYPOS.map((w) => ilike(w)) },
    {
      name: 'category + price sort',
      paths: CATEGORY_SORTS.map(([w, c, s]) =>
        q(w, `&category=${encodeURIComponent(c)}&filter=${s}`),
      ),
      ilike: CATEGORY_SORTS.map(([w, c, s]) =>
        ilike(w, `&category=${encodeURIComponent(c)}&filter=${s}`),
      ),
    },
    {
      name: 'deep page',
      paths: DEEP.map(([w, p]) => q(w, `&page=${p}`)),
      ilike: DEEP.map(([w, p]) => ilike(w, `&page=${p}`)),
    },
  ];
}

export interface SearchBenchContext {
  /** The app with the catalogue cache on (served answers). */
  served: string;
  /** The same app with the cache off: every request runs the search. */
  cold: string;
  staticFile: Result;
  options: MeasureOptions;
  databaseUrl: string;
  products: number;
}

/** Runs the issue 15 rows; returns them and prints the targets. */
export async function searchBench(ctx: SearchBenchContext): Promise<Result[]> {
  const run = (base: string, scenario: Scenario, o: MeasureOptions = ctx.options) =>
    measure(base, scenario, o);
  const results: Result[] = [];
  const all = forms();
  const distinct = all.flatMap((f) => f.paths);
  // The filters of the shop on top of the words: every combination a distinct query.
  const filtered = BROAD.flatMap((w, i) => [
    q(w, '&second_hand=true'),
    q(w, `&verified=true&min_price=${10 + i * 5}&max_price=${60 + i * 10}`),
    q(w, `&free_shipping_at=${20 + i * 5}`),
  ]);
  console.log(
    `\nbench: search without its cache (issue 15), ${distinct.length} + ${filtered.length} distinct queries`,
  );

  const perForm: Array<{ form: string; engine: Result; ilike: Result }> = [];
  for (const form of all) {
    const engine = await run(ctx.cold, {
      name: `search (uncached): ${form.name}, ${form.paths.length} queries`,
      path: '',
      paths: form.paths,
    });
    results.push(engine);
    // The naive search cannot use more than the 2 cores: a few clients, a few seconds.
    const ilike = await run(
      ctx.served,
      { name: `naive ILIKE: ${form.name} (baseline)`, path: '', paths: form.ilike },
      { ...ctx.options, concurrency: 2, warmupSeconds: 0 },
    );
    results.push(ilike);
    perForm.push({ form: form.name, engine, ilike });
  }
  const mix = await run(ctx.cold, {
    name: `search (uncached): all ${distinct.length} queries in turn`,
    path: '',
    paths: distinct,
  });
  results.push(mix);
  const refined = await run(ctx.cold, {
    name: `search (uncached): with filters, ${filtered.length} queries`,
    path: '',
    paths: filtered,
  });
  results.push(refined);
  const suggestions = await run(ctx.cold, {
    name: `suggestions (uncached), ${PREFIXES.length} prefixes`,
    path: '',
    paths: PREFIXES.map((p) => `/api/search/suggestions/?q=${encodeURIComponent(p)}`),
  });
  results.push(suggestions);
  const facets = await run(ctx.cold, {
    name: `facet counts (uncached), ${BROAD.length + 1} searches`,
    path: '',
    paths: ['', ...BROAD].map((w) => `/api/search/facets/?search=${encodeURIComponent(w)}`),
  });
  results.push(facets);
  const servedMix = await run(ctx.served, {
    name: `search (served, cached): all ${distinct.length} queries`,
    path: '',
    paths: distinct,
  });
  results.push(servedMix);

  const memory = await instanceMemory(ctx.databaseUrl, distinct);
  printTable([ctx.staticFile, ...results], ctx.staticFile);
  const uncached = [...perForm.map((f) => f.engine), mix, refined];
  const worstP99 = Math.max(...uncached.map((r) => r.p99));
  const floorRatio = mix.rps / ctx.staticFile.rps;
  console.log(`\ntargets (issue 15) at ${ctx.products.toLocaleString('en')} products:`);
  console.log(
    `  uncached p99 ≤ 50 ms: highest ${worstP99.toFixed(1)} ms ${worstP99 <= 50 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  uncached throughput ≥ 0.3× static file (all queries): ${floorRatio.toFixed(2)}× ${floorRatio >= 0.3 ? 'met' : 'NOT met'}`,
  );
  for (const f of perForm) {
    const ratio = f.engine.rps / Math.max(f.ilike.rps, 0.01);
    console.log(
      `  ${f.form} ≥ 10× ILIKE: ${ratio.toFixed(0)}× ${ratio >= 10 ? 'met' : 'NOT met'}${
        f.ilike.requests < 20 ? ` (ILIKE: ${f.ilike.requests} requests)` : ''
      }`,
    );
  }
  console.log(
    `  suggestions p99 ≤ 20 ms: ${suggestions.p99.toFixed(1)} ms ${suggestions.p99 <= 20 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  app instance (own process, index loaded, after serving): RSS ${memory.rssMiB} MiB, peak ${memory.peakMiB} MiB ${memory.peakMiB <= 1024 ? '(≤ 1 GiB: met)' : '(≤ 1 GiB: NOT met)'}; index of ${memory.products} loaded in ${memory.loadSeconds} s`,
  );
  return results;
}

/** Starts the real server on the catalogue, serves the queries a while, reads its memory. */
async function instanceMemory(databaseUrl: string, paths: string[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leafline-bench-instance-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const instance = await startInstance({
    name: 'search-instance',
    port,
    logDir: dataDir,
    readyTimeoutMs: 600_000,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      CATALOG_CACHE_SECONDS: '0',
      JOBS_WORKERS: 'false',
      RATE_LIMIT_MAX: '100000000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
  });
  try {
    const started = Date.now();
    for (;;) {
      const ready = (await (await fetch(`${instance.url}/readyz`)).json()) as {
        search_index?: string;
      };
      if (ready.search_index === 'loaded') break;
      if (Date.now() - started > 600_000) throw new Error('the search index did not load');
      await new Promise((r) => setTimeout(r, 500));
    }
    await measure(
      instance.url,
      { name: 'warm', path: '', paths },
      { seconds: 3, concurrency: 8, warmupSeconds: 0 },
    );
    const status = readFileSync(`/proc/${instance.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    const log = readFileSync(instance.logFile, 'utf8');
    const loadLine = log.split('\n').find((l) => l.includes('search index loaded')) ?? '{}';
    const loaded = JSON.parse(loadLine) as { products?: number; seconds?: number };
    return {
      rssMiB: Math.round(kb('VmRSS') / 1024),
      peakMiB: Math.round(kb('VmHWM') / 1024),
      products: (loaded.products ?? 0).toLocaleString('en'),
      loadSeconds: loaded.seconds ?? 0,
    };
  } finally {
    await instance.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
