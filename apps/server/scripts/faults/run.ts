import { type FaultName, type FaultRow, runFaults } from './faults';

/**
 * `npm run faults [a b c d e] [--shoppers N]`: the faults under a light load, and the table.
 * Exits 1 on any loss, duplicate, or failure of a kind the fault must not cause.
 */

const args = process.argv.slice(2);
const shoppersAt = args.indexOf('--shoppers');
const shoppers = shoppersAt >= 0 ? Number(args[shoppersAt + 1]) : 12;
const faults = args.filter((a): a is FaultName => ['a', 'b', 'c', 'd', 'e'].includes(a));
const started = Date.now();

const rows = await runFaults({
  shoppers,
  ...(faults.length ? { faults } : {}),
  log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`),
});

function table(rows: FaultRow[]): string {
  const head = ['fault', 'requests', 'failed (how)', 'time to recover', 'items lost', 'duplicated'];
  const body = rows.map((r) => [
    r.fault,
    String(r.requests),
    r.failed,
    r.recoverSeconds === null ? 'not recovered' : `${r.recoverSeconds.toFixed(1)} s`,
    String(r.lost),
    String(r.duplicated),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

console.log(`\n${table(rows)}\n`);
for (const row of rows) {
  for (const note of row.notes) console.log(`${row.fault}: ${note}`);
  for (const defect of row.defects) console.log(`${row.fault}: DEFECT ${defect}`);
}
const bad = rows.filter(
  (r) => r.lost > 0 || r.duplicated > 0 || r.defects.length > 0 || r.recoverSeconds === null,
);
console.log(
  `\n${rows.length} faults in ${((Date.now() - started) / 1000).toFixed(0)} s: ${
    bad.length ? `${bad.length} with losses, duplicates or defects` : 'nothing lost, nothing twice'
  }`,
);
process.exit(bad.length ? 1 : 0);
