import { ACCOUNT_MESSAGES, MESSAGES, SAVED_ADDRESS_MESSAGES } from '@leafline/contract';
import { expect, type Page, test } from '@playwright/test';
import { saveAddressViaApi } from './support/buying';
import { checkBothWidths, WIDE } from './support/layout';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/**
 * Account basics (issue "Account basics"): the password change that signs the other devices
 * out, and the saved addresses with their default. Axe at 1280 and 390 px on each new state.
 */

test('a password changed signs out the other session', async ({ browser, page, request }) => {
  const user = newUser('pwchange');
  await registerViaApi(request, user);
  // Two devices signed in as the same shopper: this page, and another browser.
  await loginViaUi(page, user.username, user.password);
  const otherContext = await browser.newContext({ viewport: WIDE });
  const other = await otherContext.newPage();
  await loginViaUi(other, user.username, user.password);
  await other.goto('/account/account-settings');
  await expect(other.getByText(user.email)).toBeVisible();

  await page.goto('/account/account-settings');
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await checkBothWidths(page);

  const newPassword = `${user.password}-new`;
  // The current password wrong: said so, nothing changes.
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeVisible();
  // The new one twice, differently: registration's text.
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(MESSAGES.passwordsDoNotMatchRegister)).toBeVisible();
  await checkBothWidths(page);

  await dialog.getByLabel('Confirm new password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
  await expect(dialog).toBeHidden();

  // This device stays signed in, after a reload too.
  await page.reload();
  await expect(page.getByText(user.email)).toBeVisible();
  await page
    .getByRole('navigation', { name: /account/i })
    .getByRole('link', { name: 'My Orders' })
    .click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }),
  ).toBeVisible();

  // The other one is signed out on its next action.
  await other
    .getByRole('navigation', { name: /account/i })
    .getByRole('link', { name: 'Addresses' })
    .click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByText(MESSAGES.sessionExpired)).toBeVisible();
  expect(await other.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await checkBothWidths(other);

  // There, the old password no longer logs in; the new one does.
  await other.getByLabel('Username').fill(user.username);
  await other.getByLabel('Password').fill(user.password);
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByText(MESSAGES.loginIncorrect)).toBeVisible();
  await loginViaUi(other, user.username, newPassword);
  await otherContext.close();
});

/** The card of the saved address whose street is `line1`. */
const card = (page: Page, line1: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(line1, { exact: true }) });

test('a shopper keeps several addresses and picks the default', async ({ page, request }) => {
  const user = newUser('addresses');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  // The address saved at checkout (the one interface before) is the first, the default.
  await saveAddressViaApi(page, request, user);

  await page.goto('/account');
  await page
    .getByRole('navigation', { name: /account/i })
    .getByRole('link', { name: 'Addresses' })
    .click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
  await expect(card(page, '12 Alder Way').getByText('Default', { exact: true })).toBeVisible();
  await checkBothWidths(page);

  // Another one.
  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(form.getByText(MESSAGES.addressRequiredFields)).toBeVisible();
  await checkBothWidths(page);
  await form.getByLabel('First name').fill('Robin');
  await form.getByLabel('Last name').fill('Fern');
  await form.getByLabel('Address line 1').fill('9 Birch Lane');
  await form.getByLabel('City').fill('Salem');
  await form.getByLabel('State').selectOption('OR');
  await form.getByLabel('ZIP code').fill('97301');
  await form.getByLabel('Phone number').fill('503-555-0199');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText(SAVED_ADDRESS_MESSAGES.saved)).toBeVisible();
  await expect(card(page, '9 Birch Lane')).toBeVisible();
  await expect(card(page, '9 Birch Lane').getByText('Default', { exact: true })).toHaveCount(0);

  // Edited, then made the default: the checkout's address now.
  await card(page, '9 Birch Lane').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit address' });
  await edit.getByLabel('City').fill('Eugene');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(card(page, '9 Birch Lane').getByText('Eugene, OR 97301')).toBeVisible();
  await card(page, '9 Birch Lane').getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText(SAVED_ADDRESS_MESSAGES.defaultSet)).toBeVisible();
  await expect(card(page, '9 Birch Lane').getByText('Default', { exact: true })).toBeVisible();
  await expect(card(page, '12 Alder Way').getByText('Default', { exact: true })).toHaveCount(0);
  await checkBothWidths(page);

  // The default deleted: the other one takes its place.
  await card(page, '9 Birch Lane').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await checkBothWidths(page);
  await confirm.getByRole('button', { name: 'Delete address' }).click();
  await expect(page.getByText(SAVED_ADDRESS_MESSAGES.deleted)).toBeVisible();
  await expect(card(page, '9 Birch Lane')).toHaveCount(0);
  await expect(card(page, '12 Alder Way').getByText('Default', { exact: true })).toBeVisible();
});
