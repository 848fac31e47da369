import { expect, type Locator, type Page } from '@playwright/test';

/** The picture arrived and decoded: not a broken address, not blocked by the CSP. */
export async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/** No picture on the page failed to load (lazy ones not yet asked for are left alone). */
export async function expectNoBrokenImages(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))
          .map((img) => img.currentSrc || img.src),
      ),
    )
    .toEqual([]);
}
