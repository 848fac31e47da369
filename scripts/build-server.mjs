#!/usr/bin/env node
// The server compiled to one ES module, apps/server/dist/server.mjs (docs/decisions/0029):
// `npm start` and the test runs start it with plain `node`, without a TypeScript loader at run
// time. The app's own code and the workspace packages (@leafline/contract,
// @leafline/search-engine) are bundled; every npm package stays an import of node_modules. The
// migrations are copied beside it (db/client.ts reads them from its own folder). Rebuilt only
// when a source changed: `buildServer()` returns at once then.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps', 'server');
export const SERVER_DIST = path.join(serverDir, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.mjs');
const STAMP = path.join(SERVER_DIST, '.build-stamp');

/**
 * A hash of the files under `dirs` (names and contents, in a stable order) and of the lock
 * file: what a build is made of. `skip(name)` leaves out a file or folder by its name. The web
 * build's stamp (start.mjs) and the server's use it.
 */
export function sourcesHash(dirs, skip = () => false) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (skip(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of dirs) walk(dir);
  hash.update(readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex');
}

/** The server's and the workspace packages' sources, tests left out. */
const fingerprint = () =>
  sourcesHash(
    [
      path.join(serverDir, 'src'),
      path.join(root, 'packages', 'contract', 'src'),
      path.join(root, 'packages', 'search-engine', 'src'),
    ],
    (name) => /\.test\.tsx?$/.test(name),
  );

/** Builds the bundle when its sources changed; true when it built. */
export async function buildServer({ force = false, log = console.log } = {}) {
  const print = fingerprint();
  if (!force && existsSync(SERVER_ENTRY) && existsSync(STAMP)) {
    if (readFileSync(STAMP, 'utf8').trim() === print) return false;
  }
  const started = Date.now();
  const { build } = await import('esbuild');
  rmSync(SERVER_DIST, { recursive: true, force: true });
  mkdirSync(SERVER_DIST, { recursive: true });
  await build({
    entryPoints: [path.join(serverDir, 'src', 'server.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // npm packages are loaded from node_modules as they are; the workspace's own are bundled.
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@leafline/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  cpSync(path.join(serverDir, 'src', 'db', 'migrations'), path.join(SERVER_DIST, 'migrations'), {
    recursive: true,
  });
  writeFileSync(STAMP, `${print}\n`);
  log(`server compiled to ${path.relative(root, SERVER_ENTRY)} in ${Date.now() - started} ms`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer({ force: process.argv.includes('--force') });
}
