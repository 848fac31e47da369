import { ACCOUNT_MESSAGES, MESSAGES } from '@leafline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { loginShopper, registerShopper, type TestShopper } from '../../../test/helpers/auth';
import { refreshTokens, users } from '../../db/schema/index';
import { createBackgroundTasks } from '../../lib/background-tasks';
import { requestPasswordReset } from './auth.service';
import { encodeUid, makeResetToken } from './reset-token';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.leafline.test' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Asks for a reset; its e-mail (a mail job sent after the answer) has been sent on return. */
const requestReset = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/password-reset/',
    payload: { email },
  });
  await t.app.deps.tasks.idle();
  return res;
};
const confirm = (uid: string, token: string, password: string, password2 = password) =>
  t.app.inject({
    method: 'POST',
    url: `/auth/password-reset-confirm/${uid}/${token}/`,
    payload: { password, password2 },
  });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/token/', payload: { username, password } });

/** Asks for a reset and returns the uid and token of the link in the e-mail it produced. */
async function linkFor(shopper: TestShopper): Promise<{ uid: string; token: string }> {
  const before = t.mail.length;
  expect((await requestReset(shopper.email)).statusCode).toBe(200);
  expect(t.mail).toHaveLength(before + 1);
  const mail = t.mail.at(-1)!;
  const link = /https:\/\/shop\.leafline\.test\/password-reset-confirm\/(\S+)\/(\S+)/.exec(
    mail.text,
  );
  expect(link).not.toBeNull();
  return { uid: link![1]!, token: link![2]! };
}

async function passwordHashOf(id: number): Promise<string> {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!.passwordHash;
}

