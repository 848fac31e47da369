import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  EXPORT_TEXTS,
  LIVE_TEXTS,
  ORDER_EXPORT_COLUMNS,
  SALES_TEXTS,
} from '@leafline/contract/seller-money';
import {
  PAYOUT_STATE_LABELS,
  REFUND_MESSAGES,
  REFUND_STATE_LABELS,
} from '@leafline/contract/seller-orders';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { buyOne, newBuyer, pickProduct } from './support/buying';
import { checkBothWidths, WIDE } from './support/layout';
import { waitForMailContaining } from './support/mail';
import { openLiveSellerOrders, showFullCards } from './support/orders';
import { watchForProblems } from './support/page-problems';
import { loginViaUi } from './support/users';

/**
 * Seller money and live orders (issue 12): the demo seller's dashboard hears an order paid in
 * another browser within 2 s, follows a status set in another tab, refunds the order (buyer's
 * history and e-mail), exports it as CSV, and catches up after its connection dropped. Axe
 * runs on every state visited, at 1280 and 390 px.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };

/** The CSS selectors of the dashboard's parts that the journeys change. */
const PARTS = {
  card: (orderId: number) => `article[aria-labelledby="seller-order-${orderId}-heading"]`,
  sales: 'section[aria-labelledby="sales-heading"]',
  toasts: '[aria-label="Notifications"]',
  dialog: '[role="dialog"]',
  exportForm: (businessId: number) => `form[aria-labelledby="order-export-${businessId}-title"]`,
  liveStatus: 'p[aria-live="polite"]',
};

/** The seller's dashboard on its first business's orders, the live stream open. */
async function openDashboard(page: Page): Promise<{ businessId: number; businessName: string }> {
  const businessId = await openLiveSellerOrders(page);
  const selector = page.getByLabel('Business');
  const businessName = (await selector.locator('option:checked').textContent()) ?? '';
  return { businessId, businessName };
}

const newOrderToast = (page: Page, orderId: number) =>
  page
    .getByRole('region', { name: 'Notifications' })
    .getByText(new RegExp(`^New order #${orderId}\\b`));

/** Opens a dashboard section from the sidebar (no reload: the live stream stays open). */
async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page.locator('#dashboard-section-heading')).toHaveText(label);
}

/** Today's row of the chart's table alternative (daily): its orders count. */
async function todaysOrders(page: Page): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const sales = page.getByRole('region', { name: SALES_TEXTS.heading });
  // Loaded: the orders-by-status table is always there once the figures came.
  await expect(sales.getByRole('table', { name: SALES_TEXTS.ordersByStatus })).toBeVisible();
  const summary = sales.getByText(SALES_TEXTS.showTable);
  const details = sales.locator('details');
  // No sale in the weeks shown: no chart, 'No sales yet.'.
  if ((await details.count()) === 0) return 0;
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await summary.click();
  const row = sales
    .getByRole('table', { name: `${SALES_TEXTS.chartTitle}: ${SALES_TEXTS.daily}` })
    .getByRole('row', { name: new RegExp(`^${today}\\b`) });
  return Number(await row.getByRole('cell').first().textContent());
}

test.use({ viewport: WIDE });

