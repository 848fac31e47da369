import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

/** SPEC §2 Home and Shop, §4 Shop and Pagination, on the seeded demo catalogue. */

const SUMMARY = /^Showing (\d+)-(\d+) of (\d+) products$/;

async function summary(page: Page) {
  const text = page.getByText(SUMMARY);
  await expect(text).toBeVisible();
  // A new page replaces the last one (kept on screen, aria-busy) when it arrives.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const match = SUMMARY.exec((await text.textContent()) ?? '');
  if (!match) throw new Error('no summary');
  return { first: Number(match[1]), last: Number(match[2]), count: Number(match[3]) };
}

/** The prices of the result cards, in the order shown. */
async function prices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('list', { name: 'Search results' })
    .locator('article p.tabular-nums')
    .allTextContents();
  return texts.map((t) => Number(t.replace(/[$,]/g, '')));
}

/**
 * Proof that the page sends no search of its own: a search typed now is sent after the
 * 500 ms pause, so anything the page had planned would have been sent before it. Afterwards
 * `searches` must hold that typed one only.
 */
async function typeAndAwaitSearch(page: Page, searches: string[]) {
  const sent = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/search/' &&
      new URL(request.url()).searchParams.get('search') === 'tote',
  );
  await page.getByLabel('Search products').fill('tote');
  await sent;
  return searches.filter((u) => new URL(u).searchParams.get('search') !== 'tote');
}

/** Writes the shop cache's delayed writes now, as the page does when the tab is hidden. */
async function flushCacheWrites(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
}

function countSearches(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search/') urls.push(request.url());
  });
  return urls;
}

