import { MESSAGES, NEWSLETTER_MESSAGES } from '@leafline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, failingMailer, type TestApp } from '../../../test/helpers/app';
import { mimeParts, type SmtpPeer, startSmtpPeer } from '../../../test/helpers/smtp-peer';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';
import { BODY_LIMIT_BYTES } from '../../app';
import { newsletterSubscriptions } from '../../db/schema/index';

/**
 * The newsletter signup (SPEC §4 Newsletter, §5, §7 `api/subscribe/`, §8): stored once per
 * address, a welcome e-mail through a real SMTP conversation (DESIGN §3), and every refusal
 * a 400 `{success: false, message}`, never a 5xx.
 */

const PUBLIC_URL = 'https://leafline.example';
const url = '/api/subscribe/';
let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const from = 'Leafline <hello@leafline.test>';
  t = await buildTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: from, PUBLIC_URL },
    { mailer: createSmtpMailer(smtp.url, from) },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function rowsFor(email: string) {
  return t.db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`);
}

async function allRows() {
  return t.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
}

/**
 * Every mail sent so far has reached the peer: e-mails are background tasks, and a send ends
 * only once the peer has taken the message, so an idle runner means nothing more will come.
 */
const mailSettled = () => t.app.deps.tasks.idle();

describe('POST api/subscribe/', () => {
  it('subscribes an address, stores it and sends one welcome e-mail', async () => {
    const res = await post({ email: '  Maya.Rivera@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thank you for subscribing!' });
    expect(await rowsFor('maya.rivera@example.com')).toEqual([
      { email: 'Maya.Rivera@Example.com' },
    ]);

    await mailSettled();
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    // The mail program lower-cases the domain of the envelope address.
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['maya.rivera@example.com']);
    expect(mail.raw).toContain('Subject: Welcome to the Leafline newsletter');
    const parts = mimeParts(mail.raw);
    expect(Object.keys(parts).sort()).toEqual(['text/html', 'text/plain']);
    expect(parts['text/plain']).toContain('Thank you for subscribing!');
    expect(parts['text/plain']).toContain(`Browse the shop: ${PUBLIC_URL}/shop`);
    expect(parts['text/html']).toContain(`<a href="${PUBLIC_URL}/shop"`);
    expect(parts['text/html']).toContain(`href="${PUBLIC_URL}/quiz"`);
  });

  it('answers a repeat (in any case) with success, without a second row or e-mail', async () => {
    const res = await post({ email: 'MAYA.RIVERA@example.COM' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thank you for subscribing!' });
    expect(await rowsFor('maya.rivera@example.com')).toHaveLength(1);

    // A new address afterwards: its e-mail is the only other one to arrive.
    expect((await post({ email: 'theo@example.org' })).statusCode).toBe(200);
    await mailSettled();
    expect(smtp.inbox.map((m) => m.to.map((a) => a.toLowerCase()))).toEqual([
      ['maya.rivera@example.com'],
      ['theo@example.org'],
    ]);
  });

  it('stores an address once when two signups race', async () => {
    const results = await Promise.all([
      post({ email: 'race@example.net' }),
      post({ email: 'Race@Example.net' }),
      post({ email: 'RACE@EXAMPLE.NET' }),
    ]);
    for (const res of results) expect(res.json()).toMatchObject({ success: true });
    expect(await rowsFor('race@example.net')).toHaveLength(1);
    await mailSettled();
    expect(smtp.inbox.filter((m) => m.to[0]?.toLowerCase() === 'race@example.net')).toHaveLength(1);
  });

  it.each([
    ['no e-mail field', {}, NEWSLETTER_MESSAGES.emailRequired],
    ['an empty e-mail', { email: '' }, NEWSLETTER_MESSAGES.emailRequired],
    ['only spaces', { email: '   ' }, NEWSLETTER_MESSAGES.emailRequired],
    ['a number', { email: 42 }, NEWSLETTER_MESSAGES.emailRequired],
    ['null', { email: null }, NEWSLETTER_MESSAGES.emailRequired],
    ['a list body', ['maya@example.com'], NEWSLETTER_MESSAGES.emailRequired],
    ['a string body', '"maya@example.com"', NEWSLETTER_MESSAGES.emailRequired],
    ['malformed JSON', '{"email": "maya@', NEWSLETTER_MESSAGES.emailRequired],
    ['no @', { email: 'maya.example.com' }, NEWSLETTER_MESSAGES.emailInvalid],
    ['no domain', { email: 'maya@' }, NEWSLETTER_MESSAGES.emailInvalid],
    ['spaces inside', { email: 'maya rivera@example.com' }, NEWSLETTER_MESSAGES.emailInvalid],
    [
      'an over-long address',
      { email: `${'a'.repeat(250)}@example.com` },
      NEWSLETTER_MESSAGES.emailInvalid,
    ],
  ])('refuses %s with 400 and the message, storing nothing', async (_name, payload, message) => {
    const before = (await allRows()).length;
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, error: message });
    expect((await allRows()).length).toBe(before);
  });

  it('refuses an empty body and a form post with 4xx, never 5xx', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      message: NEWSLETTER_MESSAGES.emailRequired,
    });

    const form = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=maya%40example.com',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({
      success: false,
      message: 'This content type is not accepted here.',
      error: 'This content type is not accepted here.',
    });
  });

  it('refuses a huge body with 413 in the signup shape', async () => {
    const res = await post({ email: `${'x'.repeat(BODY_LIMIT_BYTES)}@example.com` });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: 'The request body is too large.',
      error: 'The request body is too large.',
    });
  });
});

describe('POST api/subscribe/ rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 after a few signups a minute from one address', async () => {
    const send = (email: string) => limited.app.inject({ method: 'POST', url, payload: { email } });
    expect((await send('one@example.com')).statusCode).toBe(200);
    expect((await send('two@example.com')).statusCode).toBe(200);
    const third = await send('three@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      success: false,
      message: MESSAGES.tooManyRequests,
      error: MESSAGES.tooManyRequests,
    });
    const rows = await limited.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions);
    expect(rows.map((r) => r.email).sort()).toEqual(['one@example.com', 'two@example.com']);
    await limited.app.deps.tasks.idle();
    expect(limited.mail.map((m) => m.to)).toEqual(['one@example.com', 'two@example.com']);
  });
});

describe('POST api/subscribe/ when the mail server fails', () => {
  let failing: TestApp;
  const attempts: string[] = [];
  beforeAll(async () => {
    failing = await buildTestApp({}, { mailer: failingMailer(attempts) });
  });
  afterAll(async () => {
    await failing?.close();
  });

  it('keeps the subscription and answers success; the failed welcome e-mail is only logged', async () => {
    const res = await failing.app.inject({
      method: 'POST',
      url,
      payload: { email: 'offline@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: NEWSLETTER_MESSAGES.subscribed });
    await failing.app.deps.tasks.idle();
    expect(attempts).toEqual(['offline@example.com']);
    const rows = await failing.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions);
    expect(rows).toEqual([{ email: 'offline@example.com' }]);
  });
});
