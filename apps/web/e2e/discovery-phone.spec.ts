import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { facesLoaded } from './support/layout';
import { loginViaUi } from './support/users';

/** The shop on a 390 × 844 phone, touched rather than clicked (issue 10, A8 and A10). */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/**
 * Waits for the web fonts and the pictures that load at once: measured before them, a card's
 * height (and so every box below it) can still change.
 */
async function settled(page: Page) {
  await facesLoaded(page);
  await page.evaluate(async () => {
    const loading = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(
      loading.map(
        (img) =>
          new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
      ),
    );
  });
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal scroll on ${what}`).toBe(false);
}

test('the shop shows two products a row and the first one on the first screen', async ({
  page,
}) => {
  await page.goto('/shop');
  const results = page.getByRole('list', { name: 'Search results' });
  const cards = results.getByRole('article');
  await expect(cards).toHaveCount(20);
  const favorites = page.getByRole('list', { name: 'Current favorites' });
  await expect(favorites.getByRole('article')).toHaveCount(8);
  await settled(page);

  // Two cards side by side, each about half the screen.
  const [first, second, third] = [
    await box(cards.nth(0)),
    await box(cards.nth(1)),
    await box(cards.nth(2)),
  ];
  expect(Math.abs(first.y - second.y)).toBeLessThan(1);
  expect(second.x).toBeGreaterThan(first.x + first.width);
  expect(first.width).toBeLessThan(PHONE.width / 2);
  expect(third.y).toBeGreaterThan(first.y + first.height);
  // Twenty products are ten rows, not twenty (one column made the page 11,800 px tall).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6500);

  // The first product (the first favourite) starts on the first screen.
  const firstFavorite = await box(favorites.getByRole('article').first());
  expect(firstFavorite.y).toBeLessThan(PHONE.height - 150);
  await noSidewaysScroll(page, '/shop');
  await expectNoSeriousA11yViolations(page);
});

test('the favourites strip keeps the page margin, also after scrolling it', async ({ page }) => {
  await page.goto('/shop');
  const heading = await box(page.getByRole('heading', { name: 'Current Favorites' }));
  const favorites = page.getByRole('list', { name: 'Current favorites' });
  const cards = favorites.getByRole('article');
  await expect(cards).toHaveCount(8);
  expect((await box(cards.first())).x).toBeCloseTo(heading.x, 0);

  // Swiped on to the second card, the strip snaps it to the margin, not to the screen's edge.
  await favorites.evaluate((strip) => {
    strip.scrollBy({ left: (strip.firstElementChild as HTMLElement).offsetWidth + 4 });
  });
  await expect
    .poll(async () => Math.round((await box(cards.nth(1))).x))
    .toBe(Math.round(heading.x));
});

test('the filters wait behind one button on a phone', async ({ page }) => {
  await page.goto('/shop');
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Category')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Clear All' })).toBeHidden();
  await expect(page.getByLabel('Search products')).toBeVisible();

  await filters.tap();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  // By value: once the counts are in, the option reads 'Shoes (12)'.
  await page.getByLabel('Category').selectOption('Shoes');
  await expect(page).toHaveURL(/category=Shoes/);
  await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).tap();
  await expect(page).toHaveURL(/\/shop$/);

  await filters.tap();
  await expect(page.getByLabel('Category')).toBeHidden();
  await noSidewaysScroll(page, '/shop with the filters open');
});

test('the phone menu leads to the quiz, the FAQ, selling and, for a seller, the dashboard', async ({
  page,
}) => {
  await page.goto('/faqs');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.tap();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of [
    ['Home', '/'],
    ['Shop', '/shop'],
    ['Quiz', '/quiz'],
    ['FAQ', '/faqs'],
    ['Sell on Leafline', '/account/registerbusiness'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Seller Dashboard' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Quiz', exact: true }).tap();
  await expect(page).toHaveURL(/\/quiz$/);

  await loginViaUi(page, 'seller', 'leafline-seller');
  // Logging in ends on the home page; a navigation closes the menu, so open it once the home
  // page is there.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('one cart');
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Seller Dashboard' }).tap();
  await expect(page).toHaveURL(/\/account\/business/);
});

test('the Verified badge opens on a tap and closes on a second tap or a tap outside', async ({
  page,
  request,
}) => {
  const businesses = (await (await request.get('/api/publicbusinesses/')).json()) as Array<{
    id: number;
    verified: boolean;
  }>;
  const verified = businesses.find((b) => b.verified);
  if (!verified) throw new Error('no verified business in the demo');
  await page.goto(`/businessproducts/${verified.id}`);
  const badge = page.getByRole('button', { name: /Verified/ });
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeHidden();

  await badge.tap();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('Verified by Leafline');
  await badge.tap();
  await expect(tooltip).toBeHidden();

  await badge.tap();
  await expect(tooltip).toBeVisible();
  await page.getByRole('heading', { level: 1 }).tap();
  await expect(tooltip).toBeHidden();
  await noSidewaysScroll(page, 'the storefront');
});
