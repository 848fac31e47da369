import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Mailer, MailMessage } from './mailer';

interface Log {
  info(obj: object, msg?: string): void;
}

/**
 * SMTP with nodemailer when SMTP_URL is set: a pool of kept-open connections (up to
 * SMTP_CONNECTIONS), so the mail workers do not open one per message — under `npm run load` a
 * connection per message held the queue behind the orders. A pool connection the server drops
 * is opened again for the next message; settings in the URL's query win.
 */
export const SMTP_CONNECTIONS = 5;

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The zero-setup default: each message is built as a real MIME message and written to
 * `outbox/` as an .eml file that any mail program opens.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: Log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${crypto.randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
    async close() {},
  };
}

export function createMailer(config: Config, log: Log): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
