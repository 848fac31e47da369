import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { NO_REFINEMENTS, type ProductDoc, SearchIndex } from '../src/index';
import { parseTsquery } from '../src/text';
import type { EngineQuery, SearchRefinements } from '../src/types';
import { mulberry32, OPTIONS } from '../test/fixtures';

/**
 * `npm run bench -w @leafline/search-engine [-- --products 1000000]`: the engine alone, no
 * database or HTTP, on a generated catalogue (BENCH_PRODUCTS, default 200,000): the load, the
 * memory, and each query form's throughput and latency on one core. The app's own bench
 * (`npm run bench`, apps/server/bench) measures the search through the server. Figures are
 * printed and kept in bench/results/, never asserted.
 */

const flag = process.argv.indexOf('--products');
const PRODUCTS = Number(
  (flag >= 0 ? process.argv[flag + 1] : undefined) ?? process.env.BENCH_PRODUCTS ?? 200_000,
);
/** Seconds each form runs. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

const MATERIALS = ['cotton', 'linen', 'hemp', 'wool', 'bamboo', 'cork', 'recycled', 'organic'];
const THINGS = ['tote', 'sock', 'scarf', 'mug', 'brush', 'soap', 'candle', 'notebook', 'apron'];
/** Description words: a long tail, the first ones far commoner (Zipf). */
const TAIL = Array.from({ length: 5000 }, (_, k) => `word${k}`);

function product(id: number, random: () => number): ProductDoc {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const zipf = () => TAIL[Math.floor(TAIL.length ** random()) - 1]!;
  const material = pick(MATERIALS);
  const thing = pick(THINGS);
  const category = pick(OPTIONS.categories);
  const terms = new Map<string, string>([
    [material, '1A'],
    [thing, '2A'],
    [category.split(' ')[0]!.toLowerCase(), '5C'],
  ]);
  for (let k = 0; k < 8; k++) if (!terms.has(zipf())) terms.set(zipf(), `${10 + k}`);
  return {
    id,
    name: `${material[0]!.toUpperCase()}${material.slice(1)} ${thing} ${id % 97}`,
    businessId: 1 + Math.floor(random() * Math.max(1, PRODUCTS / 50)),
    priceCents: 100 * (1 + Math.floor(random() * 200)),
    createdMs: Date.UTC(2025, 0, 1) + Math.floor(random() * 3e10),
    productCategory: category,
    secondHand: random() < 0.2,
    primaryImage: `p/${id}.webp`,
    vector: [...terms].map(([lexeme, at]) => `'${lexeme}':${at}`).join(' '),
  };
}

function load(): { index: SearchIndex; seconds: number } {
  const started = performance.now();
  // The brand facet as the app asks it: its first 100 brands.
  const index = new SearchIndex({ ...OPTIONS, maxBrandFacets: 100 });
  const random = mulberry32(2026);
  const brands = Math.max(1, PRODUCTS / 50);
  for (let id = 1; id <= brands; id++) {
    index.setBusiness({
      id,
      name: `Brand ${id}`,
      active: id % 50 !== 0,
      verified: id % 3 === 0,
      freeShippingFromCents: [0, 3000, 7500][id % 3]!,
      // A brand in four names France (its own amount), the others ship there as elsewhere.
      freeShippingByCountry:
        id % 4 === 0 ? { countries: { FR: 1500 }, elsewhereCents: 7500 } : undefined,
    });
  }
  for (let id = 1; id <= PRODUCTS; id++) index.upsert(product(id, random));
  index.trim();
  return { index, seconds: (performance.now() - started) / 1000 };
}

const query = (typed: string | null, over: Partial<EngineQuery> = {}): EngineQuery => ({
  typed: typed === null ? null : parseTsquery(typed),
  corrected: null,
  hasTerms: typed !== null,
  productCategory: null,
  sort: '',
  refinements: NO_REFINEMENTS,
  ...over,
});
const refine = (r: Partial<SearchRefinements>) => ({ ...NO_REFINEMENTS, ...r });

/** The forms measured: what the shop asks most, and the heavy cases. */
function forms(index: SearchIndex): Array<[string, () => unknown]> {
  const page =
    (q: EngineQuery, offset = 0) =>
    () =>
      index.search(q, 20, offset);
  return [
    ['listing, newest first', page(query(null))],
    [
      'listing, category by price',
      page(query(null, { productCategory: 'Hygiene', sort: 'price_low_to_high' })),
    ],
    ['listing, deep page (400)', page(query(null), 8000)],
    ['broad word (cotton)', page(query("'cotton'"))],
    ['broad word by price', page(query("'cotton'", { sort: 'price_high_to_low' }))],
    ['narrow word (word900)', page(query("'word900'"))],
    ['two words (organic & tote)', page(query("'organic' & 'tote'"))],
    [
      'a typo corrected (orgnic & tote)',
      page(query("'orgnic' & 'tote'", { corrected: parseTsquery("'organic' & 'tote'") })),
    ],
    ['or and not (wool | hemp & !sock)', page(query("'wool' | 'hemp' & !'sock'"))],
    [
      'word with filters',
      page(
        query("'linen'", {
          refinements: refine({
            secondHand: true,
            verified: true,
            minPriceCents: 1000,
            maxPriceCents: 6000,
          }),
        }),
      ),
    ],
    [
      'free shipping at $30',
      page(query("'bamboo'", { refinements: refine({ freeShippingAtCents: 3000 }) })),
    ],
    [
      'brands (3) chosen',
      page(query("'cotton'", { refinements: refine({ brandIds: [7, 70, 700] }) })),
    ],
    [
      'ships free to me (FR)',
      page(query("'bamboo'", { refinements: refine({ shipsFree: true, country: 'FR' }) })),
    ],
    ['facets of a word', () => index.facets(query("'cotton'"))],
    ['facets of everything', () => index.facets(query(null))],
    [
      'facets, a brand chosen, ships free',
      () =>
        index.facets(
          query("'cotton'", {
            refinements: refine({ brandIds: [7], shipsFree: true, country: 'FR' }),
          }),
        ),
    ],
    ['suggestions (org t)', () => index.suggestions.suggest('org t')],
  ];
}

/** Calls `run` for SECONDS; its rate and latency percentiles. */
function measure(run: () => unknown) {
  for (let k = 0; k < 50; k++) run();
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { perSecond: times.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

function main() {
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${PRODUCTS}.txt`,
  );
  const print = (line: string) => {
    console.log(line);
    appendFileSync(file, `${line}\n`);
  };
  print(
    `search-engine bench: ${PRODUCTS.toLocaleString('en')} generated products, Node ${process.version}`,
  );
  const { index, seconds } = load();
  global.gc?.();
  const memory = process.memoryUsage();
  print(
    `loaded in ${seconds.toFixed(1)} s: ${index.size.toLocaleString('en')} products, ${index.terms.toLocaleString('en')} lexemes; ` +
      `heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB, off-heap ${(memory.arrayBuffers / 2 ** 20).toFixed(0)} MiB, RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB`,
  );
  print(
    `${'form'.padEnd(40)} ${'per s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const [name, run] of forms(index)) {
    const r = measure(run);
    print(
      `${name.padEnd(40)} ${r.perSecond.toFixed(0).padStart(9)} ${r.p50.toFixed(3).padStart(8)} ${r.p99.toFixed(3).padStart(8)}`,
    );
  }
  print(`figures kept in ${path.relative(process.cwd(), file)}`);
}

main();
