import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

export const WIDE = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Waits until no animation runs (a dialog fading in is read by axe at its final colours). */
export async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
    )
    .toBe(0);
}

/**
 * Axe at 1280 px, then at 390 px with no sideways scroll, then back to 1280 px; with `parts`
 * (CSS selectors), axe only on those (a state where only they changed).
 */
export async function checkBothWidths(page: Page, parts: readonly string[] = []) {
  await settled(page);
  await expectNoSeriousA11yViolations(page, parts);
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `sideways scroll on ${page.url()}`,
    })
    .toBeLessThanOrEqual(PHONE.width);
  await settled(page);
  await expectNoSeriousA11yViolations(page, parts);
  await page.setViewportSize(WIDE);
}
