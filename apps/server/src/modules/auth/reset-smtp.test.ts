import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { registerShopper } from '../../../test/helpers/auth';
import { mimeParts, type SmtpPeer, startSmtpPeer } from '../../../test/helpers/smtp-peer';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';
import { encodeUid } from './reset-token';

/** The reset e-mail through a real SMTP conversation (DESIGN §3: a real SMTP peer). */

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const from = 'Leafline <hello@leafline.test>';
  t = await buildTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: from, PUBLIC_URL: 'https://leafline.example' },
    { mailer: createSmtpMailer(smtp.url, from) },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const nextMessage = () => smtp.nextMessage();

describe('password reset e-mail over SMTP', () => {
  it('arrives at the SMTP peer with the link in a text and an HTML part, and the link works', async () => {
    const ada = await registerShopper(t.app, { email: 'ada.smtp@example.com', password: 'before' });
    const arrival = nextMessage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/',
      payload: { email: 'ada.smtp@example.com' },
    });
    expect(res.statusCode).toBe(200);
    // The e-mail is a mail job: it is sent when the test settles the background work.
    await t.app.deps.tasks.idle();
    const message = await arrival;

    expect(message.to).toEqual(['ada.smtp@example.com']);
    expect(message.from).toBe('hello@leafline.test');
    expect(message.raw).toMatch(/^Subject: Reset your Leafline password\r?$/m);
    expect(message.raw).toMatch(/multipart\/alternative/i);

    const parts = mimeParts(message.raw);
    expect(Object.keys(parts).sort()).toEqual(['text/html', 'text/plain']);
    const linkPattern = new RegExp(
      `https://leafline\\.example/password-reset-confirm/${encodeUid(ada.id)}/([0-9a-z]+-[A-Za-z0-9_-]{43})`,
    );
    const textLink = linkPattern.exec(parts['text/plain']!);
    const htmlLink = linkPattern.exec(parts['text/html']!);
    expect(textLink).not.toBeNull();
    expect(htmlLink?.[0]).toBe(textLink?.[0]);
    expect(parts['text/html']).toContain(
      '<a href="https://leafline.example/password-reset-confirm/',
    );

    const token = textLink![1]!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/auth/password-reset-confirm/${encodeUid(ada.id)}/${token}/`,
      payload: { password: 'after', password2: 'after' },
    });
    expect(confirm.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/token/',
      payload: { username: ada.username, password: 'after' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sends nothing for an unknown e-mail', async () => {
    const before = smtp.inbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(200);
    // E-mails are background tasks, and a send ends only once the peer has the message: when
    // the runner is idle, anything this request sent has arrived.
    await t.app.deps.tasks.idle();
    expect(smtp.inbox).toHaveLength(before);
  });
});
