import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMailContaining } from './support/mail';
import { loginViaUi, newUser, registerViaApi } from './support/users';

test('a shopper registers, logs in, sees Account in the header and logs out', async ({ page }) => {
  const user = newUser();
  await page.goto('/register');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('First name').fill(user.fname);
  await page.getByLabel('Last name').fill(user.lname);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
  // On success the register page sends the shopper to /login after 2 s (SPEC §2).
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await expectNoSeriousA11yViolations(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await loginViaUi(page, user.username, user.password);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('registration refuses mismatched passwords with the text of the spec', async ({ page }) => {
  const user = newUser();
  await page.goto('/register');
  await page.getByLabel('First name').fill(user.fname);
  await page.getByLabel('Last name').fill(user.lname);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(`${user.password}x`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match!')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password shows the login error of the spec', async ({ page, request }) => {
  const user = newUser();
  await registerViaApi(request, user);
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Either Password or Username is Incorrect, please try again'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('after login the shopper returns to the stored product_redirect', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('product_redirect', '/faqs'));
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  expect(await page.evaluate(() => localStorage.getItem('product_redirect'))).toBeNull();
});

test('the whole password-reset journey, with the link read from the e-mail', async ({
  page,
  request,
}) => {
  const user = newUser('reset');
  await registerViaApi(request, user);

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot|reset/i }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: /send|reset|submit/i }).click();
  await expect(page.getByText(/reset link is on its way/i)).toBeVisible();

  // The reset e-mail (the welcome e-mail of the registration goes to the same address).
  const mail = await waitForMailContaining(user.email, 'Reset your Leafline password');
  const link = mail.match(
    /https?:\/\/[^\s"<>]+\/password-reset-confirm\/[^\s"<>/]+\/[^\s"<>/]+\/?/,
  );
  expect(link, 'reset link in the e-mail').not.toBeNull();
  const url = new URL(link![0]);

  await page.goto(url.pathname);
  await expectNoSeriousA11yViolations(page);
  const newPassword = `${user.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
  await page.getByRole('button', { name: /reset|submit|save/i }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: /reset|submit|save/i }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await loginViaUi(page, user.username, newPassword);

  // The link is single use: the password changed, so the same link is now refused.
  await page.goto(url.pathname);
  await page.getByLabel('New password', { exact: true }).fill('another-one');
  await page.getByLabel('Confirm new password').fill('another-one');
  await page.getByRole('button', { name: /reset|submit|save/i }).click();
  await expect(page.getByText('Invalid or expired token.')).toBeVisible();
});
