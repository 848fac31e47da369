import { MESSAGES } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { registerShopper } from '../../../test/helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(async () => {
  await t.close();
});

const from = (remoteAddress: string) => ({ remoteAddress });

describe('rate limits on the password-guessing and mail-sending calls', () => {
  it('answers 429 with a readable text after RATE_LIMIT_MAX login attempts a minute', async () => {
    const ada = await registerShopper(t.app);
    const attempt = (password: string, address = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/token/',
        payload: { username: ada.username, password },
        ...from(address),
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt(ada.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyRequests });
    expect(blocked.json().error).toBe('Too many attempts. Please wait a minute and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted on its own.
    expect((await attempt(ada.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits password-reset requests the same way', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/password-reset/',
        payload: { email: 'someone@example.com' },
        ...from('10.0.0.3'),
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const blocked = await ask();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyRequests });
  });

  it('limits guessing reset tokens', async () => {
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/password-reset-confirm/MQ/abc-def/',
        payload: { password: 'a', password2: 'a' },
        ...from('10.0.0.4'),
      });
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(400);
    const blocked = await guess();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyRequests });
  });

  it('does not limit registration or refresh by the login budget', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/token/refresh/',
        payload: { refresh: 'garbage' },
        ...from('10.0.0.5'),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
