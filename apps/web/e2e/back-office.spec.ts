import { expect, type Page, test } from '@playwright/test';
import { buyOne, newBuyer, pickProduct, token } from './support/buying';
import { checkBothWidths, WIDE } from './support/layout';
import { waitForMailContaining } from './support/mail';
import { loginViaUi } from './support/users';

/**
 * The brand's back office (issue 29): the seller narrows the orders to "To ship", finds a
 * buyer's by e-mail, marks both shipped at once with a carrier and number each, and the buyer
 * follows each parcel from My Orders (the carrier's own page) and from the shipped e-mail. Axe
 * at 1280 and 390 px on the list narrowed and on the dialog.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };

test.use({ viewport: WIDE });

/** The seller's dashboard on its first business's orders. */
async function openOrders(page: Page): Promise<number> {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/orders\?business=\d+$/);
  return Number(new URL(page.url()).searchParams.get('business'));
}

/**
 * The seller signed in, on its first business's Add product form with the required fields
 * filled (the name made unique to this run).
 */
async function startProduct(
  page: Page,
  product: { name: string; description: string; price: string; category: string },
) {
  await loginViaUi(page, SELLER.username, SELLER.password);
  const businessId = await openOrders(page);
  await page.goto(`/dashboard/add?business=${businessId}`);
  const add = page.getByRole('form', { name: 'Add a product' });
  const name = `${product.name} ${Date.now().toString(36)}`;
  await add.getByLabel('Name', { exact: true }).fill(name);
  await add.getByLabel('Description', { exact: true }).fill(product.description);
  await add.getByLabel('Price', { exact: true }).fill(product.price);
  await add.getByLabel('Product category').selectOption(product.category);
  return { businessId, add, name };
}

