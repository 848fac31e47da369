import { ORDER_CANCEL_TEXTS } from '@leafline/contract/cancellations';
import { REFUND_STATE_LABELS } from '@leafline/contract/seller-orders';
import { expect, test } from '@playwright/test';
import { buyOne, newBuyer, pickProduct } from './support/buying';
import { checkBothWidths, WIDE } from './support/layout';
import { waitForMailContaining } from './support/mail';
import { openLiveSellerOrders, showFullCards } from './support/orders';
import { watchForProblems } from './support/page-problems';
import { loginViaUi } from './support/users';

/**
 * The shopper's change of mind (issue 30 point 4): a shopper cancels a paid order on My Orders
 * and the brand's open dashboard shows it cancelled without a reload; both are e-mailed. Axe
 * at 1280 and 390 px on the dialog, the cancelled order and the brand's card.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };

test.use({ viewport: WIDE });

test('a shopper cancels a paid order and the brand’s dashboard updates live', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchForProblems(page);
  await loginViaUi(page, SELLER.username, SELLER.password);
  const businessId = await openLiveSellerOrders(page);
  await showFullCards(page);

  const pick = await pickProduct(request, businessId);
  const buyer = await newBuyer(browser, request);
  const { orderId } = await buyOne(buyer.page, request, pick);
  const card = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(card.getByTestId('order-status')).toHaveText('Status: Paid');

  await buyer.page.goto('/myorders');
  const mine = buyer.page.getByTestId('order-card').filter({ hasText: `Order #${orderId} ·` });
  await expect(mine.getByTestId('order-status')).toHaveText('Status: Paid');
  await mine.getByRole('button', { name: ORDER_CANCEL_TEXTS.button }).click();
  const dialog = buyer.page.getByRole('dialog', { name: ORDER_CANCEL_TEXTS.title(orderId) });
  await expect(dialog).toBeVisible();
  // Focus starts on "Keep order": a stray Enter does not cancel.
  await expect(dialog.getByRole('button', { name: ORDER_CANCEL_TEXTS.keep })).toBeFocused();
  await checkBothWidths(buyer.page, ['[role="dialog"]']);
  await dialog.getByRole('button', { name: ORDER_CANCEL_TEXTS.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(mine.getByTestId('order-status')).toHaveText('Status: Canceled');
  await expect(mine.getByRole('button', { name: ORDER_CANCEL_TEXTS.button })).toHaveCount(0);
  await expect(mine.getByTestId('order-refunded')).toBeVisible();
  await checkBothWidths(buyer.page);

  // The brand's dashboard, never reloaded, follows.
  await expect(card.getByTestId('order-status')).toHaveText('Status: Canceled', {
    timeout: 10_000,
  });
  await expect(card.getByTestId('order-refund-state')).toHaveText(REFUND_STATE_LABELS.succeeded);
  // Its status can no longer change: not to be sent (decision 0053).
  await expect(card.getByLabel('Status')).toBeDisabled();
  await expect(card.getByText(ORDER_CANCEL_TEXTS.brandNotice)).toBeVisible();
  await checkBothWidths(page, [`article[aria-labelledby="seller-order-${orderId}-heading"]`]);

  const buyerMail = await waitForMailContaining(
    buyer.user.email,
    `Your Leafline order #${orderId} has been cancelled`,
  );
  expect(buyerMail).toContain(`You cancelled your order #${orderId}`);
  await buyer.context.close();
  expect(problems).toEqual([]);
});
