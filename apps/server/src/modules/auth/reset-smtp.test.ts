import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createSmtpMailer } from '../../adapters/mail/create-mailer';
import { encodeUid } from './reset-token';
import { registerShopper } from './test-support';

/** The reset e-mail through a real SMTP conversation (DESIGN §3: a real SMTP peer). */

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const inbox: Received[] = [];
const waiters: ((message: Received) => void)[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message: Received = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        inbox.push(message);
        waiters.shift()?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  const from = 'Leafline <hello@leafline.test>';
  t = await buildTestApp(
    { SMTP_URL: smtpUrl, MAIL_FROM: from, PUBLIC_URL: 'https://leafline.example' },
    { mailer: createSmtpMailer(smtpUrl, from) },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const nextMessage = () =>
  new Promise<Received>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message arrived')), 10_000);
    waiters.push((m) => {
      clearTimeout(timer);
      resolve(m);
    });
  });

/** The decoded bodies of a multipart message, by content type. */
function mimeParts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts: Record<string, string> = {};
  for (const section of raw.split(`--${boundary}`).slice(1)) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    const body = section.slice(split).trim();
    const type = /content-type:\s*([^;\r\n]+)/i.exec(headers)?.[1]?.trim().toLowerCase();
    if (!type) continue;
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8')
          : body;
  }
  return parts;
}

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
    const before = inbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/password-reset/',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox).toHaveLength(before);
  });
});
