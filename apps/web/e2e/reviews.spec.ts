import { randomBytes } from 'node:crypto';
import { REVIEW_MESSAGES } from '@leafline/contract/reviews-texts';
import { LIVE_TEXTS } from '@leafline/contract/seller-money';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { payWithCard, saveAddressViaApi, token } from './support/buying';
import { checkBothWidths, resultsSettled, WIDE } from './support/layout';
import { watchForProblems } from './support/page-problems';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/**
 * Issue 27, acceptance: a buyer whose order was delivered reviews the product from My Orders;
 * the product page and its card show it; the brand's open dashboard hears of it live (the
 * orders' stream), replies from its Reviews section and the shopper sees the reply; sorting the shop by rating orders it. At 1280 px,
 * the review's parts also at 390 px, with axe.
 */

const SELLER = { username: 'seller', password: 'leafline-seller' };

test.use({ viewport: WIDE });

async function picture() {
  const buffer = await sharp({
    create: { width: 160, height: 160, channels: 3, background: { r: 90, g: 120, b: 100 } },
  })
    .png()
    .toBuffer();
  return { name: 'jar.png', mimeType: 'image/png', buffer };
}

/** The card ratings of the shop's results, in order (none: 0). */
const cardRatings = (page: Page) =>
  page.locator('article').evaluateAll((cards) =>
    cards.map((card) => {
      const text = card.querySelector('[data-testid="card-rating"]')?.textContent ?? '';
      const match = /★\s*(\d\.\d)/.exec(text);
      return match ? Number(match[1]) : 0;
    }),
  );

test('a buyer reviews from My Orders, the brand replies, the shop sorts by rating', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const problems = watchForProblems(page);

  // The brand: a new product of its own.
  await loginViaUi(page, SELLER.username, SELLER.password);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/orders\?business=\d+$/);
  const businessId = Number(new URL(page.url()).searchParams.get('business'));
  const sellerAuth = { authorization: `Bearer ${await token(page)}` };
  const name = `Reviewed Honey Jar ${randomBytes(3).toString('hex')}`;
  const created = await request.post(`/api/add-product/${businessId}/`, {
    headers: sellerAuth,
    multipart: {
      name,
      description: 'Stoneware, with a wooden dipper.',
      price: '29.00',
      condition: 'new',
      category: 'Eco-Friendly Business',
      product_category: 'Home Goods',
      'images[0].image': await picture(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId: number = (await created.json()).product.id;

  // A shopper buys it; the brand marks the order Delivered.
  const user = newUser('reviewer');
  await registerViaApi(request, user);
  const context = await browser.newContext({ viewport: WIDE });
  const buyer = await context.newPage();
  const buyerProblems = watchForProblems(buyer);
  await loginViaUi(buyer, user.username, user.password);
  await saveAddressViaApi(buyer, request, user);
  await buyer.goto(`/shop/products/${productId}`);
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByRole('link', { name: /View cart/i })).toBeVisible();
  await buyer.goto('/checkout');
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/pay\//);
  await payWithCard(buyer);
  await buyer.waitForURL(/\/order-confirmation\?order_ids?=([\d,]+)$/);
  const orderId = Number(/order_ids?=(\d+)/.exec(buyer.url())![1]);
  const delivered = await request.patch(`/api/business/orders/edit/${orderId}/`, {
    headers: sellerAuth,
    data: { status: 'Delivered' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // The brand's dashboard is open on its Reviews section, its live stream connected.
  const streaming = page.waitForResponse((r) => r.url().includes(`/orders/${businessId}/events/`));
  await page.goto(`/dashboard/reviews?business=${businessId}`);
  expect((await streaming).status()).toBe(200);

  // My Orders: "Review this product" leads to the product's reviews, and the form.
  await buyer.goto('/myorders');
  await buyer.getByRole('link', { name: `Review this product: ${name}` }).click();
  await expect(buyer).toHaveURL(new RegExp(`/shop/products/${productId}#reviews$`));
  const form = buyer.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  // Too short: the contract's message, nothing sent.
  // The star picker: a label per star (its radio is visually hidden), clicked as a person does.
  await form.locator('label', { hasText: '4 stars' }).click();
  await expect(form.getByLabel('4 stars')).toBeChecked();
  await form.getByLabel('Review', { exact: true }).fill('Nice.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText(REVIEW_MESSAGES.body)).toBeVisible();
  await form.getByLabel('Title').fill('A jar to keep');
  await form
    .getByLabel('Review', { exact: true })
    .fill('Heavy, glazed inside, and the dipper\nfits the lid notch. <b>Lovely</b>.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  const reviews = buyer.locator('#reviews');
  // Shown at once: as the buyer's own (with Edit and Delete) and in the list.
  await expect(reviews.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(reviews.getByText('A jar to keep')).toHaveCount(2);
  await expect(reviews.getByText('1 review')).toBeVisible();
  // The body as written: its markup is text.
  await expect(reviews.getByText(/<b>Lovely<\/b>\./).first()).toBeVisible();
  await expect(reviews.locator('b')).toHaveCount(0);
  await expect(reviews.getByText('Verified purchase').first()).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toBeVisible();
  await checkBothWidths(buyer, ['#reviews']);

  // The card on the brand's storefront shows it, to a visitor (the buyer's browser keeps the
  // page it saw a moment ago for a while, as the shop's lists are kept).
  const visitorContext = await browser.newContext({ viewport: WIDE });
  const visitor = await visitorContext.newPage();
  await expect(async () => {
    await visitor.goto(`/businessproducts/${businessId}`);
    const card = visitor.locator('article').filter({ hasText: name });
    await expect(card.getByTestId('card-rating')).toContainText('4.0 (1)', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await visitorContext.close();

  // The brand's dashboard heard of it without a reload: a toast and the top row.
  await expect(page.getByText(LIVE_TEXTS.newReview(4, name))).toBeVisible();
  const row = page.getByTestId('seller-review').filter({ hasText: 'A jar to keep' });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('seller-review').first()).toContainText('A jar to keep');
  // The brand answers from its dashboard's Reviews section.
  await checkBothWidths(page, ['main']);
  await row.getByRole('button', { name: 'Reply' }).click();
  await row.getByRole('textbox').fill('Thank you! The notch was our potter’s idea.');
  await row.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText('Your reply was saved.')).toBeVisible();

  // The shopper sees the reply under the review (the page read again).
  await buyer.goto(`/shop/products/${productId}#reviews`);
  await buyer.reload();
  const list = buyer.getByRole('list', { name: 'Reviews from buyers' });
  await expect(list.getByText('Thank you! The notch was our potter’s idea.')).toBeVisible();
  await expect(list.getByText(/Response from/)).toBeVisible();
  await checkBothWidths(buyer, ['#reviews']);

  // The shop sorted by rating: best rated first, the unrated last.
  await buyer.goto('/shop');
  await buyer.getByLabel('Category').selectOption('Home Goods');
  await expect(buyer).toHaveURL(/category=Home/);
  await buyer.getByLabel('Filter').selectOption('rating_high_to_low');
  await expect(buyer).toHaveURL(/filter=rating_high_to_low/);
  await resultsSettled(buyer);
  await expect
    .poll(async () => {
      const ratings = await cardRatings(buyer);
      return (
        ratings.length > 1 &&
        ratings[0]! > 0 &&
        ratings.every((v, i) => i === 0 || ratings[i - 1]! >= v)
      );
    })
    .toBe(true);

  expect(problems).toEqual([]);
  expect(buyerProblems).toEqual([]);
  await context.close();
});
