import { ACCOUNT_MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { bearer, loginShopper, registerShopper } from '../../../test/helpers/auth';
import { users } from '../../db/schema/index';

/**
 * The guard remembers active accounts for SESSION_CACHE_SECONDS, yet a deleted or deactivated
 * account's token stops working at once: here by deletion, elsewhere by the database's
 * announcement (migration 0007), which is what another app instance hears.
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
});
