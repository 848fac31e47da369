import { ACCOUNT_MESSAGES } from '@leafline/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { bearer, loginShopper, registerShopper } from '../../../test/helpers/auth';
import { users } from '../../db/schema/index';
import { resetLink } from './auth.service';

/**
 * The guard remembers active accounts for SESSION_CACHE_SECONDS, yet a deleted or deactivated
 * account's token stops working at once, and so does an access token issued before a logout
 * or a password reset: here by the call itself, elsewhere by the database's announcement
 * (migrations 0007, 0008), which is what another app instance hears.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SESSION_CACHE_SECONDS: '30' });
  // Nothing is remembered until the subscription listens: wait until a token's use is.
  const probe = await registerShopper(t.app);
  const { access } = await loginShopper(t.app, probe);
  await vi.waitFor(
    async () => {
      expect((await whoami(access)).statusCode).toBe(200);
      expect(t.app.deps.activeUsers.size).toBeGreaterThan(0);
    },
    { timeout: 10_000 },
  );
});
afterAll(async () => {
  await t.close();
});

const whoami = (access: string) =>
  t.app.inject({ method: 'GET', url: '/update-name/', headers: bearer(access) });

describe('the session guard', () => {
  it('remembers an account it found active', async () => {
    const shopper = await registerShopper(t.app);
    const { access } = await loginShopper(t.app, shopper);
    const before = t.app.deps.activeUsers.size;
    expect((await whoami(access)).statusCode).toBe(200);
    expect(t.app.deps.activeUsers.size).toBe(before + 1);
    expect((await whoami(access)).statusCode).toBe(200);
  });

  it("refuses a deleted account's token at once, though it was remembered", async () => {
    const shopper = await registerShopper(t.app);
    const { access } = await loginShopper(t.app, shopper);
    expect((await whoami(access)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/delete-account/',
      headers: bearer(access),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const res = await whoami(access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
  });

  it('hears of an account deactivated or deleted in the database by anyone else', async () => {
    const off = await registerShopper(t.app);
    const gone = await registerShopper(t.app);
    const offTokens = await loginShopper(t.app, off);
    const goneTokens = await loginShopper(t.app, gone);
    expect((await whoami(offTokens.access)).statusCode).toBe(200);
    expect((await whoami(goneTokens.access)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, off.id));
    await t.db.delete(users).where(eq(users.id, gone.id));
    await vi.waitFor(
      async () => {
        expect((await whoami(offTokens.access)).statusCode).toBe(401);
        expect((await whoami(goneTokens.access)).statusCode).toBe(401);
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('refuses an access token at once after its session logs out, though it was remembered', async () => {
    const shopper = await registerShopper(t.app);
    const { access, refresh } = await loginShopper(t.app, shopper);
    expect((await whoami(access)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/logout/',
      payload: { refresh_token: refresh },
    });
    expect(out.statusCode).toBe(200);
    const res = await whoami(access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
    // Logging in again gives a working token.
    expect((await whoami((await loginShopper(t.app, shopper)).access)).statusCode).toBe(200);
  });

  it('refuses access tokens issued before a password reset at once', async () => {
    const shopper = await registerShopper(t.app);
    const { access } = await loginShopper(t.app, shopper);
    expect((await whoami(access)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    const [uid, token] = resetLink(t.config, row!).split('/').slice(-2);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/auth/password-reset-confirm/${uid}/${token}/`,
      payload: { password: 'brand-new', password2: 'brand-new' },
    });
    expect(reset.statusCode).toBe(200);
    const res = await whoami(access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.tokenNotValid });
    const fresh = await loginShopper(t.app, { ...shopper, password: 'brand-new' });
    expect((await whoami(fresh.access)).statusCode).toBe(200);
  });

  it("hears of a user's tokens ended by another instance (a raised token version)", async () => {
    const shopper = await registerShopper(t.app);
    const { access } = await loginShopper(t.app, shopper);
    expect((await whoami(access)).statusCode).toBe(200);
    expect((await whoami(access)).statusCode).toBe(200);
    // What another instance's logout writes; only the announcement tells this one.
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, shopper.id));
    await vi.waitFor(
      async () => {
        expect((await whoami(access)).statusCode).toBe(401);
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});
