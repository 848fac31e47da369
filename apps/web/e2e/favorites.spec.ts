import { FAVORITE_TEXTS, FOLLOW_TEXTS } from '@leafline/contract/favorites-texts';
import { expect, test } from '@playwright/test';
import { checkBothWidths, WIDE } from './support/layout';
import { watchForProblems } from './support/page-problems';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/**
 * Favourites and following (decision 0050): a heart given while signed out survives the
 * sign-in — it is in the account's Favourites, and no longer only in the browser — and a brand
 * followed on its storefront brings its new products to the home row 'From brands you follow'.
 * Axe at 1280 and 390 px on each new state.
 */

test.use({ viewport: WIDE });

test('a heart survives sign-in, and a followed brand’s new products come home', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchForProblems(page);
  const user = newUser('hearts');
  await registerViaApi(request, user);

  // Signed out: the first of the home's Newly Added (the newest products) gets a heart.
  await page.goto('/');
  const newlyAdded = page.getByRole('list', { name: 'Newly added products' });
  const card = newlyAdded.getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const brand = (await card.getByRole('link').nth(1).textContent())!.trim();
  await card.getByRole('button', { name: `${FAVORITE_TEXTS.save}: ${name}` }).click();
  const saved = card.getByRole('button', { name: `${FAVORITE_TEXTS.remove}: ${name}` });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');

  // The browser's Favourites, said to be the browser's.
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: FAVORITE_TEXTS.title })).toBeVisible();
  await expect(page.getByText(FAVORITE_TEXTS.guestNote)).toBeVisible();
  const guestList = page.getByRole('list', { name: FAVORITE_TEXTS.listLabel });
  await expect(guestList.getByRole('heading', { name })).toBeVisible();
  await checkBothWidths(page);

  // Signing in merges it into the account, and the browser forgets it.
  await loginViaUi(page, user.username, user.password);
  await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: FAVORITE_TEXTS.title })
    .click();
  await expect(page).toHaveURL(/\/account\/favorites$/);
  const list = page.getByRole('list', { name: FAVORITE_TEXTS.listLabel });
  await expect(list.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(FAVORITE_TEXTS.guestNote)).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('guest_favorites') ?? '[]')))
    .toEqual([]);
  const favorites = await request.get('/api/favorites/', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`,
    },
  });
  expect((await favorites.json()).results.map((p: { name: string }) => p.name)).toEqual([name]);
  await expect(
    list.getByRole('button', { name: `${FAVORITE_TEXTS.remove}: ${name}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await checkBothWidths(page);

  // Follow its brand on the storefront; its new products come to the home page.
  await list.getByRole('link', { name: brand }).click();
  await expect(page.getByRole('heading', { level: 1, name: brand })).toBeVisible();
  await page.getByRole('button', { name: FOLLOW_TEXTS.followLabel(brand) }).click();
  const following = page.getByRole('button', { name: FOLLOW_TEXTS.unfollowLabel(brand) });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(following).toHaveText(FOLLOW_TEXTS.following);
  await checkBothWidths(page, ['header']);

  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  const row = page.getByRole('region', { name: FOLLOW_TEXTS.rowTitle });
  await expect(row).toBeVisible();
  const rowList = row.getByRole('list', { name: FOLLOW_TEXTS.rowLabel });
  await expect(rowList.getByRole('heading', { name })).toBeVisible();
  // Its heart shows it saved there too.
  await expect(
    rowList.getByRole('button', { name: `${FAVORITE_TEXTS.remove}: ${name}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await checkBothWidths(page, ['section[aria-labelledby="followed-brands-heading"]']);
  expect(problems).toEqual([]);
});
