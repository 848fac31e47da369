import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface TestUser {
  fname: string;
  lname: string;
  username: string;
  email: string;
  password: string;
}

/** A new, unique shopper for one test. */
export function newUser(prefix = 'shopper'): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    fname: 'Robin',
    lname: 'Fern',
    username: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.com`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
}

/** Registers through the API, for journeys that are not about registering. */
export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post('/register/', {
    data: {
      fname: user.fname,
      lname: user.lname,
      username: user.username,
      email: user.email,
      password1: user.password,
      password2: user.password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Logs in through the login page and waits for the header to show Account. */
export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }),
  ).toBeVisible();
}
