import { ACCOUNT_MESSAGES } from '@leafline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { loginShopper, registerShopper } from '../../../test/helpers/auth';
import { makeJobsDue } from '../../../test/helpers/jobs';
import type { MailMessage } from '../../adapters/mail/mailer';
import { MAIL_QUEUE } from '../mail';

/**
 * The welcome e-mail of a new account (issue "Account basics", point 3): once, through the mail
 * job queue, with the shop's name and a link to the shop; registration neither waits for it
 * nor fails with it.
 */

let t: TestApp;
/** What reached the mail server. */
const sent: MailMessage[] = [];
/** The mail server is away while this is true: every send fails. */
let mailDown = false;

beforeAll(async () => {
  t = await buildTestApp(
    { WELCOME_EMAIL: 'true', PUBLIC_URL: 'https://shop.leafline.test' },
    {
      mailer: {
        kind: 'smtp',
        async send(message) {
          if (mailDown) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
          sent.push(message);
        },
        async close() {},
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const welcomesTo = (email: string) =>
  sent.filter((m) => m.to === email && m.subject === 'Welcome to Leafline');

describe('the welcome e-mail', () => {
  it('is sent once to a new account, with the shop’s name and a link to the shop', async () => {
    const fern = await registerShopper(t.app, { email: 'fern.welcome@example.com' });
    await t.app.deps.tasks.idle();
    const [mail, ...more] = welcomesTo(fern.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hi Fern,');
    expect(mail!.text).toContain('Welcome to Leafline');
    expect(mail!.text).toContain('https://shop.leafline.test/shop');
    expect(mail!.html).toContain('href="https://shop.leafline.test/shop"');
    expect(mail!.html).toContain('Welcome to Leafline');
    // Settling again, logging in, changing nothing: still the one.
    await loginShopper(t.app, fern);
    await makeJobsDue(t.db);
    await t.app.deps.tasks.idle();
    expect(welcomesTo(fern.email)).toHaveLength(1);
  });

  it('is not sent for a registration that makes no account', async () => {
    const taken = await registerShopper(t.app, { email: 'taken.welcome@example.com' });
    await t.app.deps.tasks.idle();
    const before = sent.length;
    // The same e-mail again: answered as a new account, its owner told, no welcome.
    const again = await t.app.inject({
      method: 'POST',
      url: '/register/',
      payload: {
        fname: 'Other',
        lname: 'Person',
        username: 'someone_else_welcome',
        email: taken.email,
        password1: 'x',
        password2: 'x',
      },
    });
    expect(again.statusCode).toBe(201);
    // A taken username: refused, nothing sent.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/register/',
      payload: {
        fname: 'Other',
        lname: 'Person',
        username: taken.username,
        email: 'fresh.welcome@example.com',
        password1: 'x',
        password2: 'x',
      },
    });
    expect(refused.statusCode).toBe(400);
    await t.app.deps.tasks.idle();
    const since = sent.slice(before);
    expect(since.map((m) => m.subject)).toEqual([
      'Someone tried to register with your e-mail at Leafline',
    ]);
    expect(welcomesTo('fresh.welcome@example.com')).toEqual([]);
  });

  it('does not hold registration up while the mail server is away, and arrives once it is back', async () => {
    mailDown = true;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/register/',
        payload: {
          fname: 'Wren',
          lname: 'Moss',
          username: 'wren_welcome',
          email: 'wren.welcome@example.com',
          password1: 'pw',
          password2: 'pw',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.registered);
      await t.app.deps.tasks.idle();
      // The account works; the e-mail waits for its retry.
      await loginShopper(t.app, { username: 'wren_welcome', password: 'pw' });
      expect(welcomesTo('wren.welcome@example.com')).toEqual([]);
      const retrying = await t.app.deps.jobs.list(MAIL_QUEUE, 'retry');
      expect(retrying.map((j) => (j.data as { message: MailMessage }).message.to)).toContain(
        'wren.welcome@example.com',
      );
    } finally {
      mailDown = false;
    }
    await makeJobsDue(t.db, MAIL_QUEUE.name);
    await t.app.deps.tasks.idle();
    expect(welcomesTo('wren.welcome@example.com')).toHaveLength(1);
    await makeJobsDue(t.db, MAIL_QUEUE.name);
    await t.app.deps.tasks.idle();
    expect(welcomesTo('wren.welcome@example.com')).toHaveLength(1);
  });
});