test('home: quiz banner, partner carousel to a storefront, newly added, newsletter', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Take the Quiz' })).toHaveAttribute(
    'href',
    '/quiz',
  );
  await expect(
    page.getByText('Free shipping on orders of $75 and over', { exact: true }),
  ).toBeVisible();

  const carousel = page.getByRole('list', { name: 'Partner businesses' });
  await expect(carousel).toBeVisible();
  const businesses = carousel.getByRole('listitem');
  expect(await businesses.count()).toBeGreaterThan(4);
  // The seed hides 19 ids, one of them a real business: 24 of 25 are shown.
  expect(await businesses.count()).toBe(24);
  await expect(carousel.locator('img').first()).toHaveAttribute('src', /\/media\//);
  await expect(page.getByRole('button', { name: 'Next businesses' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous businesses' })).toBeVisible();

  const newest = page.getByRole('list', { name: 'Newly added products' });
  await expect(newest.getByRole('listitem')).toHaveCount(9);
  await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute(
    'href',
    '/shop',
  );
  for (const title of [
    'Eco-Friendly Materials',
    'Reduced Waste',
    'Fair Labor',
    'Lower Carbon Footprint',
  ])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email address').fill('fern@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Thank you for subscribing!', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const first = businesses.first().getByRole('link');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/businessproducts\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('home prefetches the first shop page, so /shop opens without searching again', async ({
  page,
}) => {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('shop_products_cache')), {
      timeout: 10_000,
    })
    .not.toBeNull();
  const searches = countSearches(page);
  await page.getByRole('link', { name: 'View All Products' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const { first, last, count } = await summary(page);
  expect([first, last]).toEqual([1, 20]);
  expect(count).toBeGreaterThan(200);
  expect(await typeAndAwaitSearch(page, searches)).toEqual([]);
});

test('shop: debounced search, category, sort, Clear All and the pager', async ({ page }) => {
  await page.goto('/shop');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Shop Sustainable Brands' }),
  ).toBeVisible();
  const all = await summary(page);
  expect(all).toMatchObject({ first: 1, last: 20 });
  expect(all.count).toBeGreaterThan(200);
  await expect(
    page.getByRole('list', { name: 'Current favorites' }).getByRole('listitem'),
  ).toHaveCount(8);

  // Pager: 11 pages → 1 2 … 11, with an ellipsis.
  const pager = page.getByRole('navigation', { name: 'Search results pages' });
  const pages = Math.ceil(all.count / 20);
  await expect(pager.getByRole('button', { name: `Page ${pages}` })).toBeVisible();
  await expect(pager.getByText('…')).toHaveCount(1);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Showing 21-40 of')).toBeVisible();
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByText('Showing 41-60 of')).toBeVisible();
  await pager.getByRole('button', { name: 'Page 4' }).click();
  await expect(page.getByText('Showing 61-80 of')).toBeVisible();
  await expect(pager.getByText('…')).toHaveCount(2);
  await expect(pager.getByRole('button', { name: 'Page 4' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousA11yViolations(page);

  // Typing searches after a pause, without pressing Search, from page 1.
  const searches = countSearches(page);
  await page.getByLabel('Search products').pressSequentially('cotton', { delay: 40 });
  await expect(page).toHaveURL(/search=cotton/);
  const cotton = await summary(page);
  expect(cotton.first).toBe(1);
  expect(cotton.count).toBeLessThan(all.count);
  expect(cotton.count).toBeGreaterThan(0);
  // One request for the whole word, not one per key.
  expect(searches.filter((u) => u.includes('search=cotton'))).toHaveLength(1);
  expect(searches.filter((u) => /search=c(&|o&|ot&)/.test(u))).toEqual([]);

  // Category and sort.
  // By value: once the counts are in, the option reads 'Shoes (12)'.
  await page.getByLabel('Category').selectOption('Shoes');
  await expect(page).toHaveURL(/category=Shoes/);
  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.getByLabel('Category').selectOption('Apparel');
  await expect(page).toHaveURL(/category=Apparel/);
  const apparel = await summary(page);
  expect(apparel.count).toBeLessThan(all.count);
  await page.getByLabel('Filter').selectOption('price_low_to_high');
  await expect(page).toHaveURL(/filter=price_low_to_high/);
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
    })
    .toBe(true);
  await page.getByLabel('Filter').selectOption('price_high_to_low');
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! >= v);
    })
    .toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Clear All: everything back to the defaults, the saved filters removed.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByLabel('Search products')).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('');
  await expect(page.getByLabel('Filter')).toHaveValue('');
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText(`Showing 1-20 of ${all.count} products`)).toBeVisible();
  // Any write still waiting happens now: none may bring the filters back.
  await flushCacheWrites(page);
  expect(await page.evaluate(() => localStorage.getItem('shop_filters_cache'))).toBeNull();

  // Current Favorites: the fixed list only.
  await page.getByLabel('Category').selectOption({ label: 'Current Favorites' });
  await expect(
    page.getByRole('list', { name: 'Current favorites' }).getByRole('listitem'),
  ).toHaveCount(8);
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);

  // Nothing found: People also love...
  await page.getByLabel('Search products').fill('zzqxvbnm');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'People also love...' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Suggested products' }).getByRole('listitem'),
  ).toHaveCount(8);
  await expect(page.getByText('Contact us to suggest more products!')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a reload within 20 minutes shows the cached page without asking again', async ({ page }) => {
  await page.goto('/shop');
  await summary(page);
  await page
    .getByRole('navigation', { name: 'Search results pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(page.getByText('Showing 21-40 of')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Search results pages' })
    .getByRole('button', { name: 'Page 3' })
    .click();
  await expect(page.getByText('Showing 41-60 of')).toBeVisible();
  const firstName = await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('heading')
    .first()
    .textContent();
  // Cache writes wait 300 ms: until the third page is stored.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const cached = JSON.parse(localStorage.getItem('shop_products_cache') ?? 'null');
        return cached?.currentPage;
      }),
    )
    .toBe(3);

  const searches = countSearches(page);
  await page.goto('/shop');
  await expect(page.getByText('Showing 41-60 of')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('heading').first(),
  ).toHaveText(firstName ?? '');
  await page.reload();
  await expect(page.getByText('Showing 41-60 of')).toBeVisible();
  expect(await typeAndAwaitSearch(page, searches)).toEqual([]);
});

test('home and shop fit a 360 px phone and a desktop without sideways scrolling', async ({
  page,
}, testInfo) => {
  const screenshots = !!process.env.E2E_SCREENSHOTS;
  /** With E2E_SCREENSHOTS=1: the full page, and on a phone slices as tall as two screens. */
  const shoot = async (name: string, width: number) => {
    if (!screenshots) return;
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    if (width > 400) return;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < height && i <= 4; y += 1600, i++) {
      await page.screenshot({
        path: testInfo.outputPath(`${name}-${width}-part${i}.png`),
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(1600, height - y) },
      });
    }
  };
  const noSidewaysScroll = async (what: string, width: number) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll on ${what} at ${width}px`).toBe(false);
  };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Newly added products' })).toBeVisible();
    await noSidewaysScroll('home', width);
    await shoot('home', width);
    await page.goto('/shop');
    await summary(page);
    await noSidewaysScroll('shop', width);
    await shoot('shop', width);
  }
});
