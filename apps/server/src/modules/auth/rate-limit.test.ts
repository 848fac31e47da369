import { ACCOUNT_MESSAGES, MESSAGES } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { bearer, loginShopper, registerShopper } from '../../../test/helpers/auth';

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

  it('limits probing register/ for taken usernames (its answer names them)', async () => {
    const taken = await registerShopper(t.app);
    const probe = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/register/',
        payload: {
          fname: 'Probe',
          lname: 'Bot',
          username: taken.username,
          email: 'probe@example.com',
          password1: 'x',
          password2: 'x',
        },
        ...from(address),
      });
    for (let i = 0; i < 3; i++) {
      const res = await probe('10.0.0.6');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(ACCOUNT_MESSAGES.usernameTaken);
    }
    const blocked = await probe('10.0.0.6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await probe('10.0.0.7')).json().error).toBe(ACCOUNT_MESSAGES.usernameTaken);
  });

  it('limits probing update-email/ for taken e-mails', async () => {
    const taken = await registerShopper(t.app, { remoteAddress: '10.0.0.9' });
    const prober = await registerShopper(t.app, { remoteAddress: '10.0.0.9' });
    const headers = bearer((await loginShopper(t.app, prober)).access);
    const probe = () =>
      t.app.inject({
        method: 'PATCH',
        url: '/update-email/',
        headers,
        payload: { email: taken.email },
        ...from('10.0.0.8'),
      });
    for (let i = 0; i < 3; i++) {
      const res = await probe();
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(429);
      expect(res.json().error).toBe(ACCOUNT_MESSAGES.emailTaken);
    }
    const blocked = await probe();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyRequests });
  });

  it('counts update-email/ probes and logins from one address in one budget (issue 24, point 25)', async () => {
    const taken = await registerShopper(t.app, { remoteAddress: '10.0.1.9' });
    const prober = await registerShopper(t.app, { remoteAddress: '10.0.1.9' });
    const headers = bearer((await loginShopper(t.app, prober)).access);
    const address = from('10.0.1.8');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/token/',
        payload: { username: taken.username, password: 'guess' },
        ...address,
      });
      expect(res.statusCode).toBe(401);
    }
    const first = await t.app.inject({
      method: 'PATCH',
      url: '/update-email/',
      headers,
      payload: { email: taken.email },
      ...address,
    });
    expect(first.json().error).toBe(ACCOUNT_MESSAGES.emailTaken);
    // The route's own count is 1 of 3, but the login's budget is spent.
    const blocked = await t.app.inject({
      method: 'PATCH',
      url: '/update-email/',
      headers,
      payload: { email: taken.email },
      ...address,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MESSAGES.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
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
