import type { ShopifySyncRun } from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { products, variants } from '../src/db/schema/index';
import { htmlToText, priceToCents, SHOPIFY_PRODUCT_SYNC_QUEUE } from '../src/modules/shopify';
import { largeCatalog } from '../test/helpers/fake-shopify-catalog';
import { type FakeShopifyStore, startFakeShopify } from '../test/helpers/fake-shopify-server';
import { rowsOf } from './seller';

/**
 * `BENCH_ONLY=shopify npm run bench` (issue 13): the product sync of a Shopify store of 5,000
 * active products (and its drafts and archived ones), from the local stand-in store through
 * the real @shopify/admin-api-client, with Shopify's leaky bucket simulated at Shopify Plus
 * figures (20,000 points, 1,000 a second): products/s from the start request to the run's end,
 * pictures downloaded and put through the upload pipeline. Then the same store synced again
 * (nothing may change). Beside it, a baseline measured in the same run: a plain bulk insert of
 * the same products and variants (500 rows a statement, rolled back): no Shopify, no pictures.
 */

const STORE: FakeShopifyStore = {
  domain: 'leafline-bench.myshopify.com',
  accessToken: 'shpat_fake_leafline_bench_0123456789',
  name: 'Leafline Bench Store',
  currencyCode: 'USD',
};
const BUSINESS = 'Bench Shopify Co';

type ShopifyOptions = Parameters<typeof shopifyBench>[0];
type FakeShopify = Awaited<ReturnType<typeof startFakeShopify>>;
type CatalogProduct = ReturnType<typeof largeCatalog>[number];

export async function shopifyBench(options: {
  database: Database;
  env: Record<string, string>;
  mediaDir: string;
  account: (base: string, username: string) => Promise<{ auth: Record<string, string> }>;
}): Promise<void> {
  const { database } = options;
  const catalog = largeCatalog();
  const active = catalog.filter((p) => p.status === 'ACTIVE');
  const shopify = await startFakeShopify([STORE]);
  shopify.setCatalog(STORE.domain, catalog);
  shopify.simulateCosts = true;
  Object.assign(shopify.throttle, {
    maximumAvailable: 20_000,
    currentlyAvailable: 20_000,
    restoreRate: 1_000,
  });
  const config = loadConfig({
    ...options.env,
    SHOPIFY_ADMIN_ORIGIN: shopify.url,
    SHOPIFY_TIMEOUT_MS: '30000',
    // The bench runs the jobs itself (drain), one after the other, as one worker would.
    JOBS_WORKERS: 'false',
  });
  const mailer = { kind: 'outbox' as const, send: async () => {}, close: async () => {} };
  const app = await buildApp({ config, database, mailer, mediaDir: options.mediaDir });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  try {
    const { seller, businessId } = await connectStore(options, base);
    const sync = (label: string) =>
      syncOnce({ shopify, app, base, businessId, auth: seller.auth }, label);
    console.log(
      `bench: Shopify product sync of ${active.length.toLocaleString('en')} active products (${catalog.length.toLocaleString('en')} in the store), Node ${process.version}`,
    );
    const first = await sync('sync, empty shop');
    const again = await sync('sync again, nothing changed');
    const baseline = await bulkInsertBaseline(database, businessId, active);
    printShopify(active.length, [first, again], baseline);
    // Tidy: the bench's imported products leave the large catalogue.
    await database.db.execute(sql`delete from products where business_id = ${businessId}`);
  } finally {
    await app.close();
    await shopify.close();
  }
}

