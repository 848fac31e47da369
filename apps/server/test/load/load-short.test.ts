import { describe, expect, it } from 'vitest';
import { runLoad } from '../../scripts/load/load';

/**
 * The short `npm run load` (issue 14 point 4): two real app instances on a private PostgreSQL
 * behind the round-robin proxy, 20 shoppers and the demo sellers for 8 s (a few products with
 * 3 in stock among them), a share of the payments followed by the buyer's cancel (sometimes
 * twice at once) while the sellers ship, then the audit. No
 * call may fail and the audit must find nothing lost and nothing duplicated.
 */
describe('npm run load, short', () => {
  it('serves 20 shoppers on two instances without an error, and the audit is clean', async () => {
    const result = await runLoad({ shoppers: 20, seconds: 8, instances: 2, drainSeconds: 45 });
    const report = `\n${result.report}`;

    // Something was bought, shipped and mailed, or the audit below proves nothing.
    const count = (name: string) => result.audit.lines.find((l) => l.name.startsWith(name))?.count;
    expect(count('paid checkouts'), report).toBeGreaterThan(0);
    expect(count('mails: buyer confirmation'), report).toBeGreaterThan(0);
    expect(count('cart lines → order lines'), report).toBeGreaterThan(0);
    // Counted products were contended for (issue 26): their counts were audited.
    expect(count('stock: movements add up'), report).toBeGreaterThan(0);
    // Buyers cancelled some of their paid orders (issue 30 point 4), some while shipped.
    expect(
      (count('buyer cancels (200)') ?? 0) + (count('buyer cancels refused') ?? 0),
      report,
    ).toBeGreaterThan(0);
    // Brands were paid: transfers went out (the money path ran, not only the orders).
    expect(count('transfers'), report).toBeGreaterThan(0);
    // Both instances took requests through the proxy, and none failed there.
    expect(result.proxy.counts.length, report).toBe(2);
    expect(result.proxy.failures, report).toBe(0);

    expect(result.recorder.errors, report).toBe(0);
    expect(result.drain, report).toMatchObject({ jobs: 0, payouts: 0 });
    expect(
      result.audit.lines.map((l) => `${l.name}: lost ${l.lost} / duplicated ${l.duplicated}`),
      report,
    ).toEqual(result.audit.lines.map((l) => `${l.name}: lost 0 / duplicated 0`));
    expect(result.ok, report).toBe(true);
  }, 240_000);
});
