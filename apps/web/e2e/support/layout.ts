import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, settled } from './axe';

export const WIDE = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Waits for the shop's results of the current choices (none still being asked for) to be
 * shown in full: results being updated are dimmed, and their contrast is not final until they
 * have faded back in.
 */
export async function resultsSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.transition-opacity')].every(
          (e) => getComputedStyle(e).opacity === '1',
        ),
      ),
    )
    .toBe(true);
  await settled(page);
}

/**
 * Axe at 1280 px, then at 390 px with no sideways scroll, then back to 1280 px; with `parts`
 * (CSS selectors), axe only on those (a state where only they changed).
 */
export async function checkBothWidths(page: Page, parts: readonly string[] = []) {
  await expectNoSeriousA11yViolations(page, parts);
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `sideways scroll on ${page.url()}`,
    })
    .toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page, parts);
  await page.setViewportSize(WIDE);
}

/**
 * Waits until the app's faces are loaded and none is still loading: a page the server
 * rendered asks for them after its first frame (decision 0044), so `document.fonts.ready`
 * alone can resolve before their stylesheet is even there.
 */
export async function facesLoaded(page: Page) {
  await page.waitForFunction(() => {
    const faces = [...document.fonts].filter((face) =>
      /^"?(Inter|Fraunces) Variable"?$/.test(face.family),
    );
    return (
      faces.some((face) => face.status === 'loaded') &&
      faces.every((face) => face.status !== 'loading')
    );
  });
  await page.evaluate(() => document.fonts.ready);
}
