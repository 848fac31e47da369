import { ACCOUNT_MESSAGES, MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import {
  bearer,
  loginShopper,
  registerShopper,
  type TestShopper,
} from '../../../test/helpers/auth';
import { refreshTokens, users } from '../../db/schema/index';
import { hashToken, signToken } from './tokens';

let t: TestApp;
let ada: TestShopper;
beforeAll(async () => {
  t = await buildTestApp();
  ada = await registerShopper(t.app, {
    username: 'AdaGreen',
    email: 'Ada.Green@Example.com',
    password: 'correct horse',
  });
});
afterAll(async () => {
  await t.close();
});

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/token/', payload });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh: token } });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/logout/', payload: { refresh_token: token } });
/** Any authenticated call will do to probe an access token. */
const whoami = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/update-name/', headers });

const tokenRows = (userId: number) =>
  t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

describe('POST /token/', () => {
  it('gives an access and a refresh token for the right password', async () => {
    const res = await login({ username: 'AdaGreen', password: 'correct horse' });
    expect(res.statusCode).toBe(200);
    const { access, refresh: refreshToken } = res.json();
    const a = decodeJwt(access);
    const r = decodeJwt(refreshToken);
    expect(a).toMatchObject({ sub: String(ada.id), type: 'access' });
    expect(r).toMatchObject({ sub: String(ada.id), type: 'refresh' });
    expect(a.exp! - a.iat!).toBe(15 * 60);
    expect(r.exp! - r.iat!).toBe(7 * 24 * 60 * 60);
    expect(a.jti).toBeTruthy();
    // Only the digest of the refresh token is stored.
    const rows = await tokenRows(ada.id);
    expect(rows.some((row) => row.tokenHash === hashToken(refreshToken))).toBe(true);
    expect(rows.some((row) => row.tokenHash === refreshToken)).toBe(false);
  });

  it('accepts the username or the e-mail in any case', async () => {
    for (const username of [
      'adagreen',
      'ADAGREEN',
      'ada.green@example.com',
      'ADA.GREEN@EXAMPLE.COM',
    ]) {
      const res = await login({ username, password: 'correct horse' });
      expect(res.statusCode, username).toBe(200);
    }
  });

  it('answers 401 with the §8 text for a wrong password or an unknown user', async () => {
    for (const body of [
      { username: 'AdaGreen', password: 'wrong' },
      { username: 'AdaGreen', password: 'Correct horse' },
      { username: 'nobody-here', password: 'correct horse' },
      { username: 'nobody@example.com', password: 'x' },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.loginIncorrect });
      expect(res.json().error).toBe('Either Password or Username is Incorrect, please try again');
    }
  });

  it('logs in the owner of an e-mail even when someone chose it as a username', async () => {
    const owner = await registerShopper(t.app, { email: 'fern@example.com', password: 'owner-pw' });
    const squatter = await registerShopper(t.app, {
      username: 'fern@example.com',
      password: 'squatter-pw',
    });
    const asOwner = await login({ username: 'fern@example.com', password: 'owner-pw' });
    expect(decodeJwt(asOwner.json().access).sub).toBe(String(owner.id));
    const asSquatter = await login({ username: 'FERN@example.com', password: 'squatter-pw' });
    expect(decodeJwt(asSquatter.json().access).sub).toBe(String(squatter.id));
  });

  it('refuses a deactivated account with the same text', async () => {
    const off = await registerShopper(t.app);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, off.id));
    const res = await login({ username: off.username, password: off.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.loginIncorrect });
  });

  it('requires both fields (SPEC §5)', async () => {
    const noUser = await login({ password: 'x' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error).toBe('Username is required.');
    const noPassword = await login({ username: 'AdaGreen', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toBe('Password is required.');
    const wrongType = await login({ username: 'AdaGreen', password: 12345 });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('POST /token/refresh/', () => {
  it('rotates: a new pair, the old refresh token revoked and linked to its successor', async () => {
    const first = await loginShopper(t.app, ada);
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.access).toEqual(expect.any(String));
    expect(second.refresh).not.toBe(first.refresh);
    expect((await whoami(bearer(second.access))).statusCode).toBe(200);

    const [oldRow] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh)));
    const [newRow] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(second.refresh)));
    expect(oldRow!.revokedAt).toBeInstanceOf(Date);
    expect(oldRow!.replacedById).toBe(newRow!.id);
    expect(newRow!.revokedAt).toBeNull();

    // The successor rotates as well.
    const third = await refresh(second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it('treats reuse of a rotated token as theft: 401 and every session of the user revoked', async () => {
    const bob = await registerShopper(t.app);
    const otherDevice = await loginShopper(t.app, bob);
    const stolen = await loginShopper(t.app, bob);
    const rotated = (await refresh(stolen.refresh)).json();

    const reuse = await refresh(stolen.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: 'Invalid or expired refresh token.' });

    const live = (await tokenRows(bob.id)).filter((row) => row.revokedAt === null);
    expect(live).toHaveLength(0);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(401);
    // Another user's sessions are untouched.
    const mine = await loginShopper(t.app, ada);
    expect((await refresh(mine.refresh)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous rotations of one token win', async () => {
    const cy = await registerShopper(t.app);
    const pair = await loginShopper(t.app, cy);
    const [a, b] = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
  });

  it('refuses expired, forged, access and garbage tokens with one text', async () => {
    const secret = t.config.tokenSecret;
    const expired = await signToken(
      ada.id,
      'refresh',
      secret,
      new Date(Date.now() - 8 * 86_400_000),
    );
    const wrongSecret = await signToken(ada.id, 'refresh', 'x'.repeat(48));
    // Correctly signed but never issued (not in the table).
    const neverIssued = await signToken(ada.id, 'refresh', secret);
    const access = (await loginShopper(t.app, ada)).access;
    for (const token of [
      expired.token,
      wrongSecret.token,
      neverIssued.token,
      access,
      'garbage',
      'a.b.c',
    ]) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.invalidRefreshToken });
    }
    const huge = await refresh('x'.repeat(5000));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const missing = await t.app.inject({ method: 'POST', url: '/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Refresh token is required.');
  });

  it('refuses a stored token whose row has expired', async () => {
    const dee = await registerShopper(t.app);
    const pair = await loginShopper(t.app, dee);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refresh)));
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
  });
});

