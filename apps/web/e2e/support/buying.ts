import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { TestUser } from './users';

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