/** The seller, signed in, and its business (emptied) connected to the bench's store. */
async function connectStore(options: ShopifyOptions, base: string) {
  const { database } = options;
  const seller = await options.account(base, 'bench-shopify-seller');
  const [owner] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from users where username = 'bench-shopify-seller'`,
  );
  let [business] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from businesses where owner_id = ${owner!.id} and name = ${BUSINESS}`,
  );
  if (!business) {
    [business] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into businesses (owner_id, name, email, verified)
        values (${owner!.id}, ${BUSINESS}, 'bench-shopify@example.com', true) returning id`,
    );
  }
  const businessId = business!.id;
  // A fresh start: what an earlier run imported goes.
  await database.db.execute(sql`delete from products where business_id = ${businessId}`);
  const connected = await fetch(`${base}/api/shopifymanualconnect/${businessId}/`, {
    method: 'POST',
    headers: { ...seller.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ shopify_store_url: STORE.domain, access_token: STORE.accessToken }),
  });
  if (!connected.ok) throw new Error(`connect failed: ${connected.status}`);
  return { seller, businessId };
}

/** One product sync, from the start request to its job's end, and what it asked of Shopify. */
async function syncOnce(
  bench: {
    shopify: FakeShopify;
    app: Awaited<ReturnType<typeof buildApp>>;
    base: string;
    businessId: number;
    auth: Record<string, string>;
  },
  label: string,
) {
  const { shopify, app, base, businessId, auth } = bench;
  const callsBefore = shopify.calls.length;
  const picturesBefore = shopify.imageRequests.length;
  const started = performance.now();
  const res = await fetch(`${base}${ROUTES.shopifyProductSync.path({ businessId })}`, {
    headers: auth,
  });
  if (res.status !== 202) throw new Error(`sync start answered ${res.status}`);
  await app.deps.jobs.drain([SHOPIFY_PRODUCT_SYNC_QUEUE]);
  const seconds = (performance.now() - started) / 1000;
  const status = (await (
    await fetch(`${base}${ROUTES.shopifySyncStatus.path({ businessId })}`, { headers: auth })
  ).json()) as { sync: ShopifySyncRun };
  const calls = shopify.calls.slice(callsBefore);
  return {
    label,
    seconds,
    run: status.sync,
    calls: calls.length,
    throttled: calls.filter((c) => c.throttled).length,
    pictures: shopify.imageRequests.length - picturesBefore,
  };
}

type SyncFigures = Awaited<ReturnType<typeof syncOnce>>;

/** Baseline: the same products and their variants, inserted in bulk and rolled back. */
async function bulkInsertBaseline(
  database: Database,
  businessId: number,
  active: readonly CatalogProduct[],
) {
  const rows = active.map((p) => ({
    name: p.title,
    description: htmlToText(p.descriptionHtml),
    priceCents: Math.min(...p.variants.map((v) => priceToCents(v.price) ?? 1)),
    productCategory: 'Home Goods',
    shopifyProductId: p.id,
    variants: p.variants,
  }));
  const started = performance.now();
  await database.db
    .transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const ids = await tx
          .insert(products)
          .values(
            chunk.map(({ variants: _v, ...row }) => ({
              businessId,
              ...row,
              shopifyProductId: `${row.shopifyProductId}#baseline`,
            })),
          )
          .returning({ id: products.id });
        const variantRows = chunk.flatMap((p, k) =>
          p.variants.map((v, position) => ({
            productId: ids[k]!.id,
            option1: v.selectedOptions[0]?.value ?? '',
            option2: v.selectedOptions[1]?.value ?? null,
            priceCents: priceToCents(v.price),
            position,
            shopifyVariantId: v.id,
          })),
        );
        for (let j = 0; j < variantRows.length; j += 1000) {
          await tx.insert(variants).values(variantRows.slice(j, j + 1000));
        }
      }
      throw new RollBack();
    })
    .catch((error) => {
      if (!(error instanceof RollBack)) throw error;
    });
  const seconds = (performance.now() - started) / 1000;
  return { rows: rows.length, seconds, rate: rows.length / seconds };
}

/** The two syncs beside the baseline, and whether the second changed nothing. */
function printShopify(
  activeCount: number,
  [first, again]: [SyncFigures, SyncFigures],
  baseline: { rows: number; seconds: number; rate: number },
) {
  const rate = (r: { seconds: number }) => activeCount / r.seconds;
  const line = (cells: string[]) =>
    console.log(
      `  ${cells[0]!.padEnd(44)}${cells
        .slice(1)
        .map((c) => c.padStart(12))
        .join('')}`,
    );
  line([
    '',
    'seconds',
    'products/s',
    'vs baseline',
    'created',
    'updated',
    'unchanged',
    'pictures',
    'calls',
    'throttled',
  ]);
  for (const r of [first, again]) {
    line([
      r.label,
      r.seconds.toFixed(1),
      rate(r).toFixed(0),
      `${((rate(r) / baseline.rate) * 100).toFixed(1)}%`,
      String(r.run.created),
      String(r.run.updated),
      String(r.run.unchanged),
      String(r.pictures),
      String(r.calls),
      String(r.throttled),
    ]);
  }
  line([
    'plain bulk insert, same rows (baseline)',
    baseline.seconds.toFixed(1),
    baseline.rate.toFixed(0),
    '100.0%',
    String(baseline.rows),
    '',
    '',
    '0',
    '0',
    '',
  ]);
  console.log(
    `  runs: ${first.run.status} (${first.run.done} of ${first.run.total}), then ${again.run.status}; ` +
      `re-sync ${again.run.created + again.run.updated === 0 && again.pictures === 0 ? 'changed nothing' : 'CHANGED SOMETHING'}`,
  );
}

class RollBack extends Error {}
