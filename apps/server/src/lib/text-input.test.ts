import { INPUT_MESSAGES, NEWSLETTER_MESSAGES } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { signedInShopper } from '../../test/helpers/auth';

/** A NUL character (which PostgreSQL refuses in text) in any input is a readable 400, not a 500. */

const NUL = '\u0000';
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await signedInShopper(t.app));
});
afterAll(async () => {
  await t?.close();
});

function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    error: INPUT_MESSAGES.nulCharacter,
    fields: { [field]: INPUT_MESSAGES.nulCharacter },
  });
}

describe('a NUL character in a text input', () => {
  it('in register/ fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/register/',
      payload: {
        fname: `Fern${NUL}`,
        lname: 'Moss',
        username: 'nul_fern',
        email: 'nul.fern@example.com',
        password1: `pw${NUL}x`,
        password2: `pw${NUL}x`,
      },
    });
    expectRefused(res, 'fname');
  });

  it('in token/ credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: `fern${NUL}`, password: 'whatever' },
    });
    expectRefused(res, 'username');
  });

  it('in update-name/', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      headers,
      payload: { first_name: 'Fern', last_name: `Mo${NUL}ss` },
    });
    expectRefused(res, 'last_name');
  });

  it('in api/set-shipping-address/', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/set-shipping-address/',
      headers,
      payload: {
        first_name: 'Fern',
        last_name: 'Moss',
        address_line1: `12 Alder${NUL} Street`,
        city: 'Portland',
        state: 'OR',
        postal_code: '97201',
        country: 'US',
        phone_number: '503-555-0100',
      },
    });
    expectRefused(res, 'address_line1');
  });

  it('in api/send-results-email/, nested', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/send-results-email/',
      headers,
      payload: {
        email: 'someone@example.com',
        result: { title: `Hempalicious${NUL}`, description: 'x', products: [] },
        productDetails: [],
      },
    });
    expectRefused(res, 'result.title');
  });

  it('in a path parameter (/pay/%00) and in a query', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/pay/%00' }), 'sessionId');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/faq/?q=a%00b' }), 'q');
  });

  it('leaves addresses no route serves to the web app, as without the NUL', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/no-such-page?q=ab' });
    const withNul = await t.app.inject({ method: 'GET', url: '/no-such-page?q=a%00b' });
    expect(withNul.statusCode).toBe(plain.statusCode);
    expect(withNul.body).toBe(plain.body);
  });

  it('keeps the newsletter signup in its own { success, message } shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/',
      payload: { email: `fern${NUL}@example.com` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: INPUT_MESSAGES.nulCharacter,
      error: INPUT_MESSAGES.nulCharacter,
    });
    expect(res.json().message).not.toBe(NEWSLETTER_MESSAGES.subscribed);
  });
});
