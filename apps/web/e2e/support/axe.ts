import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is and fails on any serious or critical violation; with `parts`
 * (CSS selectors), only on those of them that are on the page (a state where only they changed).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  parts: readonly string[] = [],
): Promise<void> {
  const builder = new AxeBuilder({ page });
  for (const part of parts) if ((await page.locator(part).count()) > 0) builder.include(part);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe on ${parts.length ? `${parts.join(' ')} of ` : ''}${page.url()}`).toEqual(
    [],
  );
}
