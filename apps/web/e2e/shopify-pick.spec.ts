import { randomBytes } from 'node:crypto';
import { SHOPIFY_IMPORT_TEXTS } from '@leafline/contract/shopify-import';
import { expect, test } from '@playwright/test';
import { demoCatalog, numericId } from '../../server/test/helpers/fake-shopify-catalog';
import { DEMO_STORE } from '../../server/test/helpers/fake-shopify-server';
import { token } from './support/buying';
import { checkBothWidths, WIDE } from './support/layout';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/**
 * Shopify: choose what to import (issue 29 point 8). A new brand connects the stand-in store
 * (240 products), picks three of its products in the dashboard, asks for them as drafts, saves
 * and syncs: exactly those three arrive, as drafts. Axe at 1280 and 390 px on the picker.
 *
 * Runs before shopify.spec.ts (alphabetically), with a brand of its own.
 */

test.use({ viewport: WIDE });

/** Three of the store's first active products, each with a title no other product has. */
const PICKS = (() => {
  const catalog = demoCatalog();
  const titles = new Map<string, number>();
  for (const p of catalog) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
  return catalog
    .filter(
      (p) =>
        p.status === 'ACTIVE' &&
        titles.get(p.title) === 1 &&
        p.variants.every((v) => Number(v.price) > 0),
    )
    .sort((a, b) => numericId(a.id) - numericId(b.id))
    .slice(0, 3);
})();

test('three products picked from the store are imported, as drafts, and nothing else', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  expect(PICKS).toHaveLength(3);
  const user = newUser('picker');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  const auth = { authorization: `Bearer ${await token(page)}` };
  const registered = await request.post('/api/registerbiz/', {
    headers: auth,
    multipart: {
      name: `Picked Goods ${randomBytes(3).toString('hex')}`,
      description: 'A few of our Shopify products.',
      email: `picked.${randomBytes(3).toString('hex')}@example.com`,
      website: 'picked.example',
      shipping_strategy: 'Paper mailers.',
      price_range: '$10 – $40',
      production: 'Small batches.',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const businessId: number = (await registered.json()).id;
  const connected = await request.post(`/api/shopifymanualconnect/${businessId}/`, {
    headers: auth,
    data: { shopify_store_url: DEMO_STORE.domain, access_token: DEMO_STORE.accessToken },
  });
  expect(connected.status(), await connected.text()).toBe(200);

  await page.goto(`/dashboard/shopify?business=${businessId}`);
  await expect(page.getByTestId('shopify-import-summary')).toHaveText(
    SHOPIFY_IMPORT_TEXTS.summaryAll('active'),
  );
  await page.getByRole('button', { name: SHOPIFY_IMPORT_TEXTS.open }).click();
  const dialog = page.getByRole('dialog', { name: SHOPIFY_IMPORT_TEXTS.title });
  await dialog.getByLabel(SHOPIFY_IMPORT_TEXTS.modePicked).check();
  for (const product of PICKS) {
    await dialog.getByRole('checkbox', { name: SHOPIFY_IMPORT_TEXTS.pick(product.title) }).check();
  }
  await expect(dialog.getByText(SHOPIFY_IMPORT_TEXTS.picked(3))).toBeVisible();
  await dialog.getByLabel(SHOPIFY_IMPORT_TEXTS.statusDraft).check();
  await checkBothWidths(page);
  await dialog.getByRole('button', { name: SHOPIFY_IMPORT_TEXTS.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('shopify-import-summary')).toHaveText(
    SHOPIFY_IMPORT_TEXTS.summaryPicked(3, 'draft'),
  );
  await expect(page.getByText('Products synced: 3 added, 0 updated, 0 unchanged.')).toBeVisible({
    timeout: 90_000,
  });

  // Exactly the three, all drafts: none in the shop.
  const list = async (status: 'draft' | 'active') => {
    const res = await request.get(`/api/business/products/${businessId}/?status=${status}`, {
      headers: auth,
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as Array<{ name: string }>).map((p) => p.name).sort();
  };
  expect(await list('draft')).toEqual(PICKS.map((p) => p.title).sort());
  expect(await list('active')).toEqual([]);
  const shop = await request.get(`/api/products-by-business/${businessId}/`);
  expect(((await shop.json()) as { results: unknown[] }).results).toEqual([]);
});
