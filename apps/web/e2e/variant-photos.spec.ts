import { randomBytes } from 'node:crypto';
import type { ProductDetail } from '@leafline/contract/catalog';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { payWithCard, saveAddressViaApi, token } from './support/buying';
import { expectImageLoaded } from './support/images';
import { checkBothWidths } from './support/layout';
import { loginViaUi, newUser, registerViaApi } from './support/users';

/**
 * Issue 24 point 14 (docs/decisions/0024): a seller ties a photo to Navy in the product form;
 * on the product page picking Navy switches the gallery to it, and the cart line and the order
 * confirmation show the Navy photo.
 */

async function png(name: string, rgb: [number, number, number]) {
  const buffer = await sharp({
    create: {
      width: 120,
      height: 120,
      channels: 3,
      background: { r: rgb[0], g: rgb[1], b: rgb[2] },
    },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const mainImage = (page: Page) => page.locator('img[fetchpriority="high"]');

test('a photo tied to Navy shows on the product page, in the cart and on the order', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = newUser('navy');
  await registerViaApi(request, user);
  await loginViaUi(page, user.username, user.password);
  const auth = { authorization: `Bearer ${await token(page)}` };
  const suffix = randomBytes(3).toString('hex');
  const registered = await request.post('/api/registerbiz/', {
    headers: auth,
    multipart: {
      name: `Tidewater Knits ${suffix}`,
      description: 'Organic cotton knitwear.',
      email: `knits.${suffix}@example.com`,
      website: 'https://knits.example.com',
      shipping_strategy: 'Recycled paper mailers.',
      price_range: '$40 – $80',
      production: 'Knitted in small batches.',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const dashboard = await request.get('/api/business/dashboard/', { headers: auth });
  const businessId: number = (await dashboard.json()).businesses[0].id;

  // The seller adds a hoodie in Sage and Navy with a photo of every variant and one per colour.
  const productName = `Cotton Hoodie ${suffix}`;
  await page.goto(`/dashboard/add?business=${businessId}`);
  const add = page.getByRole('form', { name: 'Add a product' });
  await add.getByLabel('Name', { exact: true }).fill(productName);
  await add.getByLabel('Description', { exact: true }).fill('Brushed organic cotton.');
  await add.getByLabel('Price', { exact: true }).fill('58.00');
  await add.getByLabel('Product category').selectOption('Apparel');
  await add
    .getByLabel('Add product images')
    .setInputFiles([
      await png('front.png', [200, 200, 200]),
      await png('navy.png', [20, 40, 90]),
      await png('sage.png', [140, 170, 130]),
    ]);
  await add.getByLabel('Option 1 name').fill('Colour');
  await add.getByRole('button', { name: 'Add variant' }).click();
  await add.getByRole('button', { name: 'Add variant' }).click();
  await add.getByLabel('Colour (variant 1)').fill('Sage');
  await add.getByLabel('Colour (variant 2)').fill('Navy');
  const photos = add.getByRole('group', { name: 'Photos of an option value' });
  await expect(photos.getByLabel('Picture 1 shows')).toHaveValue('');
  await photos.getByLabel('Picture 2 shows').selectOption({ label: 'Colour: Navy' });
  await photos.getByLabel('Picture 3 shows').selectOption({ label: 'Colour: Sage' });
  // The form is what changed on the dashboard (its sections have their own axe runs).
  await checkBothWidths(page, ['form[aria-label="Add a product"]']);
  await add.getByRole('button', { name: 'Add product', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Product added.'),
  ).toBeVisible();

  const products = await request.get(`/api/business/products/${businessId}/`, { headers: auth });
  const product: ProductDetail = (await products.json()).find(
    (p: ProductDetail) => p.name === productName,
  );
  const [front, navy, sage] = product.images.map((i) => i.image);

  // The product page: Sage first (its photo, then the one of every variant); Navy switches.
  await page.goto(`/shop/products/${product.id}`);
  await expect(mainImage(page)).toHaveAttribute('src', sage!);
  const thumbnails = page.getByRole('list', { name: 'Product images' }).locator('img');
  await expect(thumbnails).toHaveCount(2);
  await page.getByRole('radio', { name: 'Navy', exact: true }).check();
  await expect(mainImage(page)).toHaveAttribute('src', navy!);
  await expectImageLoaded(mainImage(page));
  await expect(thumbnails.nth(1)).toHaveAttribute('src', front!);
  await checkBothWidths(page);

  // The cart line shows the Navy photo.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.locator('img')).toHaveAttribute('src', navy!);
  await expectImageLoaded(line.locator('img'));

  // The checkout summary and, once paid, the order confirmation show it too.
  await saveAddressViaApi(page, request, user);
  await page.goto('/checkout');
  const summary = page.getByTestId('summary-brand');
  await expect(summary.locator('img')).toHaveAttribute('src', navy!);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await payWithCard(page);
  await expect(page).toHaveURL(/\/order-confirmation\?order_ids=\d+$/);
  const card = page.getByTestId('order-card');
  await expect(card.locator('img')).toHaveAttribute('src', navy!);
  await expectImageLoaded(card.locator('img'));
});