describe('POST /auth/password-reset/', () => {
  it('e-mails a link to the web page, in HTML and plain text, in the brand palette', async () => {
    const ada = await registerShopper(t.app, { email: 'ada.reset@example.com' });
    const res = await requestReset('ADA.RESET@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'If an account exists for that e-mail, a reset link is on its way.',
    });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe('ada.reset@example.com');
    expect(mail.subject).toBe('Reset your Leafline password');
    const uid = encodeUid(ada.id);
    const link = new RegExp(
      `https://shop\\.leafline\\.test/password-reset-confirm/${uid}/[0-9a-z]+-[A-Za-z0-9_-]{43}`,
    );
    expect(mail.text).toMatch(link);
    expect(mail.text).toContain('Hi Fern,');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.html).toMatch(link);
    expect(mail.html).toContain('href="https://shop.leafline.test/password-reset-confirm/');
    expect(mail.html).toContain('#1f3d2b');
    expect(mail.html).toContain('#e9dfcc');
    expect(mail.html).toContain('#c0714f');
    expect(mail.html).toContain('Leafline');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.mail.length;
    const res = await requestReset('nobody-at-all@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetEmailSent });
    expect(t.mail).toHaveLength(before);
  });

  it('sends nothing to a deactivated account but answers the same', async () => {
    const off = await registerShopper(t.app);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, off.id));
    const before = t.mail.length;
    const res = await requestReset(off.email);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetEmailSent });
    expect(t.mail).toHaveLength(before);
  });

  it('escapes the name in the HTML part', async () => {
    const evil = await registerShopper(t.app);
    await t.db
      .update(users)
      .set({ firstName: '<script>alert(1)</script>' })
      .where(eq(users.id, evil.id));
    await requestReset(evil.email);
    const mail = t.mail.at(-1)!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('requires a valid e-mail', async () => {
    const empty = await requestReset('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('E-mail is required.');
    const bad = await requestReset('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Enter a valid e-mail address.');
  });
});

describe('requestPasswordReset (service)', () => {
  const fakeLog = () => {
    const info: unknown[][] = [];
    const error: unknown[][] = [];
    const log = {
      info: (...args: unknown[]) => info.push(args),
      error: (...args: unknown[]) => error.push(args),
      warn: () => {},
    };
    return { info, error, log: log as never };
  };

  it('logs the link at info level when mail goes to the outbox, not over SMTP', async () => {
    const ivy = await registerShopper(t.app);
    for (const kind of ['outbox', 'smtp'] as const) {
      const sent: string[] = [];
      const mailer = { kind };
      // The e-mail goes out as a mail job (mail-jobs.ts): what is queued is what is sent.
      const jobs = {
        send: async (_db: unknown, _queue: unknown, data: unknown) => {
          sent.push((data as { message: { text: string } }).message.text);
          return 'job';
        },
        wake: () => {},
      };
      const { info, log } = fakeLog();
      const tasks = createBackgroundTasks(log);
      await requestPasswordReset(
        { db: t.db, config: t.config, mailer, jobs, log, tasks },
        ivy.email,
      );
      await tasks.idle();
      expect(sent).toHaveLength(1);
      const logged = info.find(([obj]) => (obj as { resetLink?: string }).resetLink);
      if (kind === 'outbox') {
        const link = (logged![0] as { resetLink: string }).resetLink;
        expect(link).toMatch(/^https:\/\/shop\.leafline\.test\/password-reset-confirm\//);
        expect(sent[0]).toContain(link);
      } else {
        expect(logged).toBeUndefined();
      }
    }
  });
});

describe('POST /auth/password-reset-confirm/{uid}/{token}/', () => {
  it('sets the new password once, ends every session, and the link then dies', async () => {
    const bea = await registerShopper(t.app, { password: 'old-password' });
    const session = await loginShopper(t.app, bea);
    const { uid, token } = await linkFor(bea);

    const res = await confirm(uid, token, 'new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset.' });

    expect((await login(bea.username, 'new-password')).statusCode).toBe(200);
    const old = await login(bea.username, 'old-password');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: MESSAGES.loginIncorrect });

    // The session from before the reset is over.
    const [row] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, bea.id))
      .orderBy(refreshTokens.id)
      .limit(1);
    expect(row!.revokedAt).toBeInstanceOf(Date);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    const again = await confirm(uid, token, 'third-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Invalid or expired token.' });
    expect((await login(bea.username, 'new-password')).statusCode).toBe(200);
  });

  it('is single use even when the same password is chosen again', async () => {
    const cy = await registerShopper(t.app, { password: 'same' });
    const { uid, token } = await linkFor(cy);
    expect((await confirm(uid, token, 'same')).statusCode).toBe(200);
    expect((await confirm(uid, token, 'same')).statusCode).toBe(400);
  });

  it('lets only one of two simultaneous uses of one link win', async () => {
    const dee = await registerShopper(t.app);
    const { uid, token } = await linkFor(dee);
    const [a, b] = await Promise.all([confirm(uid, token, 'one'), confirm(uid, token, 'two')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('says the passwords do not match in the words of §5, and keeps the link alive', async () => {
    const eve = await registerShopper(t.app);
    const { uid, token } = await linkFor(eve);
    const res = await confirm(uid, token, 'abc', 'abd');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Passwords do not match.',
      fields: { password2: 'Passwords do not match.' },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: `/auth/password-reset-confirm/${uid}/${token}/`,
      payload: { password: 'abc' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Confirm password is required.');
    expect((await confirm(uid, token, 'abc')).statusCode).toBe(200);
  });

  it('refuses a link older than one hour (crafted timestamp)', async () => {
    const fay = await registerShopper(t.app);
    const hash = await passwordHashOf(fay.id);
    const now = Math.floor(Date.now() / 1000);
    const secret = t.config.tokenSecret;
    const uid = encodeUid(fay.id);
    const stale = makeResetToken(fay.id, hash, secret, now - 3601);
    const res = await confirm(uid, stale, 'pw');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.invalidOrExpiredToken });
    // Just inside the hour it still works: the crafted token is built like the real one.
    const fresh = makeResetToken(fay.id, hash, secret, now - 3500);
    expect((await confirm(uid, fresh, 'pw')).statusCode).toBe(200);
  });

  it('refuses the e-mailed link once the clock has passed the hour', async () => {
    const gus = await registerShopper(t.app);
    const { uid, token } = await linkFor(gus);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const res = await confirm(uid, token, 'late');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.invalidOrExpiredToken });
    vi.setSystemTime(Date.now() - 2 * 60 * 1000);
    expect((await confirm(uid, token, 'in-time')).statusCode).toBe(200);
  });

  it('refuses bad uids and tokens with the §8 text, never a 5xx', async () => {
    const hal = await registerShopper(t.app);
    const other = await registerShopper(t.app);
    const { uid, token } = await linkFor(hal);
    const cases: [string, string][] = [
      [encodeUid(other.id), token], // someone else's uid
      [encodeUid(999_999), token], // no such user
      ['!!!', token], // not base64url
      [Buffer.from('abc').toString('base64url'), token], // not a number
      [Buffer.from('0').toString('base64url'), token],
      [Buffer.from('99999999999999').toString('base64url'), token], // out of range
      ['x'.repeat(80), token], // too long
      [uid, 'garbage'],
      [uid, `${token}x`],
      // one character of the signature changed (to a different one, whatever it was)
      [uid, token.replace(/-(.)/, (_m, c: string) => (c === 'A' ? '-B' : '-A'))],
      [uid, 'y'.repeat(300)],
      [uid, '%00'],
      [uid, 'zzzzzzzzzzzz-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ];
    for (const [u, tk] of cases) {
      const res = await confirm(u, tk, 'pw');
      expect(res.statusCode, `${u} / ${tk}`).toBe(400);
      expect(res.json().error, `${u} / ${tk}`).toBe('Invalid or expired token.');
    }
    // A broken percent-encoding never reaches the route; the router answers 400 itself.
    expect((await confirm(uid, '%ff', 'pw')).statusCode).toBe(400);
    // The good link is unharmed by all of that.
    expect((await confirm(uid, token, 'pw')).statusCode).toBe(200);
  });

  it('does not exist without the trailing slash or with a missing part', async () => {
    const a = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset-confirm/MQ/abc',
      payload: { password: 'a', password2: 'a' },
    });
    expect(a.statusCode).toBe(404);
    const b = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset-confirm/MQ/',
      payload: { password: 'a', password2: 'a' },
    });
    expect(b.statusCode).toBe(404);
  });
});
