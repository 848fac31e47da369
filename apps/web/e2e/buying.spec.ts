import { STATUS_HISTORY_TEXTS } from '@leafline/contract/orders';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { payWithCard, saveAddressViaApi, token } from './support/buying';
import { waitForMailContaining } from './support/mail';
import { loginViaUi, newUser, registerViaApi, type TestUser } from './support/users';

/**
 * Buying (SPEC §2 Cart, Checkout, Order confirmation, Orders; issue "Buying"): a multi-brand
 * cart, the shipping address, the free-shipping bar, one hosted payment on the local payment
 * page, an order per brand, My Orders and the e-mails. Products are found through the public
 * API, never assumed.
 */

interface Variant {
  id: number;
  option1: string;
  option2: string | null;
  price: string;
  deleted: boolean;
}
interface Product {
  id: number;
  name: string;
  price: string;
  business: number;
  business_name: string;
  variants: Variant[];
}
interface Summary {
  id: number;
  price: string;
}
interface CartJson {
  items: Array<{ product_id: number; quantity: number }>;
  subtotal: string;
  total_shipping_fees: string;
  total: string;
  amount_to_free_shipping: string;
  shipping_by_business: Array<{
    business: number;
    business_name: string;
    shipping_fee: string;
    free_shipping_reason: string | null;
  }>;
}

const money = (value: string | number) => `$${Number(value).toFixed(2)}`;
const label = (v: Variant) => (v.option2 ? `${v.option1} / ${v.option2}` : v.option1);
const live = (p: Product) => p.variants.filter((v) => !v.deleted);

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** Every seeded product of every public business (first page of each storefront), in detail. */
async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const businesses = await json<Array<{ id: number }>>(request, '/api/publicbusinesses/');
  const products: Product[] = [];
  for (const business of businesses) {
    const page1 = await json<{ results: Summary[] }>(
      request,
      `/api/products-by-business/${business.id}/`,
    );
    for (const summary of page1.results) {
      if (Number(summary.price) > 40) continue;
      products.push(await json<Product>(request, `/api/products/${summary.id}/`));
    }
  }
  return products;
}

interface Picks {
  /** Brand A: a product with 2–9 options (buttons), bought in its last option. */
  withVariant: Product;
  variant: Variant;
  /** Brand A: a second product, without options. */
  plainA: Product;
  /** Brand B: a product without options. */
  plainB: Product;
}

/** Two products of one brand (one with options) and one of another, under $75 at quantity 2. */
async function pickProducts(request: APIRequestContext): Promise<Picks> {
  const products = await catalogue(request);
  const plain = (p: Product) => live(p).length === 0 && Number(p.price) <= 15;
  for (const withVariant of products) {
    const variants = live(withVariant);
    const variant = variants.at(-1);
    if (variants.length < 2 || variants.length > 9 || !variant || Number(variant.price) > 20) {
      continue;
    }
    const plainA = products.find((p) => p.business === withVariant.business && plain(p));
    const plainB = products.find((p) => p.business !== withVariant.business && plain(p));
    if (plainA && plainB) return { withVariant, variant, plainA, plainB };
  }
  throw new Error('the demo catalogue has no products that fit this journey');
}

