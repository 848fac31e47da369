#!/usr/bin/env node
// `npm test`: everything, in order — types, lint, unit + API integration (Vitest, on
// PostgreSQL when reachable, else PGlite), the web build, then browser e2e (Playwright in
// Chromium). Prints a summary with the number of browser tests that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const only = process.argv.slice(2);

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  step('install', npm, ['ci', '--no-audit', '--no-fund']);
}

const results = [];
function step(name, cmd, args, env = {}) {
  if (only.length && !only.includes(name)) return true;
  const started = Date.now();
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const vitestJson = path.join(tmp, 'vitest.json');
const e2eJson = path.join(tmp, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

let ok = step('typecheck', npm, ['run', '--silent', 'typecheck']);
ok = step('lint', npx, ['biome', 'check', '.']) && ok;
ok =
  step('unit+integration', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]) && ok;
ok = step('build', npm, ['run', '--silent', 'build']) && ok;
ok =
  step('e2e', npx, ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
  }) && ok;

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const e2e = readJson(e2eJson);
let browser = { passed: 0, failed: 0, skipped: 0 };
if (e2e?.stats) {
  browser = {
    passed: e2e.stats.expected + e2e.stats.flaky,
    failed: e2e.stats.unexpected,
    skipped: e2e.stats.skipped,
  };
  passed += browser.passed;
  failed += browser.failed;
  skipped += browser.skipped;
}

// The step times go to a file (kept beside the reports) and the summary prints them from it.
const timesFile = path.join(tmp, 'test-times.json');
writeFileSync(
  timesFile,
  `${JSON.stringify({ finishedAt: new Date().toISOString(), steps: results }, null, 2)}\n`,
);
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`\n━━ summary (step times: ${path.relative(root, timesFile)})`);
for (const r of readJson(timesFile).steps) {
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(18)} ${r.seconds.toFixed(1)} s`);
}
console.log(`  ${'total'.padEnd(23)} ${total.toFixed(1)} s (${(total / 60).toFixed(1)} min)`);
if (vitest) {
  console.log(
    `  unit + API integration tests: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`,
  );
}
if (e2e?.stats) {
  console.log(
    `  browser tests (Playwright, Chromium): ${browser.passed} ran and passed, ${browser.failed} failed, ${browser.skipped} skipped`,
  );
}
// What failed and why, at the very end: a CI log's tail shows it without the reporters' output.
const firstLines = (text) =>
  String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the reporters' colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 10)
    .map((line) => `      ${line.trimEnd().slice(0, 200)}`)
    .join('\n');
const digest = [];
for (const file of vitest?.testResults ?? []) {
  for (const t of file.assertionResults ?? []) {
    if (t.status !== 'failed') continue;
    digest.push(`  ✘ ${path.relative(root, file.name)} › ${t.fullName}`);
    digest.push(firstLines(t.failureMessages?.[0]));
  }
}
const walk = (suite, file) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const last = t.results?.at(-1);
      if (t.status !== 'unexpected' || !last) continue;
      digest.push(`  ✘ ${file ?? suite.file} › ${spec.title}`);
      digest.push(firstLines(last.error?.message ?? last.errors?.[0]?.message));
      if (last.error?.location) {
        digest.push(`      at ${last.error.location.file}:${last.error.location.line}`);
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
};
for (const suite of e2e?.suites ?? []) walk(suite);
if (digest.length) console.log(`\n━━ failures\n${digest.join('\n')}`);

const anyFailed = !ok || failed > 0;
if (anyFailed && failed === 0) failed = results.filter((r) => !r.ok).length;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(anyFailed ? 1 : 0);