test('to ship → two orders marked shipped with their carriers → the buyer follows each parcel', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await loginViaUi(page, SELLER.username, SELLER.password);
  const businessId = await openOrders(page);

  // A new buyer's two paid orders of the business.
  const buyer = await newBuyer(browser, request);
  const pick = await pickProduct(request, businessId);
  const first = await buyOne(buyer.page, request, pick);
  const second = await buyOne(buyer.page, request, pick);

  // To ship, searched by the buyer's e-mail: exactly those two, newest first.
  const filters = page.locator('search[aria-label="Find orders"]');
  await filters.getByLabel('Show').selectOption({ label: 'To ship' });
  await filters.getByRole('searchbox', { name: 'Search' }).fill(buyer.user.email);
  await expect(
    page.getByText(/^2 orders \(to ship\) matching your search, newest first\./),
  ).toBeVisible();
  const cards = page.getByTestId('seller-order');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(
    `Order #${second.orderId}`,
  );
  await checkBothWidths(page);

  // Both picked, one dialog: a carrier and a number each.
  await page.getByRole('checkbox', { name: 'Select every order on this page' }).check();
  await expect(page.getByText('2 orders selected')).toBeVisible();
  await page.getByRole('button', { name: 'Mark shipped…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark 2 orders shipped' });
  await dialog.getByLabel(`Carrier for order #${first.orderId}`).selectOption('UPS');
  await dialog.getByLabel(`Tracking number for order #${first.orderId}`).fill('1Z999AA10123456784');
  await dialog.getByLabel(`Carrier for order #${second.orderId}`).selectOption('USPS');
  await dialog
    .getByLabel(`Tracking number for order #${second.orderId}`)
    .fill('9400 1000 0000 0000 0000 00');
  await checkBothWidths(page);
  await dialog.getByRole('button', { name: 'Mark 2 shipped' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('2 orders marked shipped.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // Shipped, they leave "To ship".
  await expect(page.getByText('No orders match.')).toBeVisible();

  // The buyer's My Orders: each parcel's link to its carrier's page.
  await buyer.page.goto('/myorders');
  const ups = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
  const usps =
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000%200000%200000%2000';
  const orderCard = (id: number) =>
    buyer.page.getByTestId('order-card').filter({
      has: buyer.page.getByRole('heading', { name: new RegExp(`^Order #${id} `) }),
    });
  for (const [id, href] of [
    [first.orderId, ups],
    [second.orderId, usps],
  ] as const) {
    const link = orderCard(id).getByRole('link', { name: /^Track your parcel/ });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await expect(orderCard(first.orderId)).toContainText('UPS tracking number: 1Z999AA10123456784');

  // One shipped e-mail per order, each with its link.
  await waitForMailContaining(buyer.user.email, ups);
  await waitForMailContaining(buyer.user.email, usps);
  await buyer.context.close();
});

test('the payout ledger: this month’s total is the sum of its rows, on the page and in the statement', async ({
  page,
  browser,
  request,
}) => {
  await loginViaUi(page, SELLER.username, SELLER.password);
  const businessId = await openOrders(page);
  // A payout this month, whatever ran before.
  const buyer = await newBuyer(browser, request);
  await buyOne(buyer.page, request, await pickProduct(request, businessId));
  await buyer.context.close();
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Overview', exact: true })
    .click();
  const ledger = page.getByRole('region', { name: 'Payouts', exact: true });
  const month = new Date().toISOString().slice(0, 7);
  await ledger.getByLabel('Month').fill(month);

  // Every row of the month (all its pages), through the same API the page reads.
  const auth = { authorization: `Bearer ${await token(page)}` };
  const rows: Array<{ net: string; gross: string }> = [];
  let totals = { gross: '0.00', net: '0.00' };
  for (let p = 1; ; p++) {
    const url = `/api/business/payouts/${businessId}/?month=${month}&page=${p}`;
    const res = await page.request.get(url, { headers: auth });
    const body = await res.json();
    rows.push(...body.results);
    totals = body.totals;
    if (rows.length >= body.count || body.results.length === 0) break;
  }
  const cents = (v: string) => Math.round(Number(v) * 100);
  expect(rows.reduce((sum, r) => sum + cents(r.net), 0)).toBe(cents(totals.net));
  expect(rows.reduce((sum, r) => sum + cents(r.gross), 0)).toBe(cents(totals.gross));
  expect(rows.length).toBeGreaterThan(0);

  // The page's totals row says the same.
  await expect(ledger.getByRole('row', { name: /^Total of \d+ payouts?/ })).toContainText(
    `$${Number(totals.net).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await checkBothWidths(page);

  // The statement: its last row, the same totals.
  const statement = await page.request.get(
    `/api/business/payouts/${businessId}/statement/?month=${month}`,
    { headers: auth },
  );
  expect(statement.status()).toBe(200);
  const lines = (await statement.text()).trim().split('\r\n');
  const commission = ((cents(totals.gross) - cents(totals.net)) / 100).toFixed(2);
  expect(lines.at(-1)).toBe(`total,,${totals.gross},${commission},${totals.net},,,,`);
  expect(lines.length - 2).toBe(rows.length);
});

test('variants from two options: every combination made at once, one with a former price struck through in the shop', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { businessId, add, name } = await startProduct(page, {
    name: 'Wool beanie',
    description: 'Undyed wool from one flock.',
    price: '30.00',
    category: 'Accessories',
  });
  await add.getByLabel('Option 1 name').fill('Size');
  await add.getByLabel('Option 2 name').fill('Colour');
  await add.getByLabel('Size values').fill('S, M, L');
  await add.getByLabel('Colour values').fill('Sand, Navy');
  await add.getByRole('button', { name: 'Make every combination' }).click();
  await expect(add.getByRole('status').filter({ hasText: '6 new rows added' })).toBeVisible();
  const combinations: string[][] = [];
  for (let n = 1; n <= 6; n++) {
    combinations.push([
      await add.getByLabel(`Size (variant ${n})`).inputValue(),
      await add.getByLabel(`Colour (variant ${n})`).inputValue(),
    ]);
  }
  expect(combinations).toEqual([
    ['S', 'Sand'],
    ['S', 'Navy'],
    ['M', 'Sand'],
    ['M', 'Navy'],
    ['L', 'Sand'],
    ['L', 'Navy'],
  ]);
  await expect(add.getByLabel('Size (variant 7)')).toHaveCount(0);
  // The large navy one: its own price, the price it sold for before, its code.
  await add.getByLabel('Price (variant 6)', { exact: true }).fill('34.00');
  await add.getByLabel('Compare-at price (variant 6)').fill('42.00');
  await add.getByLabel('SKU (variant 6)').fill(`BEANIE-L-NAVY-${Date.now().toString(36)}`);
  await checkBothWidths(page);
  await add.getByRole('button', { name: 'Add product', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Product added.'),
  ).toBeVisible();

  // The shop: one control per option, the large navy one at its price, the former struck through.
  await page.goto(`/businessproducts/${businessId}`);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('product-price')).toHaveText('$30.00');
  await expect(page.getByTestId('product-compare-at')).toHaveCount(0);
  await page.getByRole('radio', { name: 'L', exact: true }).click();
  await page.getByRole('radio', { name: 'Navy', exact: true }).click();
  await expect(page.getByTestId('product-price')).toHaveText('$34.00');
  await expect(page.getByTestId('product-compare-at')).toHaveText('$42.00');
  await checkBothWidths(page);
});

test('a draft is not in the shop until the brand makes it active; then the shop finds it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { businessId, add, name } = await startProduct(page, {
    name: 'Juniper draft candle',
    description: 'Soy wax, a cotton wick.',
    price: '18.00',
    category: 'Home Goods',
  });
  await add.getByLabel('Status', { exact: true }).selectOption('draft');
  await add.getByRole('button', { name: 'Add product', exact: true }).click();
  await expect(page.getByText(`“${name}” is saved as a draft`)).toBeVisible();

  // The shop's search does not know it.
  const shop = async () => {
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };
  await shop();
  await expect(page.getByText('No products match your search.')).toBeVisible();

  // The brand finds it among its drafts, by a part of its name, and makes it active.
  await page.goto(`/dashboard/products?business=${businessId}`);
  const filters = page.locator('search[aria-label="Find products"]');
  await filters.getByLabel('Status').selectOption('draft');
  await filters.getByRole('searchbox', { name: 'Search' }).fill('juniper draft');
  const row = page.getByRole('listitem', { name });
  await expect(row.getByTestId('product-status')).toHaveText('Status: Draft');
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await checkBothWidths(page);
  await row.getByRole('button', { name: `Make active ${name}` }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Product is in the shop.'),
  ).toBeVisible();
  // Not a draft any more: it leaves the Draft list.
  await expect(page.getByText('No products match.')).toBeVisible();

  await shop();
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('link', { name }).first(),
  ).toBeVisible();
});

test('a partial refund of one line: the buyer gets that unit back, sees it on the order and is e-mailed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await loginViaUi(page, SELLER.username, SELLER.password);
  const businessId = await openOrders(page);
  const buyer = await newBuyer(browser, request);
  const pick = await pickProduct(request, businessId);
  const { orderId } = await buyOne(buyer.page, request, pick, 2);

  const filters = page.locator('search[aria-label="Find orders"]');
  await filters.getByRole('searchbox', { name: 'Search' }).fill(buyer.user.email);
  const card = page.getByTestId('seller-order');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: `Refund… order #${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund part of order #${orderId}` });
  const quantity = dialog.getByLabel(`Quantity of ${pick.product.name} to refund`);
  await quantity.fill('1');
  // The line's unit price, as the dialog says it, is what goes back.
  const hint = await dialog.getByText(/ each · up to 2$/).textContent();
  const unit = hint!.match(/^\$(\d+\.\d{2}) each/)![1]!;
  await dialog.getByLabel('Reason (the buyer sees it)').fill('Arrived chipped');
  await checkBothWidths(page);
  await dialog.getByRole('button', { name: `Refund $${unit}` }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(`Refunded $${unit} to the buyer.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('order-partial-refund')).toContainText(
    `$${unit} — 1 × ${pick.product.name} · Reason: Arrived chipped · Refunded to the buyer`,
  );
  // The order keeps its status: one unit is still to ship.
  await expect(card.getByRole('button', { name: `Refund… order #${orderId}` })).toBeVisible();

  await buyer.page.goto('/myorders');
  const mine = buyer.page.getByTestId('order-card').filter({
    has: buyer.page.getByRole('heading', { name: new RegExp(`^Order #${orderId} `) }),
  });
  const entry = mine.getByTestId('order-partial-refund');
  await expect(entry).toContainText(`Refunded to you: $${unit}`);
  await expect(entry).toContainText(`1 × ${pick.product.name} · Reason: Arrived chipped`);
  await checkBothWidths(buyer.page);
  await waitForMailContaining(buyer.user.email, `Part of your Leafline order #${orderId}`);
  await buyer.context.close();
});

test('a page of many orders is compact rows; a row opens its full card and closes back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginViaUi(page, SELLER.username, SELLER.password);
  await openOrders(page);
  const rows = page.getByTestId('seller-order');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(page.getByRole('form', { name: /^Update order #/ })).toHaveCount(0);
  await checkBothWidths(page);

  const open = rows.first().getByRole('button', { name: /^Open order #\d+$/ });
  const orderId = Number((await open.getAttribute('aria-label'))!.match(/\d+$/)![0]);
  await open.click();
  const card = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(card.getByRole('form', { name: `Update order #${orderId}` })).toBeVisible();
  await expect(card.getByRole('heading', { name: `Order #${orderId}` })).toBeFocused();
  await page.getByRole('button', { name: `Show order #${orderId} as a row` }).click();
  await expect(page.getByRole('form', { name: /^Update order #/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Open order #${orderId}` })).toBeFocused();
});
