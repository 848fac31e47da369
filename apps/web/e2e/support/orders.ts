import type { Page } from '@playwright/test';

/**
 * The seller's order list as full cards (issue 29 point 1: a page of more than five orders is
 * compact rows by default). For the tests that work in a card (its form, its money): the
 * choice is the brand's own "Layout", kept in the browser, so a second tab of the same
 * seller shows cards too.
 */
export async function showFullCards(page: Page): Promise<void> {
  await page.locator('search[aria-label="Find orders"]').getByLabel('Layout').selectOption('cards');
}
