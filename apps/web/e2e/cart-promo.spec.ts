import type { CartPromoResponse } from '@leafline/contract/promo-codes';
import { PROMO_CODE_MESSAGES as T } from '@leafline/contract/promo-codes';
import { expect, test } from '@playwright/test';
import { newBuyer, payWithCard, pickProduct, token } from './support/buying';
import { checkBothWidths } from './support/layout';

/**
 * A promo code chosen in the cart (issue 30 point 3, decision 0056), on the seeded demo
 * catalogue and its LEAFLINE10 (10 % off the items): refused codes told beside the field, the
 * code applied with each brand's share and the total after it, the checkout summary showing it,
 * the local payment page opening with it applied, and the paid orders carrying each share.
 */

const dollars = (price: string) => `$${Number(price).toFixed(2)}`;

test('a shopper applies a promo code in the cart, sees each brand’s share, and pays with it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const brands = (await (await request.get('/api/publicbusinesses/')).json()) as { id: number }[];
  expect(brands.length).toBeGreaterThanOrEqual(2);
  const picks = [
    await pickProduct(request, brands[0]!.id),
    await pickProduct(request, brands[1]!.id),
  ];

  const { context, page } = await newBuyer(browser, request, 'promo');
  try {
    const auth = { authorization: `Bearer ${await token(page)}` };
    for (const pick of picks) {
      const res = await request.post(`/add-to-cart/${pick.product.id}/`, {
        headers: auth,
        data: pick.variantId ? { variant_id: pick.variantId } : {},
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await page.goto('/cart');
    await expect(page.getByTestId('cart-brand')).toHaveCount(2);
    const field = page.getByRole('textbox', { name: T.label });

    // An unknown code: told beside the field, which names it; nothing applied.
    await field.fill('NOT-A-CODE');
    await page.getByRole('button', { name: T.apply }).click();
    const error = page.locator('#cart-promo-code-error');
    await expect(error).toHaveText(T.invalid);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', 'cart-promo-code-error');
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    await checkBothWidths(page);

    // The demo code, typed in lower case: each brand's share, as the server splits it.
    await field.fill('leafline10');
    await page.getByRole('button', { name: T.apply }).click();
    await expect(page.getByTestId('cart-promo-code')).toHaveText('LEAFLINE10');
    const check = await request.post('/api/cart/promo/', {
      headers: auth,
      data: { code: 'LEAFLINE10' },
    });
    expect(check.status()).toBe(200);
    const promo = (await check.json()) as CartPromoResponse;
    expect(Number(promo.discount)).toBeGreaterThan(0);
    for (const share of promo.discount_by_business) {
      await expect(
        page
          .getByTestId('cart-brand')
          .filter({ hasText: share.business_name })
          .getByTestId('cart-brand-discount'),
      ).toHaveText(`−${dollars(share.discount)}`);
    }
    await expect(page.getByTestId('cart-discount')).toHaveText(`−${dollars(promo.discount)}`);
    await expect(page.getByTestId('cart-total')).toHaveText(dollars(promo.total));
    await checkBothWidths(page);

    // Kept while the shopper stays: a reload still shows it.
    await page.reload();
    await expect(page.getByTestId('cart-total')).toHaveText(dollars(promo.total));

    // Checkout shows the same, and the payment page opens with the code applied.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('summary-discount')).toHaveText(`−${dollars(promo.discount)}`);
    await expect(page.getByTestId('summary-total')).toHaveText(dollars(promo.total));
    await checkBothWidths(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await expect(page.getByRole('button', { name: 'Remove code' })).toBeVisible();
    await expect(page.locator('.due strong')).toHaveText(dollars(promo.total));
    await payWithCard(page);

    // The orders: each carries its share of the code.
    await expect(page).toHaveURL(/\/order-confirmation\?order_ids=\d+,\d+$/);
    const cards = page.getByTestId('order-card');
    await expect(cards).toHaveCount(2);
    for (const share of promo.discount_by_business) {
      const card = cards.filter({ hasText: share.business_name });
      await expect(card.getByTestId('order-status')).toHaveText('Status: Paid', {
        timeout: 20_000,
      });
      await expect(card.getByText('Discount (LEAFLINE10)')).toBeVisible();
      await expect(card.getByTestId('order-discount')).toHaveText(`−${dollars(share.discount)}`);
    }
    await checkBothWidths(page);
  } finally {
    await context.close();
  }
});
