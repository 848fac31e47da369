import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';

/**
 * axe-core itself, run in the page: injected once per document and asked for its violations
 * only. `@axe-core/playwright`'s `analyze()` finishes every run in a new blank page and
 * returns every rule's passes too: 2.7 s a scan on the shop against 0.7 s this way, the same
 * rules on the same document (the app has no frames). The browser journeys scan about 170
 * times, so this is most of their time (decision 0037).
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeWindow = Window & {
  axe?: { run(context: ContextObject | Document, options: RunOptions): Promise<AxeResults> };
};

/**
 * Waits until no finite animation runs: a dialog fading in, or a transition, is read by axe at
 * its final colours. (A spinner's endless animation is not waited for.)
 */
export async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
}

/**
 * Runs axe on the page once its animations have ended and fails on any serious or critical violation; with `parts`
 * (CSS selectors), only on those of them that are on the page (a state where only they changed).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  parts: readonly string[] = [],
): Promise<void> {
  await settled(page);
  const include: string[][] = [];
  for (const part of parts) if ((await page.locator(part).count()) > 0) include.push([part]);
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) {
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (include) => {
    const axe = (window as AxeWindow).axe!;
    const results = await axe.run(include.length ? { include } : document, {
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, include);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.join(', ')}`);
  expect(serious, `axe on ${parts.length ? `${parts.join(' ')} of ` : ''}${page.url()}`).toEqual(
    [],
  );
}