test('live order, status from another tab, refund with the buyer’s history and e-mail, CSV export', async ({
  page,
  browser,
  request,
}) => {
  // The journey also visits the Overview section twice (its axe runs at both widths): on a
  // busy 2-core machine 120 s was hit.
  test.setTimeout(180_000);
  const problems = watchForProblems(page);
  await loginViaUi(page, SELLER.username, SELLER.password);
  const { businessId } = await openDashboard(page);
  // The sales block is the Overview section's (issue 24).
  await openSection(page, 'Overview');
  await expect(page.getByRole('heading', { name: SALES_TEXTS.heading, exact: true })).toBeVisible();
  const ordersBefore = await todaysOrders(page);
  await checkBothWidths(page);
  await openSection(page, 'Orders');
  await showFullCards(page);

  // 1. A new shopper buys one item of the business in another browser.
  const pick = await pickProduct(request, businessId);
  const buyer = await newBuyer(browser, request);
  const { orderId, confirmedAt } = await buyOne(buyer.page, request, pick);
  await expect(newOrderToast(page, orderId)).toBeVisible({ timeout: 2_000 });
  const cards = page.getByTestId('seller-order');
  await expect(cards.first()).toHaveAccessibleName(`Order #${orderId}`, {
    timeout: Math.max(1, 2_000 - (Date.now() - confirmedAt)),
  });
  const heardAfter = Date.now() - confirmedAt;
  expect(heardAfter, 'toast and card came within 2 s of the confirmation').toBeLessThanOrEqual(
    2_000,
  );
  test
    .info()
    .annotations.push({ type: 'live order shown after (ms)', description: `${heardAfter}` });
  const card = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(card.getByTestId('order-status')).toHaveText('Status: Paid');
  await expect(card.getByTestId('order-buyer')).toHaveText(
    `${buyer.user.fname} ${buyer.user.lname}`,
  );
  const total = (await card.getByTestId('order-total').textContent())?.replace(/[^\d.]/g, '') ?? '';
  await expect(newOrderToast(page, orderId)).toHaveText(
    LIVE_TEXTS.newOrder(orderId, `${buyer.user.fname} ${buyer.user.lname}`, total),
  );
  await checkBothWidths(page, [PARTS.card(orderId), PARTS.toasts]);
  // The sales block counts the sale today, without reload.
  await openSection(page, 'Overview');
  await expect.poll(() => todaysOrders(page)).toBe(ordersBefore + 1);
  await checkBothWidths(page, [PARTS.sales]);
  await openSection(page, 'Orders');

  // 2. A second tab of the seller ships the order; the first follows without reload.
  const tracking = `1Z${randomBytes(3).toString('hex').toUpperCase()}LIVE`;
  const second = await page.context().newPage();
  await second.goto(`/dashboard/orders?business=${businessId}`);
  const secondCard = second.getByRole('article', { name: `Order #${orderId}` });
  const secondForm = secondCard.getByRole('form', { name: `Update order #${orderId}` });
  await secondForm.getByLabel('Status').selectOption('Shipped');
  await secondForm.getByLabel('Tracking number').fill(tracking);
  await secondForm.getByRole('button', { name: `Save order #${orderId}` }).click();
  await expect(secondCard.getByTestId('order-status')).toHaveText('Status: Shipped');
  await second.close();
  await expect(card.getByTestId('order-status')).toHaveText('Status: Shipped');
  const form = card.getByRole('form', { name: `Update order #${orderId}` });
  await expect(form.getByLabel('Status')).toHaveValue('Shipped');
  await expect(form.getByLabel('Tracking number')).toHaveValue(tracking);
  await checkBothWidths(page, [PARTS.card(orderId)]);

  // 3. The seller refunds it, after confirming.
  await form.getByLabel('Status').selectOption('Refunded');
  await form.getByRole('button', { name: `Save order #${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: REFUND_MESSAGES.confirmTitle('Refunded') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(REFUND_MESSAGES.confirm(total, 'Refunded'));
  await checkBothWidths(page, [PARTS.dialog]);
  await dialog.getByRole('button', { name: REFUND_MESSAGES.confirmButton(total) }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('order-status')).toHaveText('Status: Refunded');
  await expect(card.getByTestId('order-refund-state')).toHaveText(REFUND_STATE_LABELS.succeeded);
  await expect(card.getByTestId('order-refund')).toContainText(`$${total}`);
  await expect(card.getByTestId('order-payout-state')).toHaveText(PAYOUT_STATE_LABELS.reversed);
  await checkBothWidths(page, [PARTS.card(orderId), PARTS.toasts]);

  // The buyer's My Orders: Refunded, and the history with dates.
  await buyer.page.goto('/myorders');
  const bought = buyer.page.getByTestId('order-card').filter({ hasText: `Order #${orderId} ·` });
  await expect(bought.getByTestId('order-status')).toHaveText('Status: Refunded');
  const date = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M`;
  await expect(bought.getByTestId('order-history').getByRole('listitem')).toHaveText([
    new RegExp(`^Paid — ${date}`),
    new RegExp(`^Shipped — ${date}.* · Tracking ${tracking}$`),
    new RegExp(`^Refunded — ${date}`),
  ]);
  await checkBothWidths(buyer.page);
  const mail = await waitForMailContaining(
    buyer.user.email,
    `Your Leafline order #${orderId} has been refunded`,
  );
  expect(mail).toContain(`Amount refunded: $${total}`);
  await buyer.context.close();

  // 4. The CSV of today's orders holds the order.
  const today = new Date().toISOString().slice(0, 10);
  const exportForm = page.getByRole('form', { name: EXPORT_TEXTS.title });
  await exportForm.getByLabel(EXPORT_TEXTS.from, { exact: true }).fill(today);
  await exportForm.getByLabel(EXPORT_TEXTS.to, { exact: true }).fill(today);
  const downloading = page.waitForEvent('download');
  await exportForm.getByRole('button', { name: EXPORT_TEXTS.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(ORDER_EXPORT_COLUMNS.join(','));
  const row = lines.find((line) => line.startsWith(`${orderId},`));
  expect(row, `a row for order #${orderId}`).toBeTruthy();
  expect(row).toContain(',Refunded,');
  expect(row).toContain(`${buyer.user.fname} ${buyer.user.lname}`);
  await checkBothWidths(page, [PARTS.exportForm(businessId)]);
  expect(problems).toEqual([]);
});

test('the dashboard shows it is reconnecting while offline and shows the order paid meanwhile', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchForProblems(page);
  await loginViaUi(page, SELLER.username, SELLER.password);
  const { businessId } = await openDashboard(page);
  await showFullCards(page);
  const pick = await pickProduct(request, businessId);
  const buyer = await newBuyer(browser, request);

  const seller: BrowserContext = page.context();
  await seller.setOffline(true);
  await expect(page.getByText(LIVE_TEXTS.reconnecting)).toBeVisible();
  await checkBothWidths(page, [PARTS.liveStatus, PARTS.exportForm(businessId)]);
  const { orderId } = await buyOne(buyer.page, request, pick);
  await seller.setOffline(false);

  await expect(page.getByText(LIVE_TEXTS.live)).toBeVisible({ timeout: 15_000 });
  // The stream resumed from the last event it had: the missed order is announced too.
  await expect(newOrderToast(page, orderId)).toBeVisible();
  const card = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('seller-order').first()).toHaveAccessibleName(`Order #${orderId}`);
  await expect(card.getByTestId('order-status')).toHaveText('Status: Paid');
  await checkBothWidths(page, [PARTS.liveStatus, PARTS.card(orderId)]);
  await buyer.context.close();
  expect(problems).toEqual([]);
});
