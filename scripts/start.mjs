#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app when its sources changed, then
// compiles the server when its sources changed and runs it in this process (it migrates, seeds
// the demo catalogue on an empty database and prints the demo accounts). Uses only Node's own
// modules until the install is done, so that it runs before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Node's own modules only, so it loads before the install (esbuild is imported when it builds).
import { buildServer, SERVER_ENTRY, sourcesHash } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args, label) {
  console.log(`> ${label}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

// 1. Dependencies: install when node_modules is missing or older than the lock file.
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  run(npm, ['ci', '--no-audit', '--no-fund'], 'installing dependencies (npm ci)');
}

// 2. The web app: rebuilt only when a source file changed since the last build.
const fingerprint = () =>
  sourcesHash(
    [path.join(root, 'apps', 'web'), path.join(root, 'packages', 'contract', 'src')],
    (name) => name === 'node_modules' || name === 'dist' || name === 'dist-ssr' || name === 'e2e',
  );
const stampFile = path.join(root, 'apps', 'web', 'dist', '.build-stamp');
const print = fingerprint();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (built !== print) {
  run(npm, ['run', 'build', '--silent'], 'building the web app');
  writeFileSync(stampFile, `${print}\n`);
}

// 3. The server, compiled to one ES module when its sources changed (docs/decisions/0029), then
// run in this very process: no TypeScript loader and no launcher waiting beside it. The
// server handles SIGINT and SIGTERM itself (a graceful shutdown).
// esbuild's service process would stay beside the server (and ping it every second): stopped.
if (await buildServer({ log: (line) => console.log(`> ${line}`) })) {
  await (await import('esbuild')).stop();
}
if (!dev) process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
