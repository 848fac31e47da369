import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { loginViaUi, newUser, registerViaApi } from './support/users';

test('account settings without a token send the visitor to login with the spec text', async ({
  page,
}) => {
  await page.goto('/account/account-settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to access account settings')).toBeVisible();
});

test('a shopper edits name and e-mail, then deletes the account', async ({ page, request }) => {
  const user = newUser('settings');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  await page.goto('/account/account-settings');
  await expect(page.getByText(user.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Edit name' }).click();
  const nameDialog = page.getByRole('dialog');
  await expect(nameDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await nameDialog.getByLabel('First name').fill('Juniper');
  await nameDialog.getByLabel('Last name').fill('Moss');
  await nameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name updated successfully!')).toBeVisible();
  await expect(page.getByText('Juniper Moss')).toBeVisible();
  // The status message clears after 4 s (SPEC §4).
  await expect(page.getByText('Name updated successfully!')).toBeHidden({ timeout: 6000 });

  const newEmail = `moved.${user.email}`;
  await page.getByRole('button', { name: 'Edit email' }).click();
  const emailDialog = page.getByRole('dialog');
  await emailDialog.getByLabel('Email').fill(newEmail);
  await emailDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email updated successfully!')).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();

  await page.reload();
  await expect(page.getByText('Juniper Moss')).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /delete/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // The account is gone: its credentials no longer log in.
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Either Password or Username is Incorrect, please try again'),
  ).toBeVisible();
});

test('an expired session on account settings goes to login with the spec text', async ({
  page,
}) => {
  await page.goto('/');
  // The home is live first: its app, which loads after the page's first frame, reads the
  // tokens it starts with; the forged ones are for the account page alone.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'expired.or.forged');
    localStorage.setItem('refresh_token', 'also.not.valid');
  });
  await page.goto('/account/account-settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('the account menu shows the Business Dashboard only to business owners', async ({
  page,
  request,
}) => {
  const shopper = newUser('menu');
  await registerViaApi(request, shopper);
  await loginViaUi(page, shopper.username, shopper.password);
  await page.goto('/account');
  const menu = page.getByRole('navigation', { name: /account/i });
  await expect(menu.getByRole('link', { name: /account settings/i })).toBeVisible();
  await expect(menu.getByRole('link', { name: /my orders/i })).toBeVisible();
  await expect(menu.getByRole('link', { name: /sell on/i })).toBeVisible();
  await expect(menu.getByRole('link', { name: /business dashboard/i })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  // The demo seller owns two businesses.
  await loginViaUi(page, 'seller', 'leafline-seller');
  await page.goto('/account');
  await expect(
    page.getByRole('navigation', { name: /account/i }).getByRole('link', {
      name: /business dashboard/i,
    }),
  ).toBeVisible();
});
