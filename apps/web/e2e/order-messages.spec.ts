import { ORDER_MESSAGE_MESSAGES, ORDER_MESSAGE_TEXTS } from '@leafline/contract/order-messages';
import { LIVE_TEXTS } from '@leafline/contract/seller-money';
import { expect, type Locator, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { buyOne, newBuyer, pickProduct } from './support/buying';
import { WIDE } from './support/layout';
import { waitForMailContaining } from './support/mail';
import { openLiveSellerOrders, showFullCards } from './support/orders';
import { loginViaUi } from './support/users';

/**
 * Decision 0051: the buyer writes to the brand about a paid order on My Orders, the brand sees
 * it on its open dashboard at once (a toast, the card's count) and answers on the order card,
 * and the buyer sees the answer (each e-mailed the other's text). Axe on both sides with the
 * thread open.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };

/** The order's "Messages" section, opened. */
async function openThread(card: Locator, title: string) {
  const toggle = card.getByRole('button', { name: new RegExp(title) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return card.getByTestId('order-messages');
}

test('the buyer contacts the brand about an order; the brand answers on its order card', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await (await browser.newContext({ viewport: WIDE })).newPage();
  await loginViaUi(seller, SELLER.username, SELLER.password);
  const businessId = await openLiveSellerOrders(seller);
  await showFullCards(seller);

  const buyer = await newBuyer(browser, request);
  const { orderId } = await buyOne(buyer.page, request, await pickProduct(request, businessId));

  // The buyer, on My Orders: the section is closed, with no message yet.
  await buyer.page.goto('/myorders');
  const orderCard = buyer.page.locator(`article[aria-labelledby="order-${orderId}-heading"]`);
  await expect(orderCard.getByTestId('order-messages-count')).toHaveText(
    `· ${ORDER_MESSAGE_TEXTS.count(0)}`,
  );
  const thread = await openThread(orderCard, ORDER_MESSAGE_TEXTS.buyerTitle);
  await expect(thread.getByText(ORDER_MESSAGE_TEXTS.empty)).toBeVisible();
  // Empty: refused in place, nothing sent.
  await thread.getByRole('button', { name: ORDER_MESSAGE_TEXTS.send }).click();
  await expect(thread.getByText(ORDER_MESSAGE_MESSAGES.body)).toBeVisible();
  const question = `Could you wrap it as a gift? <b>Thanks</b> ${orderId}`;
  await thread.getByLabel(ORDER_MESSAGE_TEXTS.label).fill(question);
  await thread.getByRole('button', { name: ORDER_MESSAGE_TEXTS.send }).click();
  await expect(thread.getByTestId('order-message')).toHaveCount(1);
  await expect(thread.getByTestId('order-message').first()).toContainText(question);
  await expect(orderCard.getByTestId('order-messages-count')).toHaveText(
    `· ${ORDER_MESSAGE_TEXTS.count(1)}`,
  );
  await expectNoSeriousA11yViolations(buyer.page);

  // The brand's open dashboard is told at once, without a reload: a toast and the card's count.
  await expect(
    seller.getByText(LIVE_TEXTS.newMessage(orderId, `${buyer.user.fname} ${buyer.user.lname}`)),
  ).toBeVisible();
  const sellerCard = seller.locator(`article[aria-labelledby="seller-order-${orderId}-heading"]`);
  await expect(sellerCard.getByTestId('order-messages-count')).toHaveText(
    `· ${ORDER_MESSAGE_TEXTS.count(1)}`,
  );
  await expect(sellerCard.getByText(ORDER_MESSAGE_TEXTS.awaitingReply)).toBeVisible();
  const sellerThread = await openThread(sellerCard, ORDER_MESSAGE_TEXTS.brandTitle);
  await expect(sellerThread.getByTestId('order-message').first()).toContainText(question);
  await expect(sellerThread.locator('b')).toHaveCount(0);
  const answer = `Gladly, it ships wrapped tomorrow. (${orderId})`;
  await sellerThread.getByLabel(ORDER_MESSAGE_TEXTS.label).fill(answer);
  await sellerThread.getByRole('button', { name: ORDER_MESSAGE_TEXTS.send }).click();
  await expect(sellerThread.getByTestId('order-message')).toHaveCount(2);
  await expectNoSeriousA11yViolations(seller);

  // The buyer is e-mailed the answer, and sees it under the question.
  await waitForMailContaining(buyer.user.email, answer);
  await buyer.page.reload();
  const reread = await openThread(orderCard, ORDER_MESSAGE_TEXTS.buyerTitle);
  const messages = reread.getByTestId('order-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText(ORDER_MESSAGE_TEXTS.you);
  await expect(messages.nth(1)).toContainText(answer);
  await expect(orderCard.getByText(ORDER_MESSAGE_TEXTS.awaitingReply)).toBeVisible();

  await buyer.context.close();
  await seller.context().close();
});
