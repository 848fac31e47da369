import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/** SPEC §2 Static pages and Home newsletter, §4 Newsletter, §8, on the seeded content. */

/** Route, its h1, and the tab title the page sets. */
const STATIC_PAGES: Array<[path: string, heading: string, title: string]> = [
  ['/faqs', 'Frequently asked questions', 'FAQ · Leafline'],
  ['/sustainability', 'Our sustainability standards', 'Our sustainability standards · Leafline'],
  ['/our-story', 'Our story', 'Our story · Leafline'],
  ['/partners', 'Our partners', 'Partners · Leafline'],
  ['/for-businesses', 'For businesses', 'For businesses · Leafline'],
];

/** Whether the page is wider than the window (a horizontal scroll bar). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('each static page has its heading, its title and share description, and fits a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [path, heading, title] of STATIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // The server's share preview: the page's own description, not the home page's.
    const html = (await response?.text()) ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description, path).not.toBe('');
    expect(description, path).not.toContain('shop them all in one cart');

    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page, path).toHaveTitle(title);
    // Data-driven pages: wait for the data (or its error) before measuring and checking.
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    expect(await scrollsSideways(page), path).toBe(false);
    await expectNoSeriousA11yViolations(page);
  }
});

test('FAQ: six topics from the server; each answer opens and closes, by click or keyboard', async ({
  page,
}) => {
  await page.goto('/faqs');
  const topics = page.getByRole('heading', { level: 2 }).getByRole('button');
  await expect(topics).toHaveCount(6);
  await expect(topics.first()).toHaveText('Sustainability vetting');
  await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();

  const question = page.getByRole('button', { name: 'What counts as sustainable materials?' });
  const answer = page.getByText(/At least 80 % of the materials in a product must be sustainable/);
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();

  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await question.click();
  await expect(answer).toBeHidden();

  // The keyboard works the same: Enter and Space toggle the focused question.
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();

  // A whole topic folds away and comes back.
  const payments = page.getByRole('button', { name: 'Payments', exact: true });
  const payQuestion = page.getByRole('button', { name: 'How do I pay?' });
  await expect(payQuestion).toBeVisible();
  await payments.click();
  await expect(payments).toHaveAttribute('aria-expanded', 'false');
  await expect(payQuestion).toBeHidden();
  await payments.click();
  await expect(payQuestion).toBeVisible();
});

test('partners: six logo cards, each linking to the partner site in a new tab', async ({
  page,
}) => {
  await page.goto('/partners');
  const cards = page.getByRole('region', { name: 'Partner organisations' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const card = cards.nth(i);
    const name = (await card.getByRole('heading').textContent()) ?? '';
    expect(name).not.toBe('');
    const logo = card.getByRole('img', { name: `${name} logo` });
    await logo.scrollIntoViewIfNeeded();
    // The logo really loaded (not the 'No Image' stand-in, not a broken image).
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const link = card.getByRole('link');
    await expect(link).toHaveAttribute('href', /^https?:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toContainText('opens in a new tab');
  }
  await expectNoSeriousA11yViolations(page);
});

test('for businesses: Become a Partner leads to the business registration', async ({
  page,
  request,
}) => {
  const user = newUser('seller');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  await page.goto('/for-businesses');
  await expect(page.getByRole('heading', { name: "A 3% commission, and that's it" })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Become a Partner' }).click();
  await expect(page).toHaveURL(/\/account\/registerbusiness$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("newsletter: idle, then 'Processing...', then 'Thank you for subscribing!'", async ({
  page,
}) => {
  // Holds the real request until the in-between state has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/subscribe/', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  const email = page.getByLabel('Email address');
  await email.scrollIntoViewIfNeeded();
  const idle = page.getByRole('button', { name: 'Subscribe' });
  await expect(idle).toBeEnabled();
  await email.fill(`fern.${Date.now()}@example.com`);
  await idle.click();
  const busy = page.getByRole('button', { name: 'Processing...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' }),
  ).toHaveText('Thank you for subscribing!');
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(email).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
});

test('an unknown address answers 404 with the app, which says so and offers a way back', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  expect(await response?.text()).toContain('<title>Page not found | Leafline</title>');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found · Leafline');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Browse the shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await page.goto('/also/missing');
  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
