import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { WIDE } from './layout';
import { loginViaUi, newUser, registerViaApi, type TestUser } from './users';

/** The signed-in page's access token (for API calls made beside the page). */
export async function token(page: Page): Promise<string> {
  const access = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(access).toBeTruthy();
  return access as string;
}

/** Saves the user's US shipping address through the API (journeys not about the address form). */
export async function saveAddressViaApi(page: Page, request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/set-shipping-address/', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: {
      first_name: user.fname,
      last_name: user.lname,
      address_line1: '12 Alder Way',
      city: 'Portland',
      state: 'OR',
      postal_code: '97201',
      country: 'US',
      phone_number: '503-555-0100',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Pays on the local provider's page with a test card (the one that pays, by default). */
export async function payWithCard(page: Page, card = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Robin Fern');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

interface ProductSummary {
  id: number;
  name: string;
  price: string;
}
interface ProductDetail extends ProductSummary {
  variants: Array<{ id: number; deleted: boolean; price: string }>;
}

/** A cheap product of the business, with its first variant when it has options. */
export async function pickProduct(request: APIRequestContext, businessId: number) {
  const res = await request.get(`/api/products-by-business/${businessId}/`);
  expect(res.status()).toBe(200);
  const { results } = (await res.json()) as { results: ProductSummary[] };
  const cheapest = [...results].sort((a, b) => Number(a.price) - Number(b.price))[0];
  expect(cheapest, 'a product of the business').toBeTruthy();
  const detail = (await (
    await request.get(`/api/products/${cheapest!.id}/`)
  ).json()) as ProductDetail;
  const variant = detail.variants.find((v) => !v.deleted);
  return { product: detail, variantId: variant?.id };
}

/** A new shopper signed in in a context of its own, with a shipping address. */
export async function newBuyer(browser: Browser, request: APIRequestContext, prefix = 'buyer') {
  const user = newUser(prefix);
  await registerViaApi(request, user);
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  await loginViaUi(page, user.username, user.password);
  await saveAddressViaApi(page, request, user);
  return { user, context, page };
}

/**
 * The buyer puts `quantity` of the product (one by default) in the cart (API), checks out
 * through the pages and pays on the local payment page; returns the order id and when the
 * confirmation was reached.
 */
export async function buyOne(
  buyer: Page,
  request: APIRequestContext,
  pick: Awaited<ReturnType<typeof pickProduct>>,
  quantity = 1,
): Promise<{ orderId: number; confirmedAt: number }> {
  const res = await request.post(`/add-to-cart/${pick.product.id}/`, {
    headers: { authorization: `Bearer ${await token(buyer)}` },
    data: { ...(pick.variantId ? { variant_id: pick.variantId } : {}), quantity },
  });
  expect(res.status(), await res.text()).toBe(200);
  await buyer.goto('/cart');
  await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/pay\//);
  await payWithCard(buyer);
  await buyer.waitForURL(/\/order-confirmation\?order_ids?=\d+$/);
  const confirmedAt = Date.now();
  const orderId = Number(new URL(buyer.url()).search.match(/\d+$/)?.[0]);
  return { orderId, confirmedAt };
}
