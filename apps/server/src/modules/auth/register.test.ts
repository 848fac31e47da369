import { ACCOUNT_MESSAGES } from '@leafline/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  fname: 'Ada',
  lname: 'Green',
  username: 'ada',
  email: 'Ada@Example.com',
  password1: 'x',
  password2: 'x',
};

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/register/', payload });

describe('POST /register/', () => {
  it('creates the account and answers 201 with the user', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: ACCOUNT_MESSAGES.registered,
      user: { username: 'ada', email: 'Ada@Example.com' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'ada'));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Green', isActive: true });
    // Stored as a scrypt hash, never the password (SPEC §5: no length rules, 'x' is fine).
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('x$x');
  });

  it('refuses a taken username in any case', async () => {
    const res = await post({ ...valid, username: 'ADA', email: 'other@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'A user with that username already exists.',
      fields: { username: 'A user with that username already exists.' },
    });
  });

  it('answers a taken e-mail (any case) as a new registration: no account made, its owner told by e-mail', async () => {
    const usersBefore = await t.db.select().from(users);
    const mailBefore = t.mail.length;
    const res = await post({ ...valid, username: 'ada2', email: 'ada@EXAMPLE.com' });
    await t.app.deps.tasks.idle();
    // The very answer a new account gets (what the register page redirects to /login on).
    const fresh = await post({ ...valid, username: 'ada3', email: 'ada3@example.com' });
    expect(res.statusCode).toBe(fresh.statusCode);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: ACCOUNT_MESSAGES.registered,
      user: { username: 'ada2', email: 'ada@EXAMPLE.com' },
    });
    expect(Object.keys(res.json().user)).toEqual(Object.keys(fresh.json().user));
    // No account for ada2; ada's own is as it was.
    const after = await t.db.select().from(users);
    expect(after.filter((u) => u.username === 'ada2')).toEqual([]);
    expect(after.find((u) => u.username === 'ada')).toEqual(
      usersBefore.find((u) => u.username === 'ada'),
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: 'ada2', password: 'x' },
    });
    expect(login.statusCode).toBe(401);
    // One e-mail, to the address's owner, with a way to log in and a password-reset link.
    const mails = t.mail.slice(mailBefore);
    expect(mails.map((m) => m.to)).toEqual(['Ada@Example.com']);
    expect(mails[0]!.subject).toMatch(/tried to register/);
    expect(mails[0]!.text).toContain('no new account was made');
    expect(mails[0]!.text).toMatch(/\/login\b/);
    expect(mails[0]!.text).toMatch(/\/password-reset-confirm\/\S+\/\S+/);
  });

  it('lets exactly one of several racing registrations through', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post({ ...valid, username: 'racer', email: `racer${i}@example.com` }),
      ),
    );
    const codes = attempts.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of attempts.filter((a) => a.statusCode === 400)) {
      expect(r.json().error).toBe('A user with that username already exists.');
    }

    const sameEmail = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post({ ...valid, username: `mail_racer${i}`, email: 'Same@Example.com' }),
      ),
    );
    // Every one is answered as a new account; one account is made.
    expect(sameEmail.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const made = await t.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'same@example.com'));
    expect(made).toHaveLength(1);
  });

  it("says the passwords don't match in the words of §5", async () => {
    const res = await post({ ...valid, username: 'bea', email: 'bea@example.com', password2: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Passwords do not match!',
      fields: { password2: 'Passwords do not match!' },
    });
  });

  it('requires every field and checks the e-mail', async () => {
    const missing = await post({ ...valid, fname: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('First name is required.');

    const noEmail = await post({ ...valid, email: undefined });
    expect(noEmail.json().error).toBe('E-mail is required.');

    const badEmail = await post({ ...valid, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toBe('Enter a valid e-mail address.');
  });

  it('answers wrong types, huge strings and odd bodies with a readable 400', async () => {
    const cases: unknown[] = [
      { ...valid, username: 12 },
      { ...valid, fname: 'f'.repeat(10_000) },
      { ...valid, password1: ['a'], password2: ['a'] },
      { ...valid, username: 'has space' },
      [],
      null,
    ];
    for (const payload of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/register/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().error.length).toBeGreaterThan(3);
    }
    for (const payload of [[], [1, 2]]) {
      const res = await post(payload);
      expect(res.json().error).toBe('The request body must be a JSON object.');
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/register/',
      headers: { 'content-type': 'text/plain' },
      payload: 'just a string',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('The request body must be a JSON object.');
    const empty = await t.app.inject({ method: 'POST', url: '/register/' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('The request body must be a JSON object.');
  });

  it('is served only at the path with the trailing slash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/register', payload: valid });
    expect(res.statusCode).toBe(404);
  });
});
