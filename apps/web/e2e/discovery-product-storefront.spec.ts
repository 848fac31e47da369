import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * Product page and storefront journeys of SPEC §2 on the seeded demo catalogue: the ids are
 * found through the public API, never assumed.
 */

interface BusinessSummary {
  id: number;
  name: string;
  verified: boolean;
}
interface Variant {
  id: number;
  option1: string;
  option2: string | null;
  price: string;
  images: { image: string }[];
}
interface Product {
  id: number;
  name: string;
  price: string;
  business: number;
  business_name: string;
  images: { image: string }[];
  option_names: string[];
  variants: Variant[];
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The first seeded product (by id) that satisfies `accept`. */
async function findProduct(
  request: APIRequestContext,
  accept: (product: Product) => boolean,
): Promise<Product> {
  for (let id = 1; id <= 400; id++) {
    const res = await request.get(`/api/products/${id}/`);
    if (res.status() !== 200) continue;
    const product = (await res.json()) as Product;
    if (accept(product)) return product;
  }
  throw new Error('no seeded product fits');
}

const mainImage = (page: Page) => page.locator('main img[fetchpriority="high"]').first();
const price = (page: Page) => page.getByTestId('product-price');
const money = (value: string) => `$${Number(value).toFixed(2)}`;
const label = (v: Variant) => (v.option2 ? `${v.option1} / ${v.option2}` : v.option1);

test('a storefront shows its sections, its products and leads to a product', async ({
  page,
  request,
}) => {
  const businesses = await json<BusinessSummary[]>(request, '/api/publicbusinesses/');
  expect(businesses.length).toBeGreaterThan(0);
  // The brand with the most products, so the pager is exercised when the data allows it.
  let chosen = businesses[0] as BusinessSummary;
  let count = -1;
  for (const business of businesses) {
    const page1 = await json<{ count: number }>(
      request,
      `/api/products-by-business/${business.id}/`,
    );
    if (page1.count > count) {
      chosen = business;
      count = page1.count;
    }
  }
  const notes = await json<unknown[]>(request, `/api/sustainability/${chosen.id}/`);

  await page.goto(`/businessproducts/${chosen.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.name);
  await expect(page).toHaveTitle(
    new RegExp(`^${chosen.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  for (const name of ['About', 'Products', 'Contact']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Sustainability notes' })).toHaveCount(
    notes.length > 0 ? 1 : 0,
  );
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

  // Production opens like a disclosure.
  const production = page.locator('details', { hasText: 'Production' }).first();
  await production.locator('summary').click();
  await expect(production).toHaveAttribute('open', '');

  if (chosen.verified) {
    const badge = page.getByRole('button', { name: /Verified/ });
    await badge.focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expect(badge).toHaveAccessibleDescription(/^Verified by Leafline/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();
  }

  const grid = page.getByRole('list', { name: `Products from ${chosen.name}` });
  await expect(grid.getByRole('listitem')).toHaveCount(Math.min(count, 10));
  const pager = page.getByRole('navigation', { name: 'Product pages' });
  if (count > 10) {
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(grid.getByRole('listitem')).toHaveCount(Math.min(count - 10, 10));
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  } else {
    // One page: the pager is hidden (SPEC §4 Pagination).
    await expect(pager).toHaveCount(0);
    await expect(page.getByText(`Showing 1-${count} of ${count} products`)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  const firstCard = grid.getByRole('listitem').first().getByRole('heading').getByRole('link');
  const productName = (await firstCard.textContent())?.trim() ?? '';
  await firstCard.click();
  await expect(page).toHaveURL(/\/shop\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
});

test('the gallery switches pictures and a variant changes the price', async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) =>
      p.images.length > 1 &&
      p.variants.length > 1 &&
      p.variants.length <= 9 &&
      p.variants.every((v) => v.option2 === null) &&
      new Set(p.variants.map((v) => v.price)).size > 1,
  );
  await page.goto(`/shop/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page).toHaveTitle(new RegExp(`^${product.name}`));

  // Thumbnails: buttons named after their picture, the current one pressed.
  const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
  await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
  const before = await mainImage(page).getAttribute('src');
  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(mainImage(page)).not.toHaveAttribute('src', before ?? '');

  // One radio per value (≤ 9) in a group named by the option; the first is picked and its
  // price shown.
  const optionName = product.option_names[0] as string;
  const options = page.getByRole('group', { name: optionName }).getByRole('radio');
  await expect(options).toHaveCount(product.variants.length);
  const first = product.variants[0] as Variant;
  await expect(options.first()).toBeChecked();
  await expect(price(page)).toHaveText(money(first.price));
  const other = product.variants.find((v) => v.price !== first.price) as Variant;
  await page.getByRole('radio', { name: other.option1, exact: true }).click();
  await expect(price(page)).toHaveText(money(other.price));
  await expect(page.getByRole('radio', { name: other.option1, exact: true })).toBeChecked();

  // The business name leads to its storefront.
  await expect(
    page.getByRole('link', { name: product.business_name, exact: true }).first(),
  ).toHaveAttribute('href', `/businessproducts/${product.business}`);
  await expect(page.getByRole('link', { name: /View All Products/ })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expectNoSeriousA11yViolations(page);
});

test('a variant with its own pictures shows them in the gallery', async ({ page, request }) => {
  const product = await findProduct(
    request,
    (p) =>
      p.variants.length > 1 &&
      p.variants.length <= 9 &&
      p.variants.every((v) => v.option2 === null) &&
      (p.variants[1]?.images.length ?? 0) > 0,
  );
  const second = product.variants[1] as Variant;
  await page.goto(`/shop/products/${product.id}`);
  await page.getByRole('radio', { name: second.option1, exact: true }).click();
  await expect(mainImage(page)).toHaveAttribute('src', second.images[0]?.image ?? '');
  await expect(price(page)).toHaveText(money(second.price));
});

test('more than 9 values of an option are offered in a dropdown labelled by the option', async ({
  page,
  request,
}) => {
  const product = await findProduct(
    request,
    (p) => p.variants.length > 9 && p.variants.every((v) => v.option2 === null),
  );
  await page.goto(`/shop/products/${product.id}`);
  const select = page.getByLabel(product.option_names[0] as string, { exact: true });
  await expect(select).toBeVisible();
  await expect(select.locator('option')).toHaveCount(product.variants.length);
  await expect(page.getByRole('radio')).toHaveCount(0);
  const first = product.variants[0] as Variant;
  await expect(price(page)).toHaveText(money(first.price));
  const other =
    product.variants.find((v) => v.price !== first.price) ??
    (product.variants[product.variants.length - 1] as Variant);
  await select.selectOption(other.option1);
  await expect(select).toHaveValue(other.option1);
  await expect(price(page)).toHaveText(money(other.price));
  await expectNoSeriousA11yViolations(page);
});

test('a product with two options has one named group per option, not combinations', async ({
  page,
  request,
}) => {
  const product = await findProduct(
    request,
    (p) => p.option_names.length === 2 && p.variants.length > 9,
  );
  const [first, second] = product.option_names as [string, string];
  const values = (pick: (v: Variant) => string | null) => [...new Set(product.variants.map(pick))];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/shop/products/${product.id}`);
  const firstGroup = page.getByRole('group', { name: first, exact: true });
  const secondGroup = page.getByRole('group', { name: second, exact: true });
  await expect(firstGroup.getByRole('radio')).toHaveCount(values((v) => v.option1).length);
  await expect(secondGroup.getByRole('radio')).toHaveCount(values((v) => v.option2).length);
  // Neither option falls back to a dropdown (the reviews' sort, below, is a select of its own).
  await expect(page.getByRole('combobox', { name: first, exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: second, exact: true })).toHaveCount(0);
  const last = product.variants.at(-1) as Variant;
  await expect(page.getByRole('radio', { name: label(last) })).toHaveCount(0);

  // The last variant, picked option by option: its price shows and it is the one added.
  await firstGroup.getByRole('radio', { name: last.option1, exact: true }).click();
  await secondGroup.getByRole('radio', { name: last.option2 as string, exact: true }).click();
  await expect(firstGroup.getByRole('radio', { name: last.option1, exact: true })).toBeChecked();
  await expect(
    secondGroup.getByRole('radio', { name: last.option2 as string, exact: true }),
  ).toBeChecked();
  await expect(price(page)).toHaveText(money(last.price));
  await expectNoSeriousA11yViolations(page);
});

test('logged out, Add to Cart asks to log in, goes to /login after 3 s and comes back after login', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.variants.length > 0);
  const path = `/shop/products/${product.id}`;
  await page.goto(path);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const clickedAt = Date.now();
  await expect(page.getByText('You must be logged in to add items to your cart')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login Now' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('product_redirect'))).toBe(path);
  await expectNoSeriousA11yViolations(page);

  await page.waitForURL(/\/login$/, { timeout: 8000 });
  const waited = Date.now() - clickedAt;
  expect(waited).toBeGreaterThan(2500);
  expect(waited).toBeLessThan(6000);

  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username').fill('shopper');
  await page.getByLabel('Password').fill('leafline-shopper');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  expect(await page.evaluate(() => localStorage.getItem('product_redirect'))).toBeNull();

  // Logged in, Add to Cart answers with a toast (the cart itself comes with its own issue).
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
});

test("an unknown product says 'Product not found' and an unknown brand says so too", async ({
  page,
}) => {
  await page.goto('/shop/products/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/businessproducts/999999');
  await expect(page.getByText('Failed to load business details.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});
