import { RETURN_REFUND_REASON, RETURN_TEXTS } from '@leafline/contract/returns';
import { LIVE_TEXTS } from '@leafline/contract/seller-money';
import { expect, test } from '@playwright/test';
import { buyOne, newBuyer, pickProduct } from './support/buying';
import { checkBothWidths, WIDE } from './support/layout';
import { waitForMailContaining } from './support/mail';
import { openLiveSellerOrders, showFullCards } from './support/orders';
import { watchForProblems } from './support/page-problems';
import { loginViaUi } from './support/users';

/**
 * Returns (issue 30 point 4, decision 0055): the brand marks an order Delivered, its shopper
 * requests a return of one unit on My Orders, the brand's open dashboard shows it at once, the
 * brand accepts it on the order card and the shopper sees it refunded, with the refund's e-mail. Axe at 1280 and 390 px on the dialog, the
 * requested return, the brand's card and the refunded order.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };
const SELLER_EMAIL = 'seller@leafline.example';

test.use({ viewport: WIDE });

test('a return requested, accepted and refunded', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const problems = watchForProblems(page);
  await loginViaUi(page, SELLER.username, SELLER.password);
  const businessId = await openLiveSellerOrders(page);
  await showFullCards(page);

  const pick = await pickProduct(request, businessId);
  const buyer = await newBuyer(browser, request);
  const buyerProblems = watchForProblems(buyer.page);
  const { orderId } = await buyOne(buyer.page, request, pick, 2);

  // The brand marks it Delivered on its card.
  const card = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(card.getByTestId('order-status')).toHaveText('Status: Paid', { timeout: 20_000 });
  const form = card.getByRole('form', { name: `Update order #${orderId}` });
  await form.getByLabel('Status').selectOption('Delivered');
  await form.getByRole('button', { name: `Save order #${orderId}` }).click();
  await expect(card.getByTestId('order-status')).toHaveText('Status: Delivered');

  // The shopper asks to return one of the two, with a reason.
  await buyer.page.goto('/myorders');
  const mine = buyer.page.getByTestId('order-card').filter({ hasText: `Order #${orderId} ·` });
  await expect(mine.getByTestId('order-status')).toHaveText('Status: Delivered');
  await mine.getByRole('button', { name: `${RETURN_TEXTS.request}: order #${orderId}` }).click();
  const dialog = buyer.page.getByRole('dialog', { name: RETURN_TEXTS.title(orderId) });
  await expect(dialog).toBeVisible();
  const name = pick.product.name;
  const quantity = dialog.getByLabel(RETURN_TEXTS.quantityLabel(name));
  await expect(quantity).toBeFocused();
  await checkBothWidths(buyer.page, ['[role="dialog"]']);
  await quantity.fill('1');
  await dialog.getByLabel(RETURN_TEXTS.reasonLabel(name)).fill('The glaze is chipped.');
  await dialog.getByRole('button', { name: RETURN_TEXTS.submit }).click();
  await expect(dialog).toBeHidden();
  const asked = mine.getByTestId('order-return');
  await expect(asked).toContainText(RETURN_TEXTS.status.requested);
  await expect(asked).toContainText(RETURN_TEXTS.line(1, name, 'The glaze is chipped.'));
  await expect(
    mine.getByRole('button', { name: `${RETURN_TEXTS.request}: order #${orderId}` }),
  ).toHaveCount(0);
  await checkBothWidths(buyer.page);

  // The brand's open dashboard is told at once (no reload): a toast, the return on the card.
  await expect(
    page.getByText(LIVE_TEXTS.newReturn(orderId, `${buyer.user.fname} ${buyer.user.lname}`)),
  ).toBeVisible();
  // It is e-mailed too, and accepts the return on the card.
  const brandMail = await waitForMailContaining(
    SELLER_EMAIL,
    `Return requested for order #${orderId}`,
  );
  expect(brandMail).toContain('The glaze is chipped.');
  const returns = card.getByTestId('seller-order-returns');
  await expect(returns).toContainText(RETURN_TEXTS.brandStatus.requested);
  await expect(returns).toContainText(RETURN_TEXTS.line(1, name, 'The glaze is chipped.'));
  await checkBothWidths(page, [`article[aria-labelledby="seller-order-${orderId}-heading"]`]);
  await returns
    .getByRole('button', { name: `${RETURN_TEXTS.accept}: return of order #${orderId}` })
    .click();
  await expect(returns).toContainText(RETURN_TEXTS.brandStatus.accepted, { timeout: 20_000 });
  await expect(card.getByText(RETURN_REFUND_REASON).first()).toBeVisible();
  await checkBothWidths(page, [`article[aria-labelledby="seller-order-${orderId}-heading"]`]);

  // The shopper sees it accepted and refunded, and the refund's e-mail says why.
  await buyer.page.reload();
  await expect(asked).toContainText(RETURN_TEXTS.status.accepted);
  await expect(mine.getByTestId('order-partial-refund')).toContainText(RETURN_REFUND_REASON);
  await checkBothWidths(buyer.page);
  const refundMail = await waitForMailContaining(
    buyer.user.email,
    `Part of your Leafline order #${orderId} has been refunded`,
  );
  expect(refundMail).toContain(RETURN_REFUND_REASON);

  await buyer.context.close();
  expect(problems).toEqual([]);
  expect(buyerProblems).toEqual([]);
});