async function apiCart(page: Page, request: APIRequestContext): Promise<CartJson> {
  const res = await request.get('/api/cart/', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as CartJson;
}

async function addViaApi(
  page: Page,
  request: APIRequestContext,
  productId: number,
  body: { variant_id?: number; quantity?: number } = {},
) {
  const res = await request.post(`/add-to-cart/${productId}/`, {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens a product page, picks an option when given, and adds it to the cart. */
async function addFromProductPage(page: Page, product: Product, variant?: Variant) {
  await page.goto(`/shop/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  if (variant) {
    // One radio group per option (Size, Color): its values picked one by one.
    for (const value of [variant.option1, variant.option2]) {
      if (!value) continue;
      const option = page.getByRole('radio', { name: value, exact: true });
      await option.click();
      await expect(option).toBeChecked();
    }
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Added to your cart!'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
}

/** The page fits a 360 px phone: nothing scrolls sideways (DESIGN §4). */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The header's cart link says how many items the cart holds ('Cart, 3 items'), or just 'Cart'. */
async function expectCartCount(page: Page, count: number) {
  const link = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  // Chrome puts a space between the link's parts: 'Cart , 3 items'.
  await expect(link).toHaveAccessibleName(
    count === 0 ? 'Cart' : new RegExp(`^Cart ?, ${count} ${count === 1 ? 'item' : 'items'}$`),
  );
  if (count > 0) await expect(link.getByTestId('cart-count')).toHaveText(String(count));
}

async function fillAddress(page: Page, user: TestUser, zip: string) {
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('First name').fill(`  ${user.fname} `);
  await form.getByLabel('Last name').fill(user.lname);
  await form.getByLabel('Address line 1').fill('12 Alder Way');
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State').selectOption('OR');
  await form.getByLabel('ZIP code').fill(zip);
  await form.getByLabel('Phone number').fill('503-555-0100');
}

test('a shopper buys from two brands: cart, address, free-shipping bar, promo code, confirmation, My Orders, e-mails', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const picks = await pickProducts(request);
  const { withVariant, variant, plainA, plainB } = picks;
  const user = newUser('buyer');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);

  // Product pages: the option chosen, then two products without options.
  await addFromProductPage(page, withVariant, variant);
  await expectNoSeriousA11yViolations(page);
  await expectCartCount(page, 1);
  await addFromProductPage(page, plainA);
  await addFromProductPage(page, plainB);
  await expectCartCount(page, 3);

  // The cart: both brands, the option shown, quantity 2 set here.
  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const brands = page.getByTestId('cart-brand');
  await expect(brands).toHaveCount(2);
  const brandA = brands.filter({ hasText: withVariant.business_name });
  await expect(brandA.getByTestId('cart-line')).toHaveCount(2);
  await expect(brands.filter({ hasText: plainB.business_name })).toBeVisible();
  await expect(brandA.getByText(label(variant), { exact: true })).toBeVisible();
  await expect(page.getByText('Calculated at checkout')).toBeVisible();
  await page
    .getByRole('button', { name: `Increase quantity of ${withVariant.name}`, exact: true })
    .click();
  await expect(
    page.getByRole('spinbutton', { name: `Quantity of ${withVariant.name}`, exact: true }),
  ).toHaveValue('2');
  const subtotal = 2 * Number(variant.price) + Number(plainA.price) + Number(plainB.price);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(money(subtotal));
  await expectCartCount(page, 4);
  await expectNoSeriousA11yViolations(page);
  await expectFitsPhone(page);

  // The server agrees on what is in the cart.
  await expect.poll(async () => (await apiCart(page, request)).subtotal).toBe(subtotal.toFixed(2));
  const cart = await apiCart(page, request);

  // Checkout: no address yet, so no payment; the required fields are checked first.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeDisabled();
  await expect(page.getByText('Save your shipping address to continue to payment.')).toBeVisible();
  await expect(page.getByLabel('Country').locator('option')).toHaveText(['United States']);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');
  // The server's own check (a ZIP code) is shown as it says it.
  await fillAddress(page, user, '9720');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Enter a ZIP code of 5 digits, like 97201 or 97201-1234.',
  );
  await fillAddress(page, user, '97201');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Shipping address saved.')).toBeVisible();
  await expect(page.getByTestId('saved-address')).toContainText('Portland, OR 97201');
  await expect(placeOrder).toBeEnabled();

  // The order summary per brand and the bar toward $75.
  const bar = page.getByRole('progressbar', { name: 'Progress toward free shipping' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(subtotal));
  await expect(bar).toHaveAttribute('aria-valuemax', '75');
  await expect(page.getByTestId('free-shipping-text')).toHaveText(
    `${money(75 - subtotal)} away from free shipping`,
  );
  expect(cart.amount_to_free_shipping).toBe((75 - subtotal).toFixed(2));
  const summaryBrands = page.getByTestId('summary-brand');
  await expect(summaryBrands).toHaveCount(2);
  for (const brand of cart.shipping_by_business) {
    const fee = Number(brand.shipping_fee) === 0 ? 'Free' : money(brand.shipping_fee);
    await expect(
      summaryBrands.filter({ hasText: brand.business_name }).getByTestId('brand-shipping'),
    ).toHaveText(fee);
  }
  await expect(page.getByTestId('summary-subtotal')).toHaveText(money(subtotal));
  await expect(page.getByTestId('summary-total')).toHaveText(money(cart.total));
  await expectNoSeriousA11yViolations(page);
  await expectFitsPhone(page);

  // Place order: the overlay, then the local hosted payment page.
  await placeOrder.click();
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your payment');
  await page.getByLabel('Promo code').fill('LEAFLINE10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code applied.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const due = (await page.locator('.due strong').textContent())?.trim() ?? '';
  expect(Number(due.replace('$', ''))).toBeLessThan(Number(cart.total));
  await payWithCard(page, '4242 4242 4242 4242');

  // The confirmation shows both brand orders, paid, with the code's discount.
  await expect(page).toHaveURL(/\/order-confirmation\?order_ids=\d+,\d+$/);
  const orderIds = new URL(page.url()).searchParams.get('order_ids')!.split(',');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(2);
  for (const [i, brand] of cart.shipping_by_business.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading')).toHaveText(
      `Order #${orderIds[i]} · ${brand.business_name}`,
    );
    await expect(card.getByTestId('order-status')).toHaveText('Status: Paid', {
      timeout: 20_000,
    });
    await expect(card.getByText('Discount (LEAFLINE10)')).toBeVisible();
  }
  await expect(page.getByTestId('grand-total')).toHaveText(due);
  await expect(page.getByTestId('confirmation-address')).toContainText('12 Alder Way');
  await expectNoSeriousA11yViolations(page);
  await expectFitsPhone(page);

  // The cart is empty after payment.
  await expectCartCount(page, 0);

  // My Orders: both orders, newest first (the later id first when made together).
  await page.getByRole('link', { name: 'See My Orders' }).click();
  await expect(page).toHaveURL(/\/myorders$/);
  const listed = page.getByTestId('order-card');
  await expect(listed).toHaveCount(2);
  for (const id of orderIds) {
    await expect(
      listed.filter({ hasText: `Order #${id} ·` }).getByTestId('order-status'),
    ).toHaveText('Status: Paid');
  }
  // The order's time, labelled UTC, in its header; its history says when it was paid.
  await expect(listed.first().locator('header').getByText(/ UTC$/)).toBeVisible();
  await expect(
    listed.first().getByRole('list', { name: STATUS_HISTORY_TEXTS.label }).getByRole('listitem'),
  ).toHaveText([/^Paid — .+ UTC$/]);
  await expectNoSeriousA11yViolations(page);
  await expectFitsPhone(page);

  // The e-mails: the buyer's confirmation of every order, and each brand's new order.
  const buyerMail = await waitForMailContaining(
    user.email,
    `orders ${orderIds.map((id) => `#${id}`).join(', ')} are confirmed`,
  );
  for (const brand of cart.shipping_by_business) expect(buyerMail).toContain(brand.business_name);
  expect(buyerMail).toContain('LEAFLINE10');
  // Each brand's new order goes to its owner's account e-mail (or the order address it set),
  // not to its public e-mail (issue 24): whoever that is, the mail is sent.
  for (const id of orderIds) await waitForMailContaining('', `New order #${id} on Leafline`);
});

test('a shopper changes quantities, removes lines and empties the cart', async ({
  page,
  request,
}) => {
  const { withVariant, variant, plainB } = await pickProducts(request);
  const user = newUser('cartuser');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  await addFromProductPage(page, withVariant, variant);
  await addFromProductPage(page, plainB);

  await page.goto('/cart');
  await expect(page.getByTestId('cart-brand')).toHaveCount(2);
  // Typed quantity, sent on Enter.
  const quantity = page.getByRole('spinbutton', {
    name: `Quantity of ${plainB.name}`,
    exact: true,
  });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(
    money(Number(variant.price) + 3 * Number(plainB.price)),
  );
  await expectCartCount(page, 4);
  await page.reload();
  await expect(quantity).toHaveValue('3');

  // − at 1 takes the line away; Remove takes the other.
  await page
    .getByRole('button', { name: `Decrease quantity of ${withVariant.name}`, exact: true })
    .click();
  await expect(page.getByTestId('cart-brand')).toHaveCount(1);
  await page.getByRole('button', { name: `Remove ${plainB.name} from cart`, exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Removed from cart'),
  ).toBeVisible();

  // The empty cart offers Shop Now.
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expectCartCount(page, 0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Shop Now' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('a cart of $75 or more ships free', async ({ page, request }) => {
  const { plainA, plainB } = await pickProducts(request);
  const user = newUser('bigcart');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  await addFromProductPage(page, plainA);
  await addViaApi(page, request, plainB.id);

  await page.goto('/cart');
  const needed = Math.ceil((75 - Number(plainB.price)) / Number(plainA.price));
  const quantity = page.getByRole('spinbutton', {
    name: `Quantity of ${plainA.name}`,
    exact: true,
  });
  await quantity.fill(String(needed));
  await quantity.press('Enter');
  const subtotal = needed * Number(plainA.price) + Number(plainB.price);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(money(subtotal));
  expect(subtotal).toBeGreaterThanOrEqual(75);

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByTestId('free-shipping-text')).toHaveText('You unlocked free shipping!');
  const bar = page.getByRole('progressbar', { name: 'Progress toward free shipping' });
  await expect(bar).toHaveAttribute('aria-valuenow', '75');
  await expect(page.getByTestId('brand-shipping')).toHaveText(['Free', 'Free']);
  await expect(page.getByTestId('summary-shipping')).toHaveText('Free');
  await expect(page.getByTestId('summary-total')).toHaveText(money(subtotal));
  const cart = await apiCart(page, request);
  expect(cart.total_shipping_fees).toBe('0.00');
  await expectNoSeriousA11yViolations(page);
});

test('a declined card leaves the cart as it was', async ({ page, request }) => {
  const { plainA, plainB } = await pickProducts(request);
  const user = newUser('declined');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  await addViaApi(page, request, plainA.id);
  await addViaApi(page, request, plainB.id);
  await saveAddressViaApi(page, request, user);

  await page.goto('/checkout');
  await expect(page.getByTestId('saved-address')).toContainText('12 Alder Way');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await page.getByRole('link', { name: 'Cancel and return to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('summary-brand')).toHaveCount(2);
  const cart = await apiCart(page, request);
  expect(cart.items.map((i) => i.product_id).sort()).toEqual([plainA.id, plainB.id].sort());
  await page.goto('/myorders');
  await expect(page.getByTestId('order-status').filter({ hasText: 'Paid' })).toHaveCount(0);
});

test('without a session the buying pages ask to log in', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('You must be logged in to view the cart')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await page.goto('/myorders');
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to view your orders.');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/order-confirmation?order_ids=1,2');
  await expect(page.getByRole('alert')).toHaveText(
    'You must be logged in to view your order details.',
  );
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});