describe('POST /logout/', () => {
  it('revokes the refresh token without needing an access token', async () => {
    const pair = await loginShopper(t.app, ada);
    const res = await logout(pair.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
    const [row] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(pair.refresh)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    const after = await refresh(pair.refresh);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: ACCOUNT_MESSAGES.invalidRefreshToken });
  });

  it('is idempotent and answers 200 for an unknown token too', async () => {
    const pair = await loginShopper(t.app, ada);
    expect((await logout(pair.refresh)).statusCode).toBe(200);
    expect((await logout(pair.refresh)).statusCode).toBe(200);
    const unknown = await logout('not-a-token-we-issued');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.loggedOut });
  });

  it('does not count a logged-out token as theft (other sessions survive)', async () => {
    const eve = await registerShopper(t.app);
    const phone = await loginShopper(t.app, eve);
    const laptop = await loginShopper(t.app, eve);
    await logout(laptop.refresh);
    await refresh(laptop.refresh);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
  });

  it('needs the refresh_token field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/logout/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Refresh token is required.');
  });
});

describe('the authenticate guard', () => {
  it('lets a fresh access token through', async () => {
    const { access } = await loginShopper(t.app, ada);
    const res = await whoami(bearer(access));
    expect(res.statusCode).toBe(200);
    // The scheme is case-insensitive.
    expect((await whoami({ authorization: `bearer ${access}` })).statusCode).toBe(200);
  });

  it('says credentials were not provided when there is no bearer token', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Basic YTpi' },
    ];
    for (const headers of cases) {
      const res = await whoami(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication credentials were not provided.' });
    }
  });

  it('refuses forged, expired, refresh and garbage tokens', async () => {
    const secret = t.config.tokenSecret;
    const now = Math.floor(Date.now() / 1000);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = {
      sub: String(ada.id),
      type: 'access',
      jti: 'j',
      iss: 'leafline',
      iat: now,
      exp: now + 600,
    };
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const wrongSecret = await signToken(ada.id, 'access', 'z'.repeat(48));
    const expired = await signToken(
      ada.id,
      'access',
      secret,
      new Date(Date.now() - 16 * 60 * 1000),
    );
    const hs512 = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(ada.id))
      .setIssuer('leafline')
      .setJti('j')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(secret));
    const { refresh: refreshToken } = await loginShopper(t.app, ada);
    for (const token of [
      algNone,
      wrongSecret.token,
      expired.token,
      hs512,
      refreshToken,
      'garbage',
      'a.b.c',
      'x'.repeat(6000),
    ]) {
      const res = await whoami(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Given token not valid for any token type' });
    }
    const twoParts = await whoami({ authorization: 'Bearer a b' });
    expect(twoParts.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
    const bare = await whoami({ authorization: 'Bearer' });
    expect(bare.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
  });

  it('refuses the token of a user who no longer exists or was deactivated', async () => {
    const gone = await registerShopper(t.app);
    const off = await registerShopper(t.app);
    const goneTokens = await loginShopper(t.app, gone);
    const offTokens = await loginShopper(t.app, off);
    await t.db.delete(users).where(eq(users.id, gone.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, off.id));
    for (const access of [goneTokens.access, offTokens.access]) {
      const res = await whoami(bearer(access));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
    }
    expect((await refresh(offTokens.refresh)).statusCode).toBe(401);
    expect((await refresh(goneTokens.refresh)).statusCode).toBe(401);
  });

  it('answers 401 before looking at the body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-name/',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the account calls with their bearer security', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    for (const path of [
      '/register/',
      '/token/',
      '/token/refresh/',
      '/logout/',
      '/auth/password-reset/',
      '/auth/password-reset-confirm/{uid}/{token}/',
      '/api/user-has-business/',
      '/update-name/',
      '/update-email/',
      '/delete-account/',
      '/api/account/password/',
      '/api/addresses/',
      '/api/addresses/{addressId}/',
      '/api/addresses/{addressId}/default/',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/update-name/'].put.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/account/password/'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/token/'].post.security).toBeUndefined();
  });
});
