import type { DeliveryResponse } from '@leafline/contract/delivery';
import { DELIVERY_TEXTS } from '@leafline/contract/delivery-texts';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { newBuyer, pickProduct, token } from './support/buying';
import { checkBothWidths } from './support/layout';

/**
 * Cost and policy before the cart (decision 0052), on the seeded demo catalogue: the product
 * page's "Shipping & returns" block says the brand's fee for the US, its own free-shipping
 * threshold and the marketplace's $75 rule, the delivery estimate and the returns policy — for a
 * shopper signed out (US by default) and one signed in with a US address; the cart says the same
 * per brand.
 */

const dollars = (price: string) => `$${Number(price).toFixed(2)}`;
const short = (price: string) => dollars(price).replace(/\.00$/, '');

/** A demo brand that charges for the US and ships free from its own threshold under $75. */
async function chargingBrand(request: APIRequestContext): Promise<DeliveryResponse> {
  const brands = (await (await request.get('/api/publicbusinesses/')).json()) as { id: number }[];
  for (const { id } of brands) {
    const res = await request.get(`/api/businesses/${id}/delivery/`);
    expect(res.status()).toBe(200);
    const d = (await res.json()) as DeliveryResponse;
    if (
      Number(d.shipping_fee) > 0 &&
      d.threshold_free !== null &&
      Number(d.threshold_free) < Number(d.free_shipping_threshold)
    ) {
      return d;
    }
  }
  throw new Error('no demo brand charges for the US under its own threshold');
}

async function expectBlock(block: Locator, d: DeliveryResponse) {
  await expect(block.getByRole('heading', { name: DELIVERY_TEXTS.heading })).toBeVisible();
  await expect(block.getByRole('listitem')).toHaveText([
    `Shipping ${dollars(d.shipping_fee)} to US · Free over ${short(d.threshold_free!)} (this brand) · Free on orders over $75`,
    `Usually ships in ${d.processing_days} ${d.processing_days === 1 ? 'day' : 'days'} · Arrives in about ${d.processing_days + 3}–${d.processing_days + 5} days`,
    d.returns_accepted ? `Returns accepted within ${d.returns_days} days` : 'No returns',
  ]);
}

test('the product page shows shipping, delivery and returns for a US shopper', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const brand = await chargingBrand(request);
  expect(brand).toMatchObject({ country: 'US', free_shipping_threshold: '75.00' });
  const { product } = await pickProduct(request, brand.business);

  // Signed out: the US.
  await page.goto(`/shop/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  const block = page.getByTestId('shipping-returns');
  await expectBlock(block, brand);
  await checkBothWidths(page);

  // The storefront shows the same block.
  await page.goto(`/businessproducts/${brand.business}`);
  await expectBlock(page.getByTestId('shipping-returns'), brand);

  // Signed in with a saved US address: the same terms, asked with the shopper's token.
  const { context, page: buyer } = await newBuyer(browser, request, 'delivery');
  try {
    const asked = buyer.waitForRequest(
      (r) =>
        r.url().includes(`/api/businesses/${brand.business}/delivery/`) &&
        Boolean(r.headers().authorization),
    );
    await buyer.goto(`/shop/products/${product.id}`);
    await asked;
    await expectBlock(buyer.getByTestId('shipping-returns'), brand);

    // The cart says it per brand: the fee, how far its free shipping is, estimate, returns.
    const res = await request.post(`/add-to-cart/${product.id}/`, {
      headers: { authorization: `Bearer ${await token(buyer)}` },
      data: { variant_id: product.variants.find((v) => !v.deleted)?.id ?? null, quantity: 1 },
    });
    expect(res.status(), await res.text()).toBe(200);
    await buyer.goto('/cart');
    const lines = buyer.getByTestId('cart-brand-delivery').getByRole('listitem');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText(
      /^(Shipping \$[\d.]+ · Add \$[\d.]+ more|Free shipping)/,
    );
    await expect(lines.nth(1)).toHaveText(
      new RegExp(`^Usually ships in ${brand.processing_days} days? · Arrives in about`),
    );
    await expect(lines.nth(2)).toHaveText(
      brand.returns_accepted ? `Returns accepted within ${brand.returns_days} days` : 'No returns',
    );
    await checkBothWidths(buyer, ['[data-testid="cart-brand-delivery"]']);
  } finally {
    await context.close();
  }
});
