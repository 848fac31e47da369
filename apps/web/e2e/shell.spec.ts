import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { watchForProblems } from './support/page-problems';

/** Every route of SPEC §2, wrapped by the shared header and footer. */
const ROUTES = [
  '/',
  '/shop',
  '/shop/products/1',
  '/login',
  '/cart',
  '/register',
  '/checkout',
  '/myorders',
  '/registerbusiness',
  '/dashboard',
  '/businessproducts/1',
  '/order-confirmation?order_id=1',
  '/password-reset',
  '/password-reset-confirm/MQ/abc',
  '/faqs',
  '/sustainability',
  '/our-story',
  '/partners',
  '/quiz',
  '/for-businesses',
];

test('every route renders inside the header and footer, with no CSP violation', async ({
  page,
}) => {
  const problems = watchForProblems(page);
  for (const route of ROUTES) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    await expect(page.getByRole('banner'), route).toBeVisible();
    await expect(page.getByRole('contentinfo'), route).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('the header links lead home, to the shop and the cart', async ({ page }) => {
  await page.goto('/faqs');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await header.getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await header.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousA11yViolations(page);
});

test('the header switches between Login and Account when another tab logs in or out', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  // Another tab writes the token: the storage event reaches this one.
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'from-another-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
  });
  await expect(header.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await page.evaluate(() => {
    localStorage.removeItem('access_token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
  });
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a page that does not exist says so, inside the shell', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|find/i);
});
