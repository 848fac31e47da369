import { runLoad } from './load';

/**
 * `npm run load`: LOAD_SHOPPERS (200) shoppers for LOAD_SECONDS (60) s on LOAD_INSTANCES (2)
 * app instances, then the audit. Exits 1 on any error, lost or duplicated thing.
 */
const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of at least 1 (got '${raw}').`);
    process.exit(2);
  }
  return value;
};

const result = await runLoad({
  shoppers: number('LOAD_SHOPPERS', 200),
  seconds: number('LOAD_SECONDS', 60),
  instances: number('LOAD_INSTANCES', 2),
  log: (line) => console.log(`[load] ${line}`),
});
console.log(`\n${result.report}`);
console.log(
  result.ok ? '\nOK: no error, nothing lost, nothing duplicated.' : '\nFAILED: see above.',
);
process.exit(result.ok ? 0 : 1);
