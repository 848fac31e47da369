import { LIVE_TEXTS } from '@leafline/contract/seller-money';
import { expect, type Page } from '@playwright/test';

/**
 * The seller's order list as full cards (issue 29 point 1: a page of more than five orders is
 * compact rows by default). For the tests that work in a card (its form, its money): the
 * choice is the brand's own "Layout", kept in the browser, so a second tab of the same
 * seller shows cards too.
 */
export async function showFullCards(page: Page): Promise<void> {
  await page.locator('search[aria-label="Find orders"]').getByLabel('Layout').selectOption('cards');
}

/**
 * The signed-in seller's dashboard, which opens on its first business's orders: waits for the
 * live stream to be open and answers the business's id.
 */
export async function openLiveSellerOrders(page: Page): Promise<number> {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/orders\?business=\d+$/);
  const businessId = Number(new URL(page.url()).searchParams.get('business'));
  await expect(page.getByText(LIVE_TEXTS.live)).toBeVisible();
  return businessId;
}
