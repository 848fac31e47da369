import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createMediaStorage } from '../adapters/storage/create-media-storage';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedLargeCatalogue } from './large';

/**
 * `npm run seed:large -- --products 100000 [--fresh]`: fills a PostgreSQL database with a large
 * catalogue for the benchmarks. The database is DATABASE_URL, or `leafline_large` on the local
 * server (created when missing). `--fresh` drops and re-creates it first. Images are the demo
 * catalogue's, drawn into DATA_DIR/media (or the S3_* bucket), so `DATABASE_URL=… npm start`
 * can serve it.
 */
export const LARGE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/leafline_large';

/** Creates (or with `fresh`, re-creates) the database of `url` through the server's `postgres`. */
export async function ensureDatabase(url: string, fresh: boolean): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    const ident = `"${name.replaceAll('"', '""')}"`;
    if (fresh) await client.query(`drop database if exists ${ident} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${ident}`);
  } finally {
    await client.end();
  }
}

/**
 * A progress bar on a terminal (redrawn in place), else a line every 5 %: products added, rate
 * and the time left.
 */
export function progressBar(out: NodeJS.WriteStream = process.stdout) {
  const started = performance.now();
  let lastStep = -1;
  return (added: number, toAdd: number) => {
    const share = toAdd ? added / toAdd : 1;
    const seconds = (performance.now() - started) / 1000;
    const rate = added / Math.max(seconds, 0.001);
    const left = rate > 0 ? (toAdd - added) / rate : 0;
    const eta =
      left >= 60
        ? `${Math.floor(left / 60)} min ${Math.round(left % 60)} s`
        : `${Math.round(left)} s`;
    const width = 30;
    const filled = Math.round(share * width);
    const line =
      `seed:large [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ` +
      `${added.toLocaleString('en')} of ${toAdd.toLocaleString('en')} products, ` +
      `${Math.round(rate).toLocaleString('en')}/s, ${added === toAdd ? `done in ${Math.round(seconds)} s` : `${eta} left`}`;
    if (out.isTTY) {
      out.write(`\r${line}${added === toAdd ? '\n' : ''}`);
      return;
    }
    const step = Math.floor(share * 20);
    if (step !== lastStep || added === toAdd) {
      lastStep = step;
      out.write(`${line}\n`);
    }
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const target = Number(values.products);
  if (!Number.isInteger(target) || target < 1 || target > 5_000_000) {
    console.error('--products must be a whole number between 1 and 5000000');
    process.exit(64);
  }
  const url = process.env.DATABASE_URL ?? LARGE_DATABASE_URL;
  await ensureDatabase(url, values.fresh ?? false);
  // npm runs workspace scripts in apps/server: a relative DATA_DIR means the folder it was typed in.
  const dataDir = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.env.DATA_DIR ?? 'data',
  );
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ url, poolSize: 4 });
  // The app's storage: DATA_DIR/media, or the S3 bucket when S3_* is set.
  const storage = createMediaStorage(config, path.join(config.dataDir, 'media'));
  try {
    await database.migrate();
    const result = await seedLargeCatalogue(database.db, {
      targetProducts: target,
      storage,
      log: (msg) => console.log(msg),
      progress: progressBar(),
    });
    console.log(
      `seed:large: ${result.total} products in ${new URL(url).pathname.slice(1)} ` +
        `(${result.added} added, ${result.brands} new brands) in ${result.seconds.toFixed(1)} s`,
    );
  } finally {
    await storage.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
