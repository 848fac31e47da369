import { ACCOUNT_MESSAGES, MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { bearer, loginShopper, signedInShopper } from '../../../test/helpers/auth';
import { users } from '../../db/schema/index';

/**
 * The password change of the account settings (issue "Account basics", point 1; decision
 * 0048): the current password checked, registration's rules for the new one, every other
 * session ended at once (refresh and access tokens), the session that changed it kept.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/account/password/';
const change = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/token/', payload: { username, password } });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh: token } });
/** An authenticated read: what "this session still works" means to the web app. */
const readName = (access: string) =>
  t.app.inject({ url: '/update-name/', headers: bearer(access) });

const hashOf = async (id: number) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

describe('POST /api/account/password/', () => {
  it('refuses a wrong current password with a readable 400, and changes nothing', async () => {
    const { shopper, tokens, headers } = await signedInShopper(t.app);
    const other = await loginShopper(t.app, shopper);
    const hash = await hashOf(shopper.id);
    const res = await change(headers, {
      current_password: 'not-my-password',
      password1: 'new-secret',
      password2: 'new-secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: ACCOUNT_MESSAGES.wrongCurrentPassword,
      fields: { current_password: ACCOUNT_MESSAGES.wrongCurrentPassword },
    });
    expect(await hashOf(shopper.id)).toBe(hash);
    expect((await login(shopper.username, shopper.password)).statusCode).toBe(200);
    expect((await login(shopper.username, 'new-secret')).statusCode).toBe(401);
    // Both sessions carry on.
    expect((await readName(tokens.access)).statusCode).toBe(200);
    expect((await readName(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('checks the new password with the registration’s rules and texts (SPEC §5)', async () => {
    const { shopper, headers } = await signedInShopper(t.app);
    const hash = await hashOf(shopper.id);
    const current = shopper.password;
    const mismatch = await change(headers, {
      current_password: current,
      password1: 'new-secret',
      password2: 'new-secreT',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      error: MESSAGES.passwordsDoNotMatchRegister,
      fields: { password2: MESSAGES.passwordsDoNotMatchRegister },
    });
    const blank = await change(headers, {
      current_password: current,
      password1: '',
      password2: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toMatchObject({ password1: 'New password is required.' });
    const noCurrent = await change(headers, { password1: 'a', password2: 'a' });
    expect(noCurrent.json().fields).toMatchObject({
      current_password: 'Current password is required.',
    });
    const tooLong = await change(headers, {
      current_password: current,
      password1: 'x'.repeat(1025),
      password2: 'x'.repeat(1025),
    });
    expect(tooLong.json().error).toBe('Password is too long.');
    for (const body of [null, [], 'text', { current_password: 1, password1: 2, password2: 2 }]) {
      const res = await change(headers, body);
      // A bare string goes as text/plain: 415, as on every JSON route.
      expect([400, 415]).toContain(res.statusCode);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await hashOf(shopper.id)).toBe(hash);
  });

  it('needs a session', async () => {
    const res = await change({}, { current_password: 'a', password1: 'b', password2: 'b' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.credentialsNotProvided });
  });

  it('changes it: the new one works, the old one not; the other session ends, this one stays', async () => {
    const { shopper, tokens: here } = await signedInShopper(t.app);
    // The same account signed in on another device.
    const there = await loginShopper(t.app, shopper);
    const bystander = await signedInShopper(t.app);
    expect((await readName(there.access)).statusCode).toBe(200);

    const res = await change(bearer(here.access), {
      current_password: shopper.password,
      password1: 'a brand new secret',
      password2: 'a brand new secret',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      message: ACCOUNT_MESSAGES.passwordChanged,
      access: expect.any(String),
      refresh: expect.any(String),
    });

    // The new password logs in; the old one does not.
    expect((await login(shopper.username, 'a brand new secret')).statusCode).toBe(200);
    const old = await login(shopper.username, shopper.password);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: MESSAGES.loginIncorrect });

    // The other session: its access token is refused at once, and it cannot refresh.
    const thereRead = await readName(there.access);
    expect(thereRead.statusCode).toBe(401);
    expect(thereRead.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
    const thereRefresh = await refresh(there.refresh);
    expect(thereRefresh.statusCode).toBe(401);
    expect(thereRefresh.json()).toEqual({ error: ACCOUNT_MESSAGES.invalidRefreshToken });

    // This session goes on with the pair it was given (its tokens from before ended with the
    // old password: the web app keeps the new pair).
    expect((await readName(answer.access)).statusCode).toBe(200);
    expect((await readName(here.access)).statusCode).toBe(401);
    expect((await refresh(here.refresh)).statusCode).toBe(401);
    const rotated = await refresh(answer.refresh);
    expect(rotated.statusCode).toBe(200);
    expect((await readName(rotated.json().access)).statusCode).toBe(200);

    // Another account is untouched.
    expect((await readName(bystander.tokens.access)).statusCode).toBe(200);
    expect((await refresh(bystander.tokens.refresh)).statusCode).toBe(200);
  });

  it('lets only one of two changes with the same current password through', async () => {
    const { shopper, tokens } = await signedInShopper(t.app);
    const [a, b] = await Promise.all(
      ['first new one', 'second new one'].map((next) =>
        change(bearer(tokens.access), {
          current_password: shopper.password,
          password1: next,
          password2: next,
        }),
      ),
    );
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes[0]).toBe(200);
    // The other is refused: its current password is no longer it (or, had it started after
    // the first was done, its session had ended).
    expect([400, 401]).toContain(codes[1]);
    const winner = a!.statusCode === 200 ? 'first new one' : 'second new one';
    expect((await login(shopper.username, winner)).statusCode).toBe(200);
  });
});
